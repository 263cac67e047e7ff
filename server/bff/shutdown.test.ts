import { spawn } from 'node:child_process';
import { Agent, createServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { startRecordingUpstream, startTestBff } from '../../tests/server-harness.ts';
import { EXIT_LIMIT_MS } from './index.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The BFF as server/start.ts runs it (serveBff: the process's shutdown included) in front of
 * `upstreamUrl`, in a child process; a line 'throw' on its standard input makes an error nothing
 * catches, with a session code in its message.
 */
const CHILD = `
import { loadConfig } from './server/bff/config.ts';
import { serveBff } from './server/bff/index.ts';
import { createLogger } from './server/bff/logger.ts';
import { createInterface } from 'node:readline';
const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const url = await serveBff(config, {
  logger: createLogger('info', process.stderr),
  frontend: { kind: 'none' },
  after: async () => process.stderr.write('after: closed\\n'),
});
process.stdout.write(url.replace('localhost', '127.0.0.1') + '\\n');
createInterface({ input: process.stdin }).on('line', () => {
  setTimeout(() => { throw new Error('no session for code demo-shopper-secret'); });
});
`;

describe('stopping the BFF', () => {
  it('lets a call in flight finish, then refuses new connections', async () => {
    const upstream = await startRecordingUpstream(() => ({
      body: { success: true, data: 'slow', errors: [] },
      delayMs: 300,
    }));
    const bff = await startTestBff({ upstreamUrl: upstream.url });
    try {
      const inFlight = fetch(`${bff.url}/api/order/current`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      const stopped = bff.stop();
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect((await response.json()).data).toBe('slow');
      await stopped;
      expect(performance.now() - started).toBeLessThan(2_000);
      await expect(fetch(`${bff.url}/healthz`)).rejects.toThrow();
    } finally {
      await upstream.close();
    }
  });
  it('answers the next call on a connection whose answer was already streaming at the signal, with Connection: close', async () => {
    // A backend whose picture comes in two parts 300 ms apart: the BFF has sent its headers (saying
    // keep-alive) before the signal, and cannot take that back.
    const upstream = createServer((req, res) => {
      if (req.url?.startsWith('/api/sandbox/media/')) {
        res.writeHead(200, { 'content-type': 'image/svg+xml' });
        res.write('<svg>');
        setTimeout(() => res.end('</svg>'), 300);
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, data: 'next', errors: [] }));
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const bff = await startTestBff({ upstreamUrl, env: { SANDBOX_ROUTES: 'true' } });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const call = (path: string, onHeaders?: () => void) =>
      new Promise<{ res: IncomingMessage; body: string; reusedSocket: boolean }>((resolve, reject) => {
        const req = request(`${bff.url}${path}`, { agent }, (res) => {
          onHeaders?.();
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ res, body, reusedSocket: req.reusedSocket }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
    try {
      let stopped: Promise<void> | undefined;
      const picture = await call('/api/sandbox/media/logo.svg', () => {
        stopped = bff.stop();
      });
      expect(picture.res.headers.connection).toBe('keep-alive');
      expect(picture.body).toBe('<svg></svg>');
      // The client's next call, a moment later (longer than the BFF's sweep of idle connections).
      await new Promise((resolve) => setTimeout(resolve, 150));
      const next = await call('/api/order/current');
      expect(next.reusedSocket).toBe(true);
      expect(next.res.statusCode).toBe(200);
      expect(next.res.headers.connection).toBe('close');
      await stopped;
    } finally {
      agent.destroy();
      upstream.close();
    }
  });
});

describe('an error nothing catches', () => {
  it('stops the BFF as Ctrl-C does (the call in flight finishes), logs where it came from without its message, exits 1', {
    timeout: 30_000,
  }, async () => {
    const upstream = await startRecordingUpstream(() => ({
      body: { success: true, data: 'slow', errors: [] },
      delayMs: 500,
    }));
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', CHILD], {
      cwd: ROOT,
      env: { ...process.env, COMMERCE_API_URL: upstream.url, LOG_LEVEL: 'info' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
        child.once('exit', () => reject(new Error(`the BFF did not start: ${stderr}`)));
      });
      const inFlight = fetch(`${url}/api/order/current`);
      while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const thrownAt = performance.now();
      child.stdin?.write('throw\n');

      const response = await inFlight;
      expect(response.status).toBe(200);
      expect((await response.json()).data).toBe('slow');
      expect(await exited).toBe(1);
      expect(performance.now() - thrownAt).toBeLessThan(EXIT_LIMIT_MS);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();

      const lines = stderr
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; err?: { type?: string; frames?: string[] } });
      const logged = lines.find((line) => line.msg === 'uncaught error: shutting down');
      expect(logged?.err?.type).toBe('Error');
      expect(logged?.err?.frames?.length).toBeGreaterThan(0);
      expect(stderr).not.toContain('demo-shopper-secret');
      // The sandbox (or whatever the BFF calls) closes after the BFF.
      expect(stderr.indexOf('after: closed')).toBeGreaterThan(
        stderr.indexOf('uncaught error: shutting down'),
      );
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await upstream.close();
    }
  });
});
