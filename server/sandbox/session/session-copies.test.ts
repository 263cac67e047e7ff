import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(async () => {
  await sandbox.close();
});

const copy = (from: unknown) =>
  fetch(`${sandbox.url}/api/sandbox/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from }),
  });
const currentOrder = (code: string) =>
  fetch(`${sandbox.url}/api/order/current`, { headers: { authorization: `Bearer ${code}` } }).then((r) =>
    r.json(),
  );

describe('a fresh copy of a demo session', () => {
  it('opens with the seeded cart, its own order and its own contact', async () => {
    const answer = await copy('demo-shopper');
    expect(answer.status).toBe(201);
    const { data } = await answer.json();
    expect(data.code).toMatch(/^demo-shopper-[0-9a-f]{8}$/);
    const original = await currentOrder('demo-shopper');
    const copied = await currentOrder(data.code);
    expect(copied.success).toBe(true);
    expect(copied.data.id).not.toBe(original.data.id);
    expect(copied.data.items.map((i: { providerId: string }) => i.providerId)).toEqual(
      original.data.items.map((i: { providerId: string }) => i.providerId),
    );
    expect(copied.data.userId).not.toBe(original.data.userId);
  });

  it('two copies never share an order', async () => {
    const first = (await (await copy('demo-cnpj')).json()).data.code;
    const second = (await (await copy('demo-cnpj')).json()).data.code;
    expect(first).not.toBe(second);
    expect((await currentOrder(first)).data.id).not.toBe((await currentOrder(second)).data.id);
  });

  it('refuses an unknown or malformed demo with a Portuguese message', async () => {
    const unknown = await copy('nao-existe');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).errors[0].message).toBe('Sessão de demonstração não encontrada.');
    expect((await copy('../etc')).status).toBe(400);
    expect((await copy(42)).status).toBe(400);
  });
});
