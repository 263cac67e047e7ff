// The Pix charge as a shopper and an operator live it through the sandbox: finishing with Pix gives a
// code for the order's total, the provider's 'paid' notification turns the order paid, a code read
// past its deadline is expired for good, 'Gerar novo Pix' gives a new one, canceling the order cancels
// it, the operator sends it to the chat, and a backend without the extension keeps the spec's flow.
import { getPixPayloadInfo } from '@brazilian-utils/brazilian-utils';
import { type Answer, startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderState, PaymentMethod, PaymentStatus, type PixCharge, pixChargeSchema } from '../contract.ts';
import { SCENARIO_SHOP_IDS } from '../seed/scenarios.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { addItem, freshSessionCode, OPERATOR, PIX_CONTACT } from '../testing/fixtures.ts';
import { PIX_MESSAGES } from './pix-charges.ts';

let sandbox: TestSandbox;
afterEach(() => sandbox.close());

const freshSession = (from: string) => freshSessionCode(sandbox, from);

const currentOrder = async (session: string) =>
  expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session })) as ReturnType<
    typeof expectData<'getCurrentOrder'>
  > & { pixCharge?: unknown };

/** The charge a call answered, checked against the contract's schema. */
function chargeOf(answer: Answer): PixCharge {
  expect(answer.status, answer.text).toBe(200);
  const body = answer.body as { success: boolean; data: unknown };
  expect(body.success).toBe(true);
  return pixChargeSchema.parse(body.data);
}

const readCharge = (session: string) => sandbox.get('/api/order/pix/charge', { session });
const renewCharge = (session: string) => sandbox.post('/api/order/pix/charge', undefined, { session });
const sendCharge = (session: string) => sandbox.post('/api/order/pix/charge/send', undefined, { session });
const providerPaid = (which: { txid: string } | { session: string }) =>
  sandbox.post('/api/sandbox/pix/paid', which);
const deadlineNow = (which: { txid: string } | { session: string }) =>
  sandbox.post('/api/sandbox/pix/expire', which);
const outbox = async (session: string) =>
  (
    (await sandbox.get(`/api/sandbox/outbox?session=${session}`)).body as {
      data: { kind: string; payload: Record<string, unknown> }[];
    }
  ).data;

/** A copy of demo-pix (pick-up chosen), finished with Pix by the shopper on WhatsApp. */
async function shopperFinishedWithPix(from = 'demo-pix'): Promise<string> {
  const session = await freshSession(from);
  const answer = await sandbox.post(
    '/api/order/confirm',
    { ...PIX_CONTACT, paymentMethod: PaymentMethod.Pix },
    { session },
  );
  expect(expectData('agentConfirmOrder', answer)).toMatchObject({ status: OrderState.Received });
  return session;
}

describe('a shopper who finishes with Pix', () => {
  it("gets a single-use code for the order's total to the cent, payable for the scenario's 20 s, on the order and in the chat", async () => {
    sandbox = await startTestSandbox();
    const session = await shopperFinishedWithPix();
    const order = await currentOrder(session);
    const charge = pixChargeSchema.parse(order.pixCharge);
    expect(charge.status).toBe('pending');
    expect(charge.amount).toBe(order.totalAmout);
    expect(order.payment).toMatchObject({ method: PaymentMethod.Pix, status: PaymentStatus.Waiting });
    expect(charge.txid).toMatch(/^[A-Za-z0-9]{25}$/);
    // The server's clock comes with the charge, so the page's countdown does not trust the phone's.
    const now = Date.parse(charge.now ?? '');
    expect(Date.parse(charge.expiresAt) - now).toBeGreaterThan(15_000);
    expect(Date.parse(charge.expiresAt) - now).toBeLessThanOrEqual(20_000);

    // Read by a library other than the one that wrote it: valid CRC, the total, the txid, single use.
    const info = getPixPayloadInfo(charge.brCode);
    expect(info).toMatchObject({
      amount: order.totalAmout,
      txid: charge.txid,
      pointOfInitiation: 'dynamic',
      merchantName: 'EMPORIO BOM PRECO',
      merchantCity: 'SAO PAULO',
    });

    // The call reads the same charge; the WhatsApp chat got the same code.
    const read = chargeOf(await readCharge(session));
    expect(read).toMatchObject({ txid: charge.txid, brCode: charge.brCode, status: 'pending' });
    const sent = (await outbox(session)).filter((m) => m.kind === 'pix-code');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.payload).toMatchObject({ txid: charge.txid, brCode: charge.brCode });
    expect(String(sent[0]?.payload.text)).toContain(charge.brCode);
  });

  it("sees the provider's 'paid' notification on the next read: charge paid, payment Paid, order Received", async () => {
    sandbox = await startTestSandbox();
    const session = await shopperFinishedWithPix();
    const { txid } = chargeOf(await readCharge(session));
    const paid = chargeOf(await providerPaid({ txid }));
    expect(paid).toMatchObject({ txid, status: 'paid', paidAt: expect.any(String) });

    const read = chargeOf(await readCharge(session));
    expect(read).toMatchObject({ txid, status: 'paid', paidAt: paid.paidAt });
    const order = await currentOrder(session);
    expect(order.status).toBe(OrderState.Received);
    expect(order.payment?.status).toBe(PaymentStatus.Paid);
    // A paid charge is paid once, and never offers a new code.
    expect(expectRefusal(await providerPaid({ txid }), 409).message).toBe(PIX_MESSAGES.alreadyPaid);
    expect(expectRefusal(await renewCharge(session), 409).message).toBe(PIX_MESSAGES.alreadyPaid);
  });

  it('reads the code as expired once its deadline passed, and the expired code can no longer be paid', async () => {
    sandbox = await startTestSandbox();
    const session = await shopperFinishedWithPix();
    const { txid } = chargeOf(await deadlineNow({ session }));
    const read = chargeOf(await readCharge(session));
    expect(read).toMatchObject({ txid, status: 'expired' });
    // Written when read, as a provider answers a charge it no longer takes.
    expect(sandbox.db.prepare('SELECT status FROM pix_charges WHERE txid = ?').get(txid)).toEqual({
      status: 'expired',
    });
    expect((await currentOrder(session)).payment?.status).toBe(PaymentStatus.Expired);
    expect(expectRefusal(await providerPaid({ txid }), 409).message).toBe(PIX_MESSAGES.notPending);
    expect(expectRefusal(await sendCharge(session), 403).message).toMatch(/atendente/);
  });

  it("taps 'Gerar novo Pix' after expiry: a new txid and code for the same total, the old code never payable again", async () => {
    sandbox = await startTestSandbox();
    const session = await shopperFinishedWithPix();
    const first = chargeOf(await readCharge(session));
    await deadlineNow({ txid: first.txid });

    const renewed = chargeOf(await renewCharge(session));
    expect(renewed.status).toBe('pending');
    expect(renewed.txid).not.toBe(first.txid);
    expect(renewed.brCode).not.toBe(first.brCode);
    expect(renewed.amount).toBe(first.amount);
    expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.parse(first.expiresAt));
    expect(getPixPayloadInfo(renewed.brCode)).toMatchObject({ amount: first.amount, txid: renewed.txid });

    const order = await currentOrder(session);
    expect(pixChargeSchema.parse(order.pixCharge).txid).toBe(renewed.txid);
    expect(order.payment?.status).toBe(PaymentStatus.Waiting);
    expect(expectRefusal(await providerPaid({ txid: first.txid }), 409).message).toBe(
      PIX_MESSAGES.notPending,
    );
    expect(chargeOf(await providerPaid({ txid: renewed.txid })).status).toBe('paid');
  });

  it("is told 'Este Pix ainda pode ser pago.' when asking for a new code while the current one is payable", async () => {
    sandbox = await startTestSandbox();
    const session = await shopperFinishedWithPix();
    const before = chargeOf(await readCharge(session));
    expect(expectRefusal(await renewCharge(session), 409).message).toBe('Este Pix ainda pode ser pago.');
    expect(chargeOf(await readCharge(session)).txid).toBe(before.txid);
  });

  it("is told 'Este pedido não tem cobrança Pix.' for an order without a charge", async () => {
    sandbox = await startTestSandbox();
    const session = await freshSession('demo-pix');
    expect(expectRefusal(await readCharge(session), 404).message).toBe('Este pedido não tem cobrança Pix.');
    expect(expectRefusal(await renewCharge(session), 404).message).toBe('Este pedido não tem cobrança Pix.');
    expect((await currentOrder(session)).pixCharge).toBeUndefined();
  });
});

describe('the operator selling for a contact', () => {
  /** The operator's order on the seeded shop (10 minutes per code), finished with Pix. */
  async function operatorFinishedWithPix(): Promise<void> {
    await addItem(sandbox, OPERATOR, '1001', 2);
    expectData(
      'setLogistic',
      await sandbox.post(
        '/api/order/logistic/',
        { providerId: 'retirada-pinheiros', type: 0 },
        { session: OPERATOR },
      ),
    );
    const confirmed = await sandbox.post(
      '/api/order/confirm',
      {
        name: 'Carlos Eduardo Lima',
        email: 'carlos.lima@exemplo.com.br',
        document: '111.444.777-35',
        isCorporate: false,
        paymentMethod: PaymentMethod.Pix,
      },
      { session: OPERATOR },
    );
    expectData('agentConfirmOrder', confirmed);
  }

  it("sends the code to the contact's chat with 'Enviar código Pix', and cannot once it was paid", async () => {
    sandbox = await startTestSandbox();
    await operatorFinishedWithPix();
    const charge = chargeOf(await readCharge(OPERATOR));
    const deadline = Date.parse(charge.expiresAt) - Date.parse(charge.now ?? '');
    expect(deadline).toBeGreaterThan(590_000);
    expect(deadline).toBeLessThanOrEqual(600_000);
    const before = (await outbox(OPERATOR)).filter((m) => m.kind === 'pix-code').length;

    const sent = await sendCharge(OPERATOR);
    expect(sent.status, sent.text).toBe(200);
    const messages = (await outbox(OPERATOR)).filter((m) => m.kind === 'pix-code');
    expect(messages).toHaveLength(before + 1);
    expect(messages.at(-1)?.payload).toMatchObject({ txid: charge.txid, brCode: charge.brCode });

    await providerPaid({ txid: charge.txid });
    expect(expectRefusal(await sendCharge(OPERATOR), 409).message).toBe(PIX_MESSAGES.notPending);
  });

  it('cancels the order, and its pending code is canceled: it can no longer be paid nor renewed', async () => {
    sandbox = await startTestSandbox();
    await operatorFinishedWithPix();
    const { txid } = chargeOf(await readCharge(OPERATOR));
    const canceled = expectData('cancelOrder', await sandbox.get('/api/order/cancel', { session: OPERATOR }));
    expect(canceled.status).toBe(OrderState.Canceled);
    expect((await currentOrder(OPERATOR)).payment?.status).toBe(PaymentStatus.Canceled);

    expect(chargeOf(await readCharge(OPERATOR))).toMatchObject({ txid, status: 'canceled' });
    expect(expectRefusal(await providerPaid({ txid }), 409).message).toBe(PIX_MESSAGES.notPending);
    expect(expectRefusal(await renewCharge(OPERATOR), 409).message).toBe(PIX_MESSAGES.canceled);
    expect(expectRefusal(await sendCharge(OPERATOR), 409).message).toBe(PIX_MESSAGES.notPending);
  });
});

describe('a backend without the Pix charge extension', () => {
  async function expectSpecFlow(session: string) {
    const order = await currentOrder(session);
    expect(order.pixCharge).toBeUndefined();
    expect(order.status).toBe(OrderState.Received);
    expect(order.payment).toMatchObject({ method: PaymentMethod.Pix, status: PaymentStatus.Waiting });
    for (const answer of [await readCharge(session), await renewCharge(session), await sendCharge(session)]) {
      expect(expectRefusal(answer, 404).message).toBe('Recurso não encontrado.');
    }
    expect((await outbox(session)).filter((m) => m.kind === 'pix-code')).toEqual([]);
  }

  it("SANDBOX_PIX_CHARGES=off: finishing with Pix is the spec's flow, no charge, the three calls 404", async () => {
    sandbox = await startTestSandbox({ pixCharges: false });
    const session = await shopperFinishedWithPix();
    await expectSpecFlow(session);
    // Nor does the provider's side exist.
    expect((await providerPaid({ session })).status).toBe(404);
  });

  it("a shop whose backend has none (demo-pix-classico): the same, while other shops' charges go on", async () => {
    sandbox = await startTestSandbox();
    const session = await shopperFinishedWithPix('demo-pix-classico');
    expect(
      sandbox.db.prepare('SELECT id FROM shops WHERE id = ?').get(SCENARIO_SHOP_IDS.pixWithoutCharges),
    ).toBeDefined();
    await expectSpecFlow(session);
    expect(expectRefusal(await providerPaid({ session }), 404).message).toBe(PIX_MESSAGES.noCharge);
  });
});
