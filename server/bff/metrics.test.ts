import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, startRecordingUpstream, startTestBff } from '../../tests/server-harness.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(env: Record<string, string>, upstreamUrl?: string) {
  const upstream = upstreamUrl ? undefined : await startRecordingUpstream();
  const bff = await startTestBff({ upstreamUrl: upstreamUrl ?? upstream?.url ?? '', env });
  cleanups.push(async () => {
    await bff.stop();
    await upstream?.close();
  });
  return bff;
}

describe('the metrics Prometheus reads', () => {
  it('are served on their own port, counting calls by route template and outcome, never by path', async () => {
    const bff = await setup({ METRICS_PORT: String(await closedPort()) });
    await fetch(`${bff.url}/api/catalog/products/1001`);
    await fetch(`${bff.url}/api/catalog/products/4111111111111111`);
    await fetch(`${bff.url}/api/nada/segredo`);
    const answer = await fetch(bff.metricsUrl ?? '');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await answer.text();
    expect(text).toMatch(
      /bff_calls_total\{route="\/api\/catalog\/products\/:id",status="200",outcome="ok"\} 2/,
    );
    expect(text).toMatch(
      /bff_upstream_duration_seconds_bucket\{le="0.005",route="\/api\/catalog\/products\/:id"\}/,
    );
    expect(text).toMatch(/bff_call_duration_seconds_count\{route="\/api\/catalog\/products\/:id"\} 2/);
    expect(text).toMatch(/bff_breaker_state\{group="catalog"\} 0/);
    expect(text).toMatch(/bff_upstream_in_flight 0/);
    expect(text).not.toMatch(/4111|segredo/);
  });

  it('report an open breaker and refused calls when the backend is down', async () => {
    const bff = await setup(
      { METRICS_PORT: String(await closedPort()), BREAKER_MIN_CALLS: '3' },
      `http://127.0.0.1:${await closedPort()}`,
    );
    for (let i = 0; i < 5; i++) await fetch(`${bff.url}/api/order/current`);
    const text = await (await fetch(bff.metricsUrl ?? '')).text();
    expect(text).toMatch(/bff_breaker_state\{group="order"\} 2/);
    expect(text).toMatch(
      /bff_calls_total\{route="\/api\/order\/current",status="503",outcome="circuit_open"\} \d/,
    );
  });

  it('are not reachable through the public port, unless the caller has the configured token', async () => {
    const open = await setup({});
    expect(await (await fetch(`${open.url}/metrics`)).text()).not.toContain('bff_calls_total');

    const token = 'token-de-metricas-bem-longo';
    const guarded = await setup({ METRICS_TOKEN: token });
    expect(await (await fetch(`${guarded.url}/metrics`)).text()).not.toContain('bff_calls_total');
    const wrong = await fetch(`${guarded.url}/metrics`, {
      headers: { authorization: 'Bearer outro-token-bem-longo!!' },
    });
    expect(await wrong.text()).not.toContain('bff_calls_total');
    const right = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('bff_calls_total');
  });
});
