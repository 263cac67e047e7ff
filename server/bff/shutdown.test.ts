import { describe, expect, it } from 'vitest';
import { startRecordingUpstream, startTestBff } from '../../tests/server-harness.ts';

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
});
