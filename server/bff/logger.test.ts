import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CapturedLogs } from '../../tests/server-harness.ts';
import { withLocals } from './call-response.ts';
import { createHttpLogger, createLogger, loggablePath } from './logger.ts';

const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A server that logs its calls with the BFF's request logger and answers the status asked for. */
async function loggedServer(bindings?: Record<string, string>) {
  const logs = new CapturedLogs();
  const base = createLogger('info', logs);
  const logger = bindings ? base.child(bindings) : base;
  const http = createHttpLogger(logger);
  const server = createServer((req, res) => {
    http.begin(req, withLocals(res));
    res.statusCode = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('status') ?? 200);
    res.end('{}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** The line logged for a call: written once its answer is done. */
  const lineFor = async (path: string) => {
    const before = logs.lines.length;
    await (await fetch(url + path)).arrayBuffer();
    await expect.poll(() => logs.lines.length).toBeGreaterThan(before);
    return logs.lines[before] ?? '';
  };
  return { logger, lineFor };
}

/** What pino itself writes for the same call, at the same time, for comparison. */
function pinoLine(logger: ReturnType<typeof createLogger>, written: string, level: 'info' | 'warn') {
  const parsed = JSON.parse(written) as {
    time: number;
    req: object;
    res: object;
    responseTime: number;
    msg: string;
  };
  const logs = new CapturedLogs();
  const twin = createLogger('info', logs);
  const bound = twin.child(logger.bindings());
  const realNow = Date.now;
  Date.now = () => parsed.time;
  try {
    bound[level]({ req: parsed.req, res: parsed.res, responseTime: parsed.responseTime }, parsed.msg);
  } finally {
    Date.now = realNow;
  }
  return logs.text;
}

describe('the line logged for every call', () => {
  it('is exactly the line pino would write: level, time, request, status, response time, message', async () => {
    const { logger, lineFor } = await loggedServer();
    const ok = await lineFor('/api/shop/settings?x=1');
    expect(ok).toBe(pinoLine(logger, ok, 'info'));
    expect(JSON.parse(ok)).toMatchObject({
      level: 30,
      req: { method: 'GET', path: '/api/shop/settings' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    const refused = await lineFor('/api/nada?status=404');
    expect(refused).toBe(pinoLine(logger, refused, 'warn'));
    expect(JSON.parse(refused)).toMatchObject({ level: 40, res: { statusCode: 404 } });
  });

  it("keeps the logger's own fields, and escapes an odd path as pino does", async () => {
    const { logger, lineFor } = await loggedServer({ name: 'bff' });
    const line = await lineFor('/api/x%22y/%E2%9C%93/"quoted"');
    expect(line).toBe(pinoLine(logger, line, 'info'));
    expect(JSON.parse(line)).toMatchObject({
      name: 'bff',
      req: { path: '/api/x%22y/%E2%9C%93/%22quoted%22' },
    });
  });

  it('masks a card number that reached the path, as every other line', async () => {
    const { lineFor } = await loggedServer();
    const line = await lineFor('/api/order/4111111111111111');
    expect(line).not.toContain('4111111111111111');
    expect(line).toContain('411111******1111');
  });
});

describe('the path a line shows', () => {
  it('never has the query (Tray codes, tokens) nor a session code', () => {
    expect(loggablePath('/tray/register/callback?code=secret&store=1')).toBe('/tray/register/callback');
    expect(loggablePath('/api/session/demo-shopper?x=1')).toBe('/api/session/[redacted]');
    expect(loggablePath('/api/session/demo-shopper/extra')).toBe('/api/session/[redacted]/extra');
    expect(loggablePath('/api/session')).toBe('/api/session');
    expect(loggablePath('/api/catalog/top?page=2')).toBe('/api/catalog/top');
    expect(loggablePath(undefined)).toBe('');
  });
});
