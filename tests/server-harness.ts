// The one harness the server tests start servers with, each in the test's own process on a free
// loopback port, closed by the test (afterAll, afterEach or a finally):
// - startTestSandbox: the real sandbox app (server/sandbox/app.ts) over a fresh, seeded in-memory
//   database, with typed calls and the database itself for a test's setup and checks;
// - startTestBff: the real BFF in front of any upstream (a test sandbox, a recording stand-in, a
//   closed port), its log lines captured;
// - startRecordingUpstream: a stand-in commerce backend that records what reached it.
// A test that needs a separate OS process (a signal, an exit, several BFFs with their own memory)
// uses tests/spawn-bff-process.ts instead; it says why.
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import type { Frontend } from '../server/bff/app.ts';
import { loadConfig } from '../server/bff/config.ts';
import { type RunningBff, startBff } from '../server/bff/index.ts';
import { createLogger } from '../server/bff/logger.ts';
import { createSandboxApp } from '../server/sandbox/app.ts';
import type { SandboxDb } from '../server/sandbox/db/types.ts';
import { openSandboxDb } from '../server/sandbox/seed/open.ts';

// ----- The sandbox

/** An answer of the test sandbox. */
export type Answer = {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: unknown;
  text: string;
};

export type CallOptions = {
  /** Session code sent as `Authorization: Bearer <code>`. */
  session?: string;
  headers?: Record<string, string>;
};

export type TestSandbox = {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The sandbox's own database: a test changes a setting or checks what was stored. */
  db: SandboxDb;
  get(path: string, options?: CallOptions): Promise<Answer>;
  /** A string body is sent as is (for malformed JSON); anything else as JSON. */
  post(path: string, body: unknown, options?: CallOptions): Promise<Answer>;
  /** A GET with node:http, the path sent as written: fetch would resolve its dot segments. */
  getAsWritten(path: string): Promise<{ status: number; body: string }>;
  /** Stops the server, ends open connections and closes the database; once is enough. */
  close(): Promise<void>;
};

export async function startTestSandbox(
  options: {
    /** Receives the sandbox's unexpected errors (see server/sandbox/app.ts). */
    logger?: Logger;
    /** A fixed clock for the checkout and customer calls (the schedule's days and cut-offs). */
    now?: () => Date;
    /** false: a backend without the Pix charge extension (SANDBOX_PIX_CHARGES=off). */
    pixCharges?: boolean;
    /** false: a backend without the chat app's extensions (SANDBOX_CHAT_APP=off). */
    chatApp?: boolean;
  } = {},
): Promise<TestSandbox> {
  const db = openSandboxDb(':memory:');
  let server: Server;
  try {
    const app = createSandboxApp({
      db,
      logger: options.logger,
      now: options.now,
      pixCharges: options.pixCharges,
      chatApp: options.chatApp,
    });
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(0, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
    });
  } catch (error) {
    db.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  async function call(
    method: string,
    path: string,
    body: unknown,
    callOptions: CallOptions = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.session !== undefined) headers.authorization = `Bearer ${callOptions.session}`;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${url}${path}`, { method, headers, body: payload });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
    return {
      status: response.status,
      headers: response.headers,
      body: isJson ? JSON.parse(text) : text,
      text,
    };
  }

  let closing: Promise<void> | undefined;
  return {
    url,
    db,
    get: (path, callOptions) => call('GET', path, undefined, callOptions),
    post: (path, body, callOptions) => call('POST', path, body, callOptions),
    getAsWritten: (path) => httpGet(url, path),
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => {
          // A test may have closed it to make every query fail.
          if (db.open) db.close();
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** One GET with node:http on a connection of its own, the path sent as written, the body as text. */
function httpGet(baseUrl: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    // Options, not a URL string: a URL would be parsed and its dot segments resolved.
    const req = request({ hostname, port, path, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end();
  });
}

// ----- The BFF

/** Everything the BFF logged during a test, as raw lines, so tests can prove what never appears. */
export class CapturedLogs extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.lines.push(chunk.toString());
    done();
  }
  get text() {
    return this.lines.join('');
  }
}

export async function startTestBff(options: {
  upstreamUrl: string;
  env?: Record<string, string>;
  frontend?: Frontend;
}): Promise<RunningBff & { logs: CapturedLogs }> {
  const config = loadConfig({
    COMMERCE_API_URL: options.upstreamUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    // The BFF runs in the test's own process, beside the sandbox and fast-check's generators, whose
    // synchronous work delays its event loop: only the overload guard's own tests
    // (server/bff/attacks/overload-guard.test.ts) set the production limit.
    MAX_EVENT_LOOP_DELAY_MS: '1000',
    ...options.env,
  });
  const logs = new CapturedLogs();
  const bff = await startBff(config, {
    logger: createLogger(config.logLevel, logs),
    frontend: options.frontend ?? { kind: 'none' },
  });
  return { ...bff, logs };
}

/**
 * Opens a session as a tab does: `POST /api/session` with the chat link's code in a JSON body (never
 * in the address). The answer sets the session cookie and gives the tab's handle.
 */
export function openSessionCall(baseUrl: string, code: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ code }),
  });
}

/** Cookie name=value pairs from Set-Cookie headers, as a browser would send them back. */
export function cookiesFrom(response: Response): string[] {
  return response.headers.getSetCookie().map((header) => header.split(';')[0] ?? '');
}

// ----- Stand-ins

export type RecordedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** A stand-in backend that records what reached it and answers a fixed envelope. */
export async function startRecordingUpstream(
  answer: (req: RecordedRequest) => { status?: number; body: unknown; delayMs?: number } = () => ({
    body: { success: true, data: { ok: true }, errors: [] },
  }),
): Promise<{ url: string; requests: RecordedRequest[]; close(): Promise<void>; server: Server }> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      const { status = 200, body: out, delayMs = 0 } = answer(recorded);
      setTimeout(() => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'set-cookie': 'upstream=1',
          server: 'x',
        });
        res.end(JSON.stringify(out));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
