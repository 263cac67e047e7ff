import { describe, expect, it } from 'vitest';
import { checkoutRules } from '../seed/checkout.ts';
import type { ScheduleRule } from './rules.ts';
import { buildSchedule, findScheduleDay } from './schedule-days.ts';

const RULE = checkoutRules.schedule;
/** Monday 6 January 2025, 09:00 in São Paulo (UTC−3). */
const MONDAY_9H = new Date('2025-01-06T12:00:00Z');

describe('buildSchedule', () => {
  it('offers the rule days from today, headed by the weekday, dated YYYY-MM-DD', () => {
    const days = buildSchedule(RULE, MONDAY_9H);
    expect(days.map((d) => [d.header, d.date])).toEqual([
      ['Segunda-feira', '2025-01-06'],
      ['Terça-feira', '2025-01-07'],
      ['Quarta-feira', '2025-01-08'],
      ['Quinta-feira', '2025-01-09'],
      ['Sexta-feira', '2025-01-10'],
      ['Sábado', '2025-01-11'],
      ['Domingo', '2025-01-12'],
    ]);
  });

  it("disables today's slots whose cut-off ('Se pedir até') has passed", () => {
    const [today, tomorrow] = buildSchedule(RULE, MONDAY_9H);
    expect(today?.options).toEqual([
      { startTime: '08:00', endTime: '12:00', scheduleUntil: '06:00', enabled: false },
      { startTime: '13:00', endTime: '18:00', scheduleUntil: '11:00', enabled: true },
      { startTime: '18:00', endTime: '21:00', scheduleUntil: '16:00', enabled: true },
    ]);
    expect(tomorrow?.options?.every((o) => o.enabled)).toBe(true);
  });

  it('closes a slot exactly at its cut-off', () => {
    const at11 = buildSchedule(RULE, new Date('2025-01-06T14:00:00Z'));
    expect(at11[0]?.options?.map((o) => o.enabled)).toEqual([false, false, true]);
  });

  it('disables every slot of a closed weekday (Sunday)', () => {
    const sunday = buildSchedule(RULE, MONDAY_9H)[6];
    expect(sunday?.header).toBe('Domingo');
    expect(sunday?.options?.some((o) => o.enabled)).toBe(false);
  });

  it('uses São Paulo time: 23:30 on Monday is still Monday there although it is Tuesday in UTC', () => {
    const days = buildSchedule(RULE, new Date('2025-01-07T02:30:00Z'));
    expect(days[0]?.date).toBe('2025-01-06');
    expect(days[0]?.options?.some((o) => o.enabled)).toBe(false);
    expect(days[1]?.options?.[0]?.enabled).toBe(true);
  });

  it('crosses month and year ends', () => {
    const days = buildSchedule(RULE, new Date('2024-12-30T15:00:00Z'));
    expect(days.map((d) => d.date)).toEqual([
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
    ]);
  });

  it('names the day of a cut-off that falls the day before', () => {
    const early: ScheduleRule = {
      days: 2,
      closedWeekdays: [],
      slots: [{ startTime: '01:00', endTime: '03:00' }],
      cutoffMinutes: 120,
    };
    const [today, tomorrow] = buildSchedule(early, MONDAY_9H);
    expect(today?.options?.[0]).toMatchObject({ scheduleUntil: '23:00 de 05/01', enabled: false });
    expect(tomorrow?.options?.[0]).toMatchObject({ scheduleUntil: '23:00 de 06/01', enabled: true });
  });

  it('offers nothing for a rule of zero days', () => {
    expect(buildSchedule({ ...RULE, days: 0 }, MONDAY_9H)).toEqual([]);
  });
});

describe('findScheduleDay', () => {
  const days = buildSchedule(RULE, MONDAY_9H);
  it('finds a day by date, or by header', () => {
    expect(findScheduleDay(days, '2025-01-08')?.header).toBe('Quarta-feira');
    expect(findScheduleDay(days, 'quinta-feira')?.date).toBe('2025-01-09');
    expect(findScheduleDay(days, '2025-02-01')).toBeUndefined();
  });
});
