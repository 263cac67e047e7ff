// The boleto and the payment link as a shopper finishing on the checkout gets them from the sandbox
// (decision 0023): Boleto gives a 'linha digitável' for the order's total, due in 3 days, and its PDF
// at a public address; Link gives the provider's page on the order; a backend without the extension
// (SANDBOX_PIX_CHARGES=off, or demo-pix-classico's shop) gives neither, exactly as before.
import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { boletoSchema, OrderState, orderBoleto, PaymentMethod, PaymentStatus } from '../contract.ts';
import { expectData } from '../testing/answers.ts';
import { freshSessionCode, PIX_CONTACT } from '../testing/fixtures.ts';
import { dueDateFrom } from './boleto.ts';
import { BOLETO_NOT_FOUND } from './boleto-routes.ts';

let sandbox: TestSandbox;
afterEach(() => sandbox.close());

const freshSession = (from: string) => freshSessionCode(sandbox, from);

const currentOrder = async (session: string) =>
  expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session }));

/** A fresh copy of `from`, finished on the checkout with `method`; answers the session and the order. */
async function finishedWith(method: PaymentMethod, from = 'demo-pix') {
  const session = await freshSession(from);
  const confirmed = await sandbox.post(
    '/api/order/confirm',
    { ...PIX_CONTACT, paymentMethod: method },
    { session },
  );
  expect(expectData('agentConfirmOrder', confirmed)).toMatchObject({ status: OrderState.Received });
  return { session, order: await currentOrder(session) };
}

/** Reais to cents without float drift. */
const cents = (reais: number) => Math.round(reais * 100);

describe('a shopper who finishes with Boleto', () => {
  it("gets a valid linha digitável for the order's total to the cent, due in 3 days, and its PDF", async () => {
    sandbox = await startTestSandbox();
    const before = new Date();
    const { order } = await finishedWith(PaymentMethod.Boleto);
    expect(order.payment).toMatchObject({ method: PaymentMethod.Boleto, status: PaymentStatus.Waiting });
    const boleto = orderBoleto(order);
    expect(boleto).toBeDefined();
    expect(boletoSchema.parse((order.payment as { boleto: unknown }).boleto)).toEqual(boleto);
    const line = boleto?.digitableLine ?? '';
    expect(line).toMatch(/^\d{47}$/);
    expect(isValidBoleto(line)).toBe(true);
    const info = getBoletoInfo(line, { referenceDate: before });
    const total = cents(order.totalAmout ?? Number.NaN);
    expect(total).toBeGreaterThan(0);
    expect(info?.amount).toBe(total);
    // Due 3 days after the finish, in Brasília's calendar (a run across midnight may see either day).
    expect([dueDateFrom(before), dueDateFrom(new Date())]).toContain(boleto?.dueDate);
    const due = info?.expirationDate;
    expect(
      due &&
        `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}`,
    ).toBe(boleto?.dueDate);

    const pdf = await fetch(`${sandbox.url}${boleto?.pdfUrl}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(bytes.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    const text = bytes.toString('latin1');
    // The slip's amount, due date and line are on the page.
    expect(text).toContain(`Vencimento: ${boleto?.dueDate?.split('-').reverse().join('/')}`);
    expect(text).toContain(line.slice(33));
    expect(text).toMatch(/Valor: R\$\s[\d.]+,\d\d/);
  });

  it('the PDF is only at its own address: another token, another order or a made-up name is a 404', async () => {
    sandbox = await startTestSandbox();
    const { order } = await finishedWith(PaymentMethod.Boleto);
    const url = orderBoleto(order)?.pdfUrl ?? '';
    const match = /\/(\d+)-([a-z0-9]{32})\.pdf$/.exec(url);
    expect(match).not.toBeNull();
    const [, id, token] = match ?? [];
    const wrongToken = `${token?.slice(0, 31)}${token?.endsWith('a') ? 'b' : 'a'}`;
    for (const file of [
      `${id}-${wrongToken}.pdf`,
      `${Number(id) + 1}-${token}.pdf`,
      'boleto.pdf',
      `${id}.pdf`,
    ]) {
      const answer = await sandbox.get(`/api/sandbox/boletos/${file}`);
      expect(answer.status, file).toBe(404);
      expect(answer.body).toMatchObject({ success: false, errors: [{ message: BOLETO_NOT_FOUND }] });
    }
  });

  it('an order finished with Pix gets no boleto', async () => {
    sandbox = await startTestSandbox();
    const { order } = await finishedWith(PaymentMethod.Pix);
    expect(orderBoleto(order)).toBeUndefined();
  });
});

describe('a shopper who finishes with Link', () => {
  it("gets the link provider's page on the order", async () => {
    sandbox = await startTestSandbox();
    const { order } = await finishedWith(PaymentMethod.Link);
    expect(order.payment).toMatchObject({
      method: PaymentMethod.Link,
      status: PaymentStatus.Waiting,
      link: `https://pagamento.exemplo.com.br/pagbrasil/${order.id}`,
    });
  });
});

describe('a backend without the extension', () => {
  for (const [name, options, from] of [
    ['SANDBOX_PIX_CHARGES=off', { pixCharges: false }, 'demo-pix'],
    ["demo-pix-classico's shop", {}, 'demo-pix-classico'],
  ] as const) {
    it(`${name}: Boleto and Link finish as before, with no boleto, no link and no PDF address`, async () => {
      sandbox = await startTestSandbox(options);
      const boleto = await finishedWith(PaymentMethod.Boleto, from);
      expect(boleto.order.payment).toMatchObject({ method: PaymentMethod.Boleto, link: null });
      expect(boleto.order.payment).not.toHaveProperty('boleto');
      const link = await finishedWith(PaymentMethod.Link, from);
      expect(link.order.payment).toMatchObject({ method: PaymentMethod.Link, link: null });
      expect(
        (await sandbox.get(`/api/sandbox/boletos/${boleto.order.id}-${'a'.repeat(32)}.pdf`)).status,
      ).toBe(404);
    });
  }
});
