import { afterEach, describe, expect, it } from 'vitest';
import { startRecordingUpstream, startTestBff } from '../../tests/server-harness.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function bffWithLogs(answer?: Parameters<typeof startRecordingUpstream>[0]) {
  const upstream = await startRecordingUpstream(answer);
  const bff = await startTestBff({ upstreamUrl: upstream.url });
  cleanups.push(
    () => upstream.close(),
    () => bff.stop(),
  );
  /** The lines logged for one call, once its answer is done. */
  const linesFor = async (path: string, init?: RequestInit) => {
    const before = bff.logs.lines.length;
    const answer = await fetch(bff.url + path, init);
    await answer.arrayBuffer();
    await expect.poll(() => bff.logs.lines.length).toBeGreaterThan(before);
    return {
      answer,
      lines: bff.logs.lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>),
    };
  };
  return { bff, linesFor };
}

describe('the line logged for every call', () => {
  it('names the route template and a hash of the parameters it calls safe, never the path, the value or the query', async () => {
    const { linesFor } = await bffWithLogs();
    const { lines } = await linesFor('/api/catalog/products/1001?searchQuery=segredo');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      req: {
        method: 'GET',
        route: '/api/catalog/products/:id',
        call: 'getProduct',
        params: { id: expect.stringMatching(/^hmac:[0-9a-f]{12}$/) },
      },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    // The same product logs the same hash; another product another one.
    const again = await linesFor('/api/catalog/products/1001');
    const other = await linesFor('/api/catalog/products/1002');
    const idOf = (line: Record<string, unknown> | undefined) =>
      (line?.req as { params?: { id?: string } })?.params?.id;
    expect(idOf(again.lines[0])).toBe(idOf(lines[0]));
    expect(idOf(other.lines[0])).toMatch(/^hmac:[0-9a-f]{12}$/);
    expect(idOf(other.lines[0])).not.toBe(idOf(lines[0]));
    expect(JSON.stringify(lines[0])).not.toContain('segredo');
    expect(lines[0]).not.toHaveProperty('req.path');
    expect(lines[0]).not.toHaveProperty('req.url');
  });

  it('leaves out a parameter the template does not call safe (a CEP)', async () => {
    const { linesFor } = await bffWithLogs();
    const { lines } = await linesFor('/api/order/address/cep/01310-100');
    expect(lines[0]).toMatchObject({ req: { route: '/api/order/address/cep/:cep' } });
    expect(JSON.stringify(lines[0])).not.toContain('01310');
  });

  it('logs a path that matched nothing without any of it', async () => {
    const { linesFor } = await bffWithLogs();
    for (const path of [
      '/API/session/codigo-secreto-123',
      '/api/Session/codigo-secreto-123',
      '/api/nada/codigo-secreto-123',
    ]) {
      const { answer, lines } = await linesFor(path);
      expect(answer.status).toBe(404);
      expect(JSON.stringify(lines)).not.toContain('codigo-secreto');
      expect(lines[0]).toMatchObject({ level: 40, req: { method: 'GET' }, res: { statusCode: 404 } });
    }
  });

  it("keeps a caller's request id only when it is a UUID", async () => {
    const { linesFor } = await bffWithLogs();
    const uuid = '0f8c2a9e-5b1d-4c3e-9a7f-aa12bb34cc56';
    const kept = await linesFor('/api/shop/settings', { headers: { 'x-request-id': uuid } });
    expect(kept.answer.headers.get('x-request-id')).toBe(uuid);
    expect(kept.lines[0]).toMatchObject({ reqId: uuid });
    const injected = await linesFor('/api/shop/settings', {
      headers: { 'x-request-id': '","level":60,"msg":"x' },
    });
    const id = injected.answer.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(injected.lines[0]).toMatchObject({ reqId: id });
  });

  it('is one error line when the backend fails: the status, why, our words only, no parameter', async () => {
    const { linesFor } = await bffWithLogs(() => ({
      status: 500,
      body: { success: false, data: null, errors: [{ message: 'stack trace 1001' }] },
    }));
    const { answer, lines } = await linesFor('/api/catalog/products/1001');
    expect(answer.status).toBe(502);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      req: { method: 'GET', route: '/api/catalog/products/:id', call: 'getProduct' },
      upstream: { kind: 'upstream_error', status: 500 },
      res: { statusCode: 502 },
      err: { type: 'Error' },
      responseTime: expect.any(Number),
      msg: 'request errored',
    });
    expect(lines[0]).not.toHaveProperty('req.params');
    expect(JSON.stringify(lines[0])).not.toContain('stack trace');
  });

  it('is one line, with no status, when the shopper leaves before the answer', async () => {
    const { bff } = await bffWithLogs(() => ({
      body: { success: true, data: {}, errors: [] },
      delayMs: 3_000,
    }));
    const before = bff.logs.lines.length;
    const leaving = new AbortController();
    const call = fetch(`${bff.url}/api/catalog/products/1001`, { signal: leaving.signal });
    setTimeout(() => leaving.abort(), 200);
    await expect(call).rejects.toThrow();
    await expect.poll(() => bff.logs.lines.length).toBeGreaterThan(before);
    const lines = bff.logs.lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      req: { method: 'GET', route: '/api/catalog/products/:id' },
      res: { statusCode: null },
      msg: 'request aborted',
    });
    expect(lines[0]?.responseTime).toBeGreaterThanOrEqual(150);
  });

  it('leaves the health and readiness probes out, and writes each call once', async () => {
    const { bff, linesFor } = await bffWithLogs();
    for (const probe of ['/healthz', '/readyz']) {
      for (const method of ['GET', 'POST']) await (await fetch(bff.url + probe, { method })).arrayBuffer();
    }
    const { lines } = await linesFor('/api/shop/settings');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bff.logs.lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      req: { route: '/api/shop/settings' },
      msg: 'request completed',
    });
  });

  it('answers an 8 KB path of digit groups at once, and the health check with it (the log masker is linear)', async () => {
    const { bff } = await bffWithLogs();
    const started = performance.now();
    const [hostile, health] = await Promise.all([
      fetch(`${bff.url}/api/catalog/products/${'1-'.repeat(4_000)}1`),
      fetch(`${bff.url}/healthz`),
    ]);
    await hostile.arrayBuffer();
    expect(hostile.status).toBeLessThan(500);
    expect(health.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
