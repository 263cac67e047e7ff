// 'Enviar detalhes do produto' with the chat app's extension (decision 0024): the message's first link
// is the product's share link, which WhatsApp previews and anyone may open; the contact's own session
// link follows to buy. Without the extension (SANDBOX_CHAT_APP=off) the message is exactly the spec's.
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBrl } from '../rules/brl.ts';
import { expectData } from '../testing/answers.ts';

type Entry = { payload: Record<string, unknown> };

const withExtension: { sandbox?: TestSandbox } = {};
const without: { sandbox?: TestSandbox } = {};
beforeAll(async () => {
  withExtension.sandbox = await startTestSandbox();
  without.sandbox = await startTestSandbox({ chatApp: false });
});
afterAll(async () => {
  await withExtension.sandbox?.close();
  await without.sandbox?.close();
});

async function sendRice(sandbox: TestSandbox): Promise<Entry['payload']> {
  const answer = await sandbox.post(
    '/api/order/send/product/1001',
    { providerId: '1001', attributes: [] },
    { session: 'demo-operator' },
  );
  expectData('sendProduct', answer);
  const listed = await sandbox.get('/api/sandbox/outbox?session=demo-operator');
  const entry = (listed.body as { data: Entry[] }).data.at(-1);
  if (!entry) throw new Error('nothing sent');
  return entry.payload;
}

const LINK = /https?:\/\/\S+/g;

describe("the operator's 'Enviar detalhes do produto'", () => {
  it("puts the product's share link first, then the contact's own link to buy", async () => {
    const sandbox = withExtension.sandbox as TestSandbox;
    const payload = await sendRice(sandbox);
    expect(payload.shareLink).toBe('http://localhost:3000/s/emporio-bom-preco/p/1001');
    const text = String(payload.text);
    const links = text.match(LINK) ?? [];
    // WhatsApp previews the first link of a message: the share link, which carries no session.
    expect(links[0]).toBe(payload.shareLink);
    expect(links[0]).not.toContain('#');
    expect(text).toContain(`Para comprar: ${String(payload.link)}`);
    expect(new URL(String(payload.link)).hash).toMatch(/^#contato-[0-9a-f]{32}/);
    expect(text.startsWith(`*Arroz Branco Tipo 1 Camil 5kg*\n${formatBrl(2790)}\n`)).toBe(true);
    // The share link opens the product anyone may see, in the same shop.
    const page = expectData(
      'getPublicProduct',
      await sandbox.get('/api/public/shops/emporio-bom-preco/products/1001'),
    );
    expect(page.product.name).toBe('Arroz Branco Tipo 1 Camil 5kg');
  });

  it('is the message of before, with no share link, on a backend without the extension', async () => {
    const sandbox = without.sandbox as TestSandbox;
    const payload = await sendRice(sandbox);
    expect(payload).not.toHaveProperty('shareLink');
    expect(payload.text).toBe(`*Arroz Branco Tipo 1 Camil 5kg*\n${formatBrl(2790)}\n${String(payload.link)}`);
    expect(String(payload.text).match(LINK)).toHaveLength(1);
  });
});
