// Test harness: a sandbox app over a fresh in-memory database, listening on a free loopback port,
// called over real HTTP with fetch. One per test file (beforeAll), closed in afterAll.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createSandboxApp } from '../app.ts';
import type { SandboxDb } from '../db/types.ts';
import { openSandboxDb } from '../seed/open.ts';

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
  url: string;
  db: SandboxDb;
  get(path: string, options?: CallOptions): Promise<Answer>;
  /** A string body is sent as is (for malformed JSON); anything else as JSON. */
  post(path: string, body: unknown, options?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
};

export async function startTestSandbox(options: { logger?: Logger } = {}): Promise<TestSandbox> {
  const db = openSandboxDb(':memory:');
  const app = createSandboxApp({ db, logger: options.logger });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  async function call(
    method: string,
    path: string,
    body: unknown,
    options: CallOptions = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.session !== undefined) headers.authorization = `Bearer ${options.session}`;
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

  return {
    url,
    db,
    get: (path, options) => call('GET', path, undefined, options),
    post: (path, body, options) => call('POST', path, body, options),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (db.open) db.close();
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}
