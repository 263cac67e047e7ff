// The boleto through the real BFF in front of the sandbox (decision 0023): the order a tab reads
// carries the boleto the shopper's finish issued, and its PDF passes the BFF as a PDF at the app's
// own origin, without the session's cookie (the phone's browser opens it outside the chat app);
// a name that is no boleto's the BFF's 400, without SANDBOX_ROUTES the address a 404, and the PDF's token never reaches the logs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBoleto } from '../../src/contract/pix.ts';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import {
  openSessionCall,
  startTestBff,
  startTestSandbox,
  type TestSandbox,
} from '../../tests/server-harness.ts';
import { PaymentMethod } from '../sandbox/contract.ts';

let sandbox: TestSandbox;
let bff: Awaited<ReturnType<typeof startTestBff>>;
let closedBff: Awaited<ReturnType<typeof startTestBff>>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  bff = await startTestBff({ upstreamUrl: sandbox.url, env: { SANDBOX_ROUTES: 'true' } });
  closedBff = await startTestBff({ upstreamUrl: sandbox.url });
});
afterAll(async () => {
  await bff.stop();
  await closedBff.stop();
  await sandbox.close();
});

async function openTab(code: string) {
  const response = await openSessionCall(bff.url, code);
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  return { [SESSION_HANDLE_HEADER]: response.headers.get(SESSION_HANDLE_HEADER) ?? '', cookie };
}

async function freshCopy(from: string): Promise<string> {
  const answer = await sandbox.post('/api/sandbox/sessions', { from });
  expect(answer.status, answer.text).toBe(201);
  return (answer.body as { data: { code: string } }).data.code;
}

describe('a boleto through the BFF', () => {
  it("the order read carries the finish's boleto, and its PDF opens at the app's origin without the cookie", async () => {
    const tab = await openTab(await freshCopy('demo-pix'));
    const finished = await fetch(`${bff.url}/api/order/confirm`, {
      method: 'POST',
      headers: { ...tab, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Camila Duarte',
        email: 'camila.duarte@exemplo.com.br',
        document: '529.982.247-25',
        isCorporate: false,
        paymentMethod: PaymentMethod.Boleto,
      }),
    });
    expect(finished.status, await finished.clone().text()).toBe(200);

    const order = (await (await fetch(`${bff.url}/api/order/current`, { headers: tab })).json()).data;
    const boleto = orderBoleto(order);
    expect(boleto?.digitableLine).toMatch(/^\d{47}$/);
    expect(boleto?.pdfUrl).toMatch(/^\/api\/sandbox\/boletos\/\d+-[a-z0-9]{32}\.pdf$/);
    // The same boleto as the sandbox holds.
    const direct = (await sandbox.get('/api/order/current', { session: await sessionCodeOf(order.id) }))
      .body as {
      data: unknown;
    };
    expect(orderBoleto(direct.data)).toEqual(boleto);

    const pdf = await fetch(`${bff.url}${boleto?.pdfUrl}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(boleto?.digitableLine.slice(33));
    // A made-up token is the backend's 404, a name that is no boleto's is refused by the BFF.
    expect((await fetch(`${bff.url}/api/sandbox/boletos/${order.id}-${'0'.repeat(32)}.pdf`)).status).toBe(
      404,
    );
    expect((await fetch(`${bff.url}/api/sandbox/boletos/..%2f..%2fetc.pdf`)).status).toBe(400);
    // Without SANDBOX_ROUTES the BFF does not serve the address at all.
    expect((await fetch(`${closedBff.url}${boleto?.pdfUrl}`)).status).toBe(404);

    const token = /-([a-z0-9]{32})\.pdf$/.exec(boleto?.pdfUrl ?? '')?.[1] ?? 'missing';
    expect(bff.logs.text).not.toContain(token);
  });
});

/** The session code of an order (the sandbox's own table): the direct read needs the bearer. */
async function sessionCodeOf(orderId: string): Promise<string> {
  const row = sandbox.db
    .prepare<[number], { session_code: string }>('SELECT session_code FROM orders WHERE id = ?')
    .get(Number(orderId));
  return row?.session_code ?? '';
}
