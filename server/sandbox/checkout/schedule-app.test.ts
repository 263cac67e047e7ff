// The schedule calls through the whole sandbox app (startTestSandbox: strict call shapes, the payment and
// send routes mounted beside them), on the real clock. schedule.test.ts checks the days and cut-offs
// behind a fixed clock, on the checkout routes alone; here a client of the real app is served too.
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { SHOPPER } from '../testing/fixtures.ts';

/** An operator of the scenario shop with the seller and schedule steps. */
const LOJAS = 'demo-lojas';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(() => sandbox.close());

const getSchedule = (session = LOJAS) => sandbox.get('/api/order/schedule', { session });
const choose = (body: unknown, session = LOJAS) => sandbox.post('/api/order/schedule', body, { session });

/** The last open slot of the last open day: days ahead, so its cut-off cannot pass during the test. */
async function farthestOpenSlot() {
  const { times } = expectData('getSchedule', await getSchedule());
  const day = (times ?? []).findLast((d) => d.options?.some((o) => o.enabled));
  const slot = day?.options?.findLast((o) => o.enabled);
  if (!day?.date || !slot?.startTime || !slot.endTime) throw new Error('no open slot in the schedule');
  return { day: day.date, startTime: slot.startTime, endTime: slot.endTime };
}

describe('GET /api/order/schedule in the sandbox app', () => {
  it('lists 7 days from today for a shop with the schedule step, Sunday without an open slot', async () => {
    const { times } = expectData('getSchedule', await getSchedule());
    expect(times).toHaveLength(7);
    for (const day of times ?? []) {
      expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(day.options?.map((o) => [o.startTime, o.endTime])).toEqual([
        ['08:00', '12:00'],
        ['13:00', '18:00'],
        ['18:00', '21:00'],
      ]);
    }
    const sunday = times?.find((d) => d.header === 'Domingo');
    expect(sunday?.options?.every((o) => o.enabled === false)).toBe(true);
  });

  it('refuses a query string (400) and a call without session (401)', async () => {
    const error = expectRefusal(
      await sandbox.get('/api/order/schedule?dia=segunda', { session: LOJAS }),
      400,
    );
    expect(error.message).toBe('Parâmetro não reconhecido: dia.');
    expectRefusal(await sandbox.get('/api/order/schedule'), 401);
  });
});

describe('POST /api/order/schedule in the sandbox app', () => {
  it('books an open slot: the answer and the order carry the choice', async () => {
    const slot = await farthestOpenSlot();
    const answer = expectData('setSchedule', await choose({ day: slot.day, startTime: slot.startTime }));
    expect(answer.times).toHaveLength(7);
    expect((answer as { selected?: unknown }).selected).toEqual(slot);
    const order = expectData('getCurrentOrder', await sandbox.get('/api/order/current', { session: LOJAS }));
    expect((order as { schedule?: unknown }).schedule).toEqual(slot);
  });

  it('refuses a time the day does not offer (400)', async () => {
    const { day } = await farthestOpenSlot();
    expect(expectRefusal(await choose({ day, startTime: '07:00' }), 400).message).toBe(
      'Horário não encontrado para este dia. Escolha um dos horários oferecidos.',
    );
  });

  it('refuses a choice in a shop that does not schedule deliveries (400)', async () => {
    const { day, startTime } = await farthestOpenSlot();
    expect(expectRefusal(await choose({ day, startTime }, SHOPPER), 400).message).toBe(
      'Esta loja não agenda entregas.',
    );
  });

  it('refuses a change of a cancelled order (409)', async () => {
    const slot = await farthestOpenSlot();
    expectData('cancelOrder', await sandbox.get('/api/order/cancel', { session: LOJAS }));
    expect(expectRefusal(await choose(slot), 409).message).toBe(
      'Este pedido foi cancelado e não pode mais ser alterado.',
    );
  });
});
