import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlowStep } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { patchShopSettings, SHOPPER } from '../testing/fixtures.ts';
import { SCHEDULE_CLOSED_MESSAGE } from './schedule.ts';

/** Monday 6 January 2025, 09:00 in São Paulo. */
const NOW = new Date('2025-01-06T12:00:00Z');

let app: TestSandbox;
beforeEach(async () => {
  app = await startTestSandbox({ now: () => NOW });
  patchShopSettings(app.db, {
    steps: [FlowStep.Start, FlowStep.Logistic, FlowStep.Schedule, FlowStep.Payment],
  });
});
afterEach(() => app.close());

const getSchedule = () => app.get('/api/order/schedule', { session: SHOPPER });
const choose = (body: unknown) => app.post('/api/order/schedule', body, { session: SHOPPER });

describe('GET /api/order/schedule', () => {
  it('lists 7 days from today with enabled and disabled slots', async () => {
    const { times } = expectData('getSchedule', await getSchedule());
    expect(times).toHaveLength(7);
    expect(times?.[0]).toMatchObject({ header: 'Segunda-feira', date: '2025-01-06' });
    expect(times?.[0]?.options?.map((o) => [o.startTime, o.endTime, o.scheduleUntil, o.enabled])).toEqual([
      ['08:00', '12:00', '06:00', false],
      ['13:00', '18:00', '11:00', true],
      ['18:00', '21:00', '16:00', true],
    ]);
    expect(times?.[6]).toMatchObject({ header: 'Domingo' });
    expect(times?.[6]?.options?.every((o) => o.enabled === false)).toBe(true);
  });

  it('offers no day when the flow has no schedule step', async () => {
    patchShopSettings(app.db, { steps: [FlowStep.Start, FlowStep.Payment] });
    expect(expectData('getSchedule', await getSchedule()).times).toEqual([]);
  });

  it('needs a session', async () => {
    expectRefusal(await app.get('/api/order/schedule'), 401);
  });
});

describe('POST /api/order/schedule', () => {
  it('stores an open slot and answers the schedule with the choice', async () => {
    const answer = expectData(
      'setSchedule',
      await choose({ day: '2025-01-06', startTime: '13:00', endTime: '18:00' }),
    );
    expect(answer.times).toHaveLength(7);
    expect((answer as { selected?: unknown }).selected).toEqual({
      day: '2025-01-06',
      startTime: '13:00',
      endTime: '18:00',
    });
    const order = expectData('getCurrentOrder', await app.get('/api/order/current', { session: SHOPPER }));
    expect((order as { schedule?: unknown }).schedule).toEqual({
      day: '2025-01-06',
      startTime: '13:00',
      endTime: '18:00',
    });
  });

  it('accepts the day by its header', async () => {
    const answer = expectData('setSchedule', await choose({ day: 'Terça-feira', startTime: '08:00' }));
    expect((answer as { selected?: { day: string } }).selected?.day).toBe('2025-01-07');
  });

  it('refuses a slot past its cut-off, a closed day, an unknown day or slot', async () => {
    expect(expectRefusal(await choose({ day: '2025-01-06', startTime: '08:00' }), 400).message).toBe(
      SCHEDULE_CLOSED_MESSAGE,
    );
    expect(expectRefusal(await choose({ day: '2025-01-12', startTime: '08:00' }), 400).message).toBe(
      'Não entregamos neste dia (Domingo). Escolha outro dia.',
    );
    expectRefusal(await choose({ day: '2025-01-20', startTime: '08:00' }), 400);
    expectRefusal(await choose({ day: '2025-01-07', startTime: '07:00' }), 400);
    expectRefusal(await choose({ day: '2025-01-07', startTime: '08:00', endTime: '10:00' }), 400);
    expectRefusal(await choose({ day: '', startTime: '08:00' }), 400);
  });

  it('refuses a choice in a shop without the schedule step', async () => {
    patchShopSettings(app.db, { steps: [FlowStep.Start, FlowStep.Payment] });
    expect(expectRefusal(await choose({ day: '2025-01-07', startTime: '08:00' }), 400).message).toBe(
      'Esta loja não agenda entregas.',
    );
  });

  it('refuses a change on a received order (409)', async () => {
    expect((await app.get('/api/order/confirm', { session: SHOPPER })).status).toBe(200);
    expectRefusal(await choose({ day: '2025-01-07', startTime: '08:00' }), 409);
  });
});
