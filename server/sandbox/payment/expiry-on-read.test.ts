// A payment whose window closed reads as Expired on the order itself, before any payment call.
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PaymentStatus } from '../contract.ts';
import { expectData } from '../testing/answers.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const setExpiry = (session: string, expiresAt: string) =>
  sandbox.db
    .prepare(
      `UPDATE orders SET checkout = json_set(checkout, '$.payment.expiresAt', ?)
       WHERE session_code = ? AND is_current = 1`,
    )
    .run(expiresAt, session);

it('shows a waiting payment as Expired on the order once its window has closed', async () => {
  const session = { session: 'demo-link-pagamento' };
  const before = expectData('getCurrentOrder', await sandbox.get('/api/order/current', session));
  expect(before.payment?.status).toBe(PaymentStatus.Waiting);

  setExpiry('demo-link-pagamento', new Date(Date.now() + 60_000).toISOString());
  const open = expectData('getCurrentOrder', await sandbox.get('/api/order/current', session));
  expect(open.payment?.status).toBe(PaymentStatus.Waiting);

  setExpiry('demo-link-pagamento', new Date(Date.now() - 1_000).toISOString());
  const after = expectData('getCurrentOrder', await sandbox.get('/api/order/current', session));
  expect(after.payment?.status).toBe(PaymentStatus.Expired);
});
