// A backend without the chat app's extensions (SANDBOX_CHAT_APP=off, decision 0024): a share link
// serves the plain SPA (which says the product cannot be shown), its picture is a 404, and the
// operator's 'Enviar detalhes do produto' sends the message of before, with no share link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshSession, openTab } from './attacks/kit.ts';
import { RICE_LINK, type ShareLinkRig, startShareLinkRig } from './share-link-test-kit.ts';

let rig: ShareLinkRig;
beforeAll(async () => {
  rig = await startShareLinkRig({ chatApp: false });
});
afterAll(() => rig.close());

describe('share links on a backend without the chat app extension', () => {
  it('serve the plain SPA, without preview tags, and no picture', async () => {
    const page = await call(rig.bff.url, RICE_LINK, { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } });
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toBe(rig.index);
    expect(page.text).not.toContain('og:');
    expect((await call(rig.bff.url, `${RICE_LINK}/preview.jpg`)).status).toBe(404);
    expect((await call(rig.bff.url, '/api/public/shops/emporio-bom-preco/products/1001')).status).toBe(404);
  });

  it("send the product's details to the contact as before: one link, the contact's own", async () => {
    const operator = await freshSession(rig.bff.url, 'demo-operator');
    const tab = await openTab(rig.bff.url, operator);
    const sent = await call(rig.bff.url, '/api/order/send/product/1001', {
      method: 'POST',
      headers: { ...tab, 'content-type': 'application/json' },
      body: JSON.stringify({ providerId: '1001', attributes: [] }),
    });
    expect(sent.status, sent.text).toBe(200);
    const outbox = await call(rig.bff.url, `/api/sandbox/outbox?session=${operator}`);
    const message =
      (outbox.json as { data: { payload: Record<string, unknown> }[] }).data.at(-1)?.payload ?? {};
    expect(message).not.toHaveProperty('shareLink');
    expect(String(message.text)).toBe(
      `*Arroz Branco Tipo 1 Camil 5kg*\nR$\u00A027,90\n${String(message.link)}`,
    );
    expect(String(message.text)).not.toContain('/s/');
  });
});
