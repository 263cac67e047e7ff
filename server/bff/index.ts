import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import type { Logger } from 'pino';
import { type BffApp, createApp, type Frontend } from './app.ts';
import { trustedProxies } from './client-address.ts';
import type { BffConfig } from './config.ts';
import { type BffErrorKind, rawErrorAnswer } from './errors.ts';
import { startMetricsServer } from './metrics-route.ts';
import { SOCKET_ANSWER_HEADERS } from './socket-answer.ts';

/**
 * From the signal, how long in-flight calls may take to finish before their connections are cut
 * (the process itself is gone within EXIT_LIMIT_MS whatever happens: exitOnSignals).
 */
const SHUTDOWN_GRACE_MS = 14_000;

/**
 * On SIGTERM (an orchestrator stopping the instance), how long the BFF keeps accepting calls while
 * its readiness answers 503, so the load balancer sees it and stops sending before the listener
 * closes: a fresh probe gets a 503, not a refused connection, and no shopper's call is refused.
 */
export const READINESS_DRAIN_MS = 2_000;

/**
 * After the signal, how long a connection whose answer had begun before it (and so said keep-alive)
 * stays open once that answer is done: time for its client's next call to arrive and be answered
 * with `Connection: close` rather than meet a closed socket.
 */
const BEGUN_ANSWER_GRACE_MS = 500;

/** How often Node checks the header and request timeouts of open connections. */
const TIMEOUT_CHECK_MS = 1_000;

export type StopOptions = {
  /** Readiness answers 503 and calls are still served (each answer closing its connection) this long first. */
  drainDelayMs?: number;
};

export type RunningBff = {
  server: Server;
  url: string;
  metricsUrl?: string;
  stop(options?: StopOptions): Promise<void>;
};

/** A client's connection, with the answer of its latest call (for the shutdown: `stop()`). */
type AnsweringSocket = Socket & { answer?: ServerResponse };

/** A request Node refused before the app saw it, answered with the envelope instead of bare bytes. */
const CLIENT_ERROR_KINDS: Record<string, BffErrorKind> = {
  HPE_HEADER_OVERFLOW: 'header_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
};

/**
 * Connections held open by clients: a cap for all callers and one per address, so one address
 * cannot take every file descriptor (a trusted proxy's connections carry many shoppers: not capped
 * per address). Slow headers and slow bodies are cut by Node's header and request timeouts.
 */
function guardConnections(server: Server, config: BffConfig, logger: Logger) {
  server.maxConnections = config.server.maxConnections;
  const perAddress = new Map<string, number>();
  const trusted = trustedProxies(config.trustProxy);
  let warnedAt = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (trusted(address)) return;
    const open = (perAddress.get(address) ?? 0) + 1;
    if (open > config.server.maxConnectionsPerIp) {
      socket.destroy();
      if (Date.now() - warnedAt > 10_000) {
        warnedAt = Date.now();
        logger.warn(
          { limit: config.server.maxConnectionsPerIp },
          'connections refused: one address over its cap',
        );
      }
      return;
    }
    perAddress.set(address, open);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
}

export async function startBff(
  config: BffConfig,
  options: { logger: Logger; frontend?: Frontend },
): Promise<RunningBff> {
  const bff: BffApp = createApp(config, options);
  const server = createServer(
    {
      headersTimeout: config.server.headersTimeoutMs,
      requestTimeout: config.server.requestTimeoutMs,
      keepAliveTimeout: config.server.keepAliveTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
      // Refused by the app instead, with the envelope (app.ts): Node's own answer is bare bytes.
      requireHostHeader: false,
      // Made with Express' prototypes from the start (app.ts `bornAsExpress`).
      ...bff.serverClasses,
    },
    bff.handler,
  );
  guardConnections(server, config, options.logger);
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    const kind = CLIENT_ERROR_KINDS[error.code ?? ''] ?? 'bad_request';
    // As Node's own handler does: never a second answer on a socket whose answer already started
    // (a GET refused for announcing a body, whose rest the parser then fails on).
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(rawErrorAnswer(kind, SOCKET_ANSWER_HEADERS));
  });
  server.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const metricsServer =
    config.metrics.port > 0
      ? await startMetricsServer(bff.metrics, config.metrics.port, config.host)
      : undefined;
  const metricsAddress = metricsServer?.address();
  const metricsUrl =
    typeof metricsAddress === 'object' && metricsAddress
      ? `http://localhost:${metricsAddress.port}/metrics`
      : undefined;

  // CONNECT (a proxy tunnel) is nothing the BFF serves; left alone, Node drops the connection
  // without an answer. Answer the envelope instead. The socket is ours now: read (and drop) what the
  // client still sends so its end is seen and the socket closes, and never let it outlive 2 s, or
  // it would hold server.close() (it is no longer one of the server's HTTP connections).
  server.on('connect', (_req, socket: Duplex) => {
    socket.on('error', () => {});
    socket.resume();
    setTimeout(() => socket.destroy(), 2_000).unref();
    socket.end(rawErrorAnswer('bad_request', SOCKET_ANSWER_HEADERS));
  });

  // Once draining, every answer not yet written closes its connection (`Connection: close`, and Node
  // ends the socket after it): a keep-alive client opens a new connection (to another replica) for
  // its next call instead of sending it on a socket the BFF is about to close, which would meet a
  // reset. That holds for calls that arrive after the signal (set ahead of the app, so even answers
  // sent synchronously, like /readyz, carry it) and for those in flight when it came (tracked here).
  // Tracked per connection, not per call (a call only notes its answer on its socket: no set and no
  // listener per call on the hot path).
  let draining = false;
  const sockets = new Set<AnsweringSocket>();
  server.on('connection', (socket: AnsweringSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.prependListener('request', (req, res: ServerResponse) => {
    if (draining) {
      res.shouldKeepAlive = false;
      return;
    }
    (req.socket as AnsweringSocket).answer = res;
  });

  let stopping: Promise<void> | undefined;
  function stop({ drainDelayMs = 0 }: StopOptions = {}): Promise<void> {
    stopping ??= (async () => {
      draining = true;
      // Answers already begun (headers sent, saying keep-alive: a streamed body) cannot say it any
      // more: their connections stay open after them a moment, so the client's next call on one is
      // answered (with Connection: close) instead of cut.
      const begun: Promise<unknown>[] = [];
      for (const socket of sockets) {
        const res = socket.answer;
        if (!res || res.writableFinished) continue;
        if (!res.headersSent) res.shouldKeepAlive = false;
        else begun.push(once(res, 'close'));
      }
      bff.drain();
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      if (drainDelayMs > 0) await sleep(drainDelayMs);
      // Closing the listener also closes the connections idle at that moment (Node's server.close()).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if (begun.length > 0) {
        await Promise.all(begun);
        await sleep(BEGUN_ANSWER_GRACE_MS);
      }
      // Every other answer since the signal closes its own connection; close what is left idle as it
      // appears, so the process exits as soon as the last in-flight call is done.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      await closed;
      clearInterval(sweep);
      clearTimeout(timer);
      metricsServer?.close();
      await bff.close();
    })();
    return stopping;
  }

  return { server, url: `http://localhost:${port}`, metricsUrl, stop };
}

/** From the signal (or the uncaught error), when the process is gone whatever is still running. */
export const EXIT_LIMIT_MS = 15_000;

/**
 * An uncaught error as logged: its type, its code and where it was thrown (the stack's frames), not
 * its message, which may quote what a caller sent (a session code, a token): the log holds only
 * messages that are ours.
 */
function loggedError(error: unknown) {
  if (!(error instanceof Error)) return { type: typeof error };
  const { code } = error as Error & { code?: unknown };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .map((line) => line.trim());
  return { type: error.name, ...(typeof code === 'string' ? { code } : {}), frames };
}

/**
 * The process's shutdown, by close-with-grace: on SIGTERM (an orchestrator stopping the instance) a
 * drain, readiness answering 503 for READINESS_DRAIN_MS, then the listener closes and the calls in
 * flight finish; on SIGINT (Ctrl-C), the other signals close-with-grace handles, and an uncaught
 * exception or unhandled rejection, the same without the readiness delay. Then whatever the BFF
 * depends on (`after`, e.g. the sandbox) closes, once the BFF no longer calls it, and the process
 * exits: 0 after a signal, 1 after an error or a failed shutdown, 1 at EXIT_LIMIT_MS whatever is
 * still running, and 1 at once on a second signal or error.
 */
export function exitOnSignals(
  bff: RunningBff,
  { logger, after }: { logger: Logger; after?: () => Promise<void> },
): void {
  closeWithGrace(
    {
      delay: EXIT_LIMIT_MS,
      // Its own messages go to the console; ours, through the masking logger, are below.
      logger: false,
      onTimeout: (delayMs) => logger.error({ delayMs }, 'shutdown took too long: exiting'),
      onSecondSignal: (signal) => logger.warn({ signal }, 'second signal while shutting down: exiting'),
      onSecondError: (error) =>
        logger.error({ err: loggedError(error) }, 'uncaught error while shutting down: exiting'),
    },
    async ({ signal, err }) => {
      if (err) logger.error({ err: loggedError(err) }, 'uncaught error: shutting down');
      else logger.info({ signal: signal ?? 'none' }, 'shutting down');
      try {
        await bff.stop({ drainDelayMs: signal === 'SIGTERM' ? READINESS_DRAIN_MS : 0 });
        await after?.();
      } catch (error) {
        logger.error({ err: loggedError(error) }, 'shutdown failed');
        throw error;
      }
    },
  );
}

/** Runs the BFF as configured, with exitOnSignals; resolves with its address. */
export async function serveBff(
  config: BffConfig,
  options: { logger: Logger; frontend?: Frontend; after?: () => Promise<void> },
): Promise<string> {
  const { logger, frontend, after } = options;
  const bff = await startBff(config, { logger, frontend });
  exitOnSignals(bff, { logger, after });
  return bff.url;
}
