import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Frontend } from '../server/bff/app.ts';
import { loadConfig } from '../server/bff/config.ts';
import { type RunningBff, startBff } from '../server/bff/index.ts';
import { createLogger } from '../server/bff/logger.ts';

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
    ...options.env,
  });
  const logs = new CapturedLogs();
  const bff = await startBff(config, {
    logger: createLogger(config.logLevel, logs),
    frontend: options.frontend ?? { kind: 'none' },
  });
  return { ...bff, logs };
}

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
