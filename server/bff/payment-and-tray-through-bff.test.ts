// The BFF in front of the real sandbox: a card payment reaches the backend with the tab session's
// bearer (and a decline keeps its 402 and data), the Tray link passes without any session, and no
// card number, security code, document or chatbot token reaches the BFF's logs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import {
  openSessionCall,
  startTestBff,
  startTestSandbox,
  type TestSandbox,
} from '../../tests/server-harness.ts';
import { approvedCardPayload } from '../sandbox/testing/fixtures.ts';

let sandbox: TestSandbox;
let bff: Awaited<ReturnType<typeof startTestBff>>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  bff = await startTestBff({ upstreamUrl: sandbox.url });
});
afterAll(async () => {
  await bff.stop();
  await sandbox.close();
});

async function openTab(code: string) {
  const response = await openSessionCall(bff.url, code);
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  return { [SESSION_HANDLE_HEADER]: response.headers.get(SESSION_HANDLE_HEADER) ?? '', cookie };
}

const card = (number: string) => ({
  ...approvedCardPayload({ providerId: 'cartao-loja', installments: 2 }),
  number,
  name: 'TITULAR VIA BFF',
  securityCode: '739',
});

describe('payment and Tray calls through the BFF', () => {
  it("pays demo-shopper's order with the tab's session; a decline first keeps its 402 and data", async () => {
    const tab = await openTab('demo-shopper');
    const post = (body: unknown) =>
      fetch(`${bff.url}/api/order/payment/credit`, {
        method: 'POST',
        headers: { ...tab, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const declined = await post(card('4000000000009995'));
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({
      success: false,
      data: { status: 3, failureType: 1 },
      errors: [{ message: 'Limite de compras do cartão insuficiente' }],
    });

    const paid = await post(card('4111111111111111'));
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({
      success: true,
      data: { status: 1, failureType: null, recaptchaKey: null },
      errors: [],
    });

    const order = await (await fetch(`${bff.url}/api/order/current`, { headers: tab })).json();
    expect(order.data).toMatchObject({ status: 1, payment: { status: 1, installments: 2 } });
  });

  it('refuses the payment without a tab session (401 from the backend)', async () => {
    const response = await fetch(`${bff.url}/api/order/payment/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer demo-shopper' },
      body: JSON.stringify(card('4111111111111111')),
    });
    expect(response.status).toBe(401);
  });

  it('links a Tray store and looks it up, with no session at all', async () => {
    const linked = await fetch(`${bff.url}/tray/link-store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        admUser: '7',
        code: 'c0d1g0-de-autorizacao-bff',
        apiAddress: 'https://www.lojadoze.com.br/web_api',
        storeHost: 'https://www.lojadoze.com.br',
        store: '391250',
        chatbotId: 'chatbot-7781',
        chatbotToken: 'token-secreto-do-chatbot-bff',
      }),
    });
    expect(linked.status).toBe(200);
    expect((await linked.json()).success).toBe(true);
    const lookup = await fetch(`${bff.url}/tray/link-store/391250`);
    expect(await lookup.json()).toEqual({ success: true, data: 'chatbot-7781', errors: [] });
  });

  it('logs no card number, security code, document, holder name or chatbot token', () => {
    const logs = bff.logs.text;
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [
      '4111111111111111',
      '4000000000009995',
      // A 3-digit code could appear inside a timestamp: look for it as a value, and for its field.
      '"739"',
      'securityCode',
      '935.411.347-80',
      'TITULAR VIA BFF',
      'token-secreto-do-chatbot-bff',
      'c0d1g0-de-autorizacao-bff',
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});
