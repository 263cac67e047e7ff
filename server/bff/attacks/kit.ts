// Shared pieces of the attack replays: requests written as the attacker writes them (node:http with
// the path byte for byte, or raw bytes on a socket), the envelope every refusal must be, tab sessions
// opened through the BFF, and a cleanup list each file empties in its afterEach/afterAll.
import { type Agent, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { expect } from 'vitest';
import { SESSION_HANDLE_HEADER } from '@/contract/session.ts';

export type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  json: unknown;
  ms: number;
};

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * One request with node:http, the path sent exactly as given (fetch would normalise '%2e%2e' and
 * '..' away, which is what an attacker's own client does not do). A fresh connection each time,
 * unless an agent is given.
 */
export function call(
  base: string,
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string | string[]>;
    body?: string | Buffer;
    localAddress?: string;
    timeoutMs?: number;
    /** A keep-alive agent whose connections are already open; by default a fresh connection. */
    agent?: Agent;
  } = {},
): Promise<Answer> {
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path,
        // A body is always framed by its length: Node's client sends the body of a DELETE, OPTIONS or
        // TRACE unframed otherwise, and the server rightly reads it as the next request.
        headers:
          options.body === undefined
            ? options.headers
            : { 'content-length': String(Buffer.byteLength(options.body)), ...options.headers },
        agent: options.agent ?? false,
        localAddress: options.localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: parse(text),
            ms: performance.now() - started,
          });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 5_000, () => req.destroy(new Error(`no answer to ${path}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

export type RawAnswer = {
  /** Everything the server sent before closing (or before the answer was complete). */
  raw: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  json: unknown;
  ms: number;
};

/**
 * Raw bytes on a fresh socket (a malformed request line, a CR in a header value): resolves with the
 * first answer once it is complete (by its Content-Length) or the server closed the connection.
 */
export function rawCall(port: number, bytes: string | Buffer, timeoutMs = 3_000): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = Buffer.alloc(0);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseRaw(received.toString('utf8'), performance.now() - started));
    };
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(String(bytes).slice(0, 80))}`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const answer = parseRaw(received.toString('utf8'), 0);
      const length = Number(answer.headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(length) && Buffer.byteLength(answer.body) >= length) finish();
    });
    socket.on('close', finish);
    socket.on('error', () => {});
    socket.write(bytes);
  });
}

function parseRaw(raw: string, ms: number): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { raw, status: Number(statusLine.split(' ')[1] ?? 0), headers, body, json: parse(body), ms };
}

type ErrorBody = {
  success: boolean;
  data: unknown;
  errors: { message: string; code: number; type?: string; status?: number }[];
};

/** The envelope of a refusal: JSON, success false, data null, an error with the status as its code, no-store. */
export function expectEnvelope(
  answer: { status: number; json: unknown; headers: Record<string, unknown> },
  status: number | readonly number[],
  label = '',
): ErrorBody {
  expect([status].flat(), `${label} status`).toContain(answer.status);
  expect(String(answer.headers['content-type']), `${label} content-type`).toMatch(/^application\/json/);
  expect(String(answer.headers['cache-control']), `${label} cache-control`).toContain('no-store');
  const body = answer.json as ErrorBody;
  expect(body, label).toMatchObject({ success: false, data: null });
  expect(body.errors?.[0]?.code, `${label} error code`).toBe(answer.status);
  expect(typeof body.errors?.[0]?.message, `${label} error message`).toBe('string');
  return body;
}

/**
 * A good value for each path parameter of the call table (sandbox rows included), for the suites that
 * fill every row: a product id, a list of them, a CEP, a media file, a boleto's PDF name, a shop's
 * slug and a product of its share links.
 */
export const GOOD_PARAMS: Readonly<Record<string, string>> = {
  id: '1008',
  ids: '1008,1001',
  cep: '01310-200',
  file: 'logo.svg',
  boleto: `12-${'a'.repeat(32)}.pdf`,
  slug: 'emporio-bom-preco',
  productId: '1001',
};

/** A table path with each `:param` filled with its good value ('1' for one without). */
export const withGoodParams = (path: string) =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_all, name: string) => GOOD_PARAMS[name] ?? '1');

export type Tab = Record<string, string>;

/** A fresh copy of a demo session (SANDBOX_ROUTES=true), made through the BFF: its own order. */
export async function freshSession(bffUrl: string, from = 'demo-shopper'): Promise<string> {
  const answer = await call(bffUrl, '/api/sandbox/sessions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from }),
  });
  expect(answer.status, answer.text).toBe(201);
  return (answer.json as { data: { code: string } }).data.code;
}

/** Opens the session in a tab, as the SPA does: the handle header and the cookie to send back. */
export async function openTab(bffUrl: string, code: string): Promise<Tab> {
  const answer = await call(bffUrl, '/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  expect(answer.status, answer.text).toBe(200);
  const setCookie = answer.headers['set-cookie'] ?? [];
  return {
    [SESSION_HANDLE_HEADER]: String(answer.headers[SESSION_HANDLE_HEADER] ?? ''),
    cookie: setCookie[0]?.split(';')[0] ?? '',
  };
}

/** The status of the tab's order as the backend holds it (0 open, 3 canceled...). */
export async function orderStatus(bffUrl: string, tab: Tab): Promise<number | undefined> {
  const answer = await call(bffUrl, '/api/order/current', { headers: tab });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { data: { status?: number } }).data.status;
}

/** Cleanups run newest first. */
export function cleanupList() {
  const list: (() => Promise<void> | void)[] = [];
  return {
    add: (cleanup: () => Promise<void> | void) => {
      list.push(cleanup);
    },
    run: async () => {
      for (const cleanup of list.splice(0).reverse()) await cleanup();
    },
  };
}

/**
 * Starts a backend the test scripts on a free loopback port, closed (its connections cut) when
 * `cleanups` run; resolves with its address.
 */
export async function listenOnLoopback(
  server: Server,
  cleanups: ReturnType<typeof cleanupList>,
): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.add(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Destroys sockets and waits until each is closed. */
export async function destroyAll(sockets: Socket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.destroyed && socket.closed) resolve();
          else {
            socket.once('close', () => resolve());
            socket.destroy();
          }
        }),
    ),
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const say = (line: string) => {
  process.stdout.write(`[attacks] ${line}\n`);
};
