import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startSandbox', () => {
  it('listens on a free loopback port over a data file and closes cleanly', async () => {
    const sandbox = await startSandbox({ dataFile: join(dir, 'sandbox.db') });
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // A keep-alive connection stays open across the call: close() must still end promptly.
    const answer = await fetch(`${sandbox.url}/api/session/demo-shopper`, {
      headers: { connection: 'keep-alive' },
    });
    expect(answer.status).toBe(200);
    await sandbox.close();
    await sandbox.close();
    await expect(fetch(`${sandbox.url}/api/session/demo-shopper`)).rejects.toThrow();
  });

  it('keeps the data between starts on the same file', async () => {
    const file = join(dir, 'kept.db');
    const first = await startSandbox({ dataFile: file });
    const headers = { authorization: 'Bearer demo-operator' };
    const created = (await (await fetch(`${first.url}/api/order/current`, { headers })).json()) as {
      data: { id: string };
    };
    await first.close();
    const second = await startSandbox({ dataFile: file });
    try {
      const again = (await (await fetch(`${second.url}/api/order/current`, { headers })).json()) as {
        data: { id: string };
      };
      expect(again.data.id).toBe(created.data.id);
    } finally {
      await second.close();
    }
  });

  it('rejects when the port is taken and leaves nothing open', async () => {
    const first = await startSandbox({ dataFile: ':memory:' });
    try {
      const port = Number(new URL(first.url).port);
      await expect(startSandbox({ dataFile: ':memory:', port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
