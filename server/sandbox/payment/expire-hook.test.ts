// The sandbox-only end of a payment's window (POST /api/sandbox/payments/expire): after it the order
// reads and behaves as a payment whose 30 minutes ran out, and every payment call says so (409).
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentStatus } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { openTestSession } from '../testing/fixtures.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

let sessions = 0;
function freshShopper(): string {
  sessions += 1;
  return openTestSession(sandbox.db, `teste-expira-${sessions}`, {
    items: [
      { productId: '1008', quantity: 2 },
      { productId: '1001', quantity: 1 },
    ],
  });
}

const expire = (session: unknown) => sandbox.post('/api/sandbox/payments/expire', { session });
const chooseInstallments = (session: string) =>
  sandbox.post(
    '/api/order/payment/credit/installments',
    { providerId: 'cartao-loja', installments: 2 },
    { session },
  );

describe('POST /api/sandbox/payments/expire', () => {
  it('ends the window of a payment under way: the order says Expired and the card page calls answer 409', async () => {
    const session = freshShopper();
    expectData('setInstallments', await chooseInstallments(session));

    const answer = await expire(session);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ success: true, data: { status: PaymentStatus.Expired }, errors: [] });

    const order = expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session }));
    expect(order.payment?.status).toBe(PaymentStatus.Expired);
    expect(expectRefusal(await chooseInstallments(session), 409).message).toBe(
      'O tempo para pagamento expirou',
    );
  });

  it('after expiry the shopper may still give the payment up to choose another method', async () => {
    const session = freshShopper();
    expectData('setInstallments', await chooseInstallments(session));
    expect((await expire(session)).status).toBe(200);

    const changed = await sandbox.get('/api/order/payment/update', { session });
    expect(expectData('changePaymentMethod', changed)).toEqual({ status: PaymentStatus.Canceled });
  });

  it('refuses in Portuguese: no payment yet (409), an unknown session (404), a malformed body (400)', async () => {
    expect(expectRefusal(await expire(freshShopper()), 409).message).toBe(
      'Este pedido ainda não tem um pagamento em andamento.',
    );
    expect(expectRefusal(await expire('sessao-que-nao-existe'), 404).message).toBe('Sessão não encontrada.');
    expectRefusal(await expire('código inválido!'), 400);
    expectRefusal(await expire(42), 400);
    expectRefusal(
      await sandbox.post('/api/sandbox/payments/expire', { session: 'demo-shopper', extra: 1 }),
      400,
    );
  });

  it('a payment given up to change the method cannot expire (409)', async () => {
    const session = freshShopper();
    expectData('setInstallments', await chooseInstallments(session));
    expect((await sandbox.get('/api/order/payment/update', { session })).status).toBe(200);
    expect(expectRefusal(await expire(session), 409).message).toBe(
      'Só um pagamento em andamento pode expirar.',
    );
  });
});
