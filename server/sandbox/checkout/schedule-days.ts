// The delivery schedule as the shopper sees it at a given instant: from today, ScheduleRule.days days,
// each with its slots; a slot is enabled until its cut-off ('Se pedir até HH:MM') and never on a
// closed weekday. Pure: the instant is a parameter, so tests never depend on the real clock.
//
// Shop time is Brasília time, UTC−3 all year: Brazil abolished daylight saving time in 2019
// (Decreto 9.772/2019), so a fixed offset is exact for every date the sandbox can see.
import type { ScheduleRule } from './rules.ts';

const SHOP_UTC_OFFSET_MINUTES = -180;
const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

export const WEEKDAY_NAMES = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;

export type ScheduleSlotView = {
  startTime: string;
  endTime: string;
  /** The last moment to order for this slot, 'HH:MM' (with ' de dd/mm' when it falls on an earlier day). */
  scheduleUntil: string;
  enabled: boolean;
};

export type ScheduleDayView = {
  /** 'Segunda-feira' */
  header: string;
  /** 'YYYY-MM-DD' (the SPA shows it as dd/mm next to the header). */
  date: string;
  options: ScheduleSlotView[];
};

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' → minutes after midnight. The seed and scenario rules always hold valid times. */
export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * Shop-local wall-clock time as a Date whose UTC fields read as the local ones (a "floating" date):
 * day arithmetic is then plain UTC arithmetic with no time zone in the way.
 */
const toShopFloating = (instant: Date) => new Date(instant.getTime() + SHOP_UTC_OFFSET_MINUTES * MINUTE);

const isoDate = (floating: Date) =>
  `${floating.getUTCFullYear()}-${pad(floating.getUTCMonth() + 1)}-${pad(floating.getUTCDate())}`;

const dayMonth = (floating: Date) => `${pad(floating.getUTCDate())}/${pad(floating.getUTCMonth() + 1)}`;

function cutoffText(dayStart: Date, cutoffMinute: number): string {
  const at = new Date(dayStart.getTime() + cutoffMinute * MINUTE);
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  return cutoffMinute >= 0 ? time : `${time} de ${dayMonth(at)}`;
}

export function buildSchedule(rule: ScheduleRule, now: Date): ScheduleDayView[] {
  const local = toShopFloating(now);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const nowMinute = (local.getTime() - today) / MINUTE;
  return Array.from({ length: Math.max(0, rule.days) }, (_, offset) => {
    const dayStart = new Date(today + offset * DAY_MINUTES * MINUTE);
    const closed = rule.closedWeekdays.includes(dayStart.getUTCDay());
    return {
      header: WEEKDAY_NAMES[dayStart.getUTCDay()] ?? '',
      date: isoDate(dayStart),
      options: rule.slots.map((slot) => {
        const cutoffMinute = minutesOfDay(slot.startTime) - rule.cutoffMinutes;
        // Minutes from today's midnight to this slot's cut-off.
        const cutoffFromToday = offset * DAY_MINUTES + cutoffMinute;
        return {
          startTime: slot.startTime,
          endTime: slot.endTime,
          scheduleUntil: cutoffText(dayStart, cutoffMinute),
          enabled: !closed && nowMinute < cutoffFromToday,
        };
      }),
    };
  });
}

/** The offered day matching the choice: by its date, or by its header when no date matches. */
export function findScheduleDay(days: readonly ScheduleDayView[], day: string): ScheduleDayView | undefined {
  return (
    days.find((d) => d.date === day) ?? days.find((d) => d.header.toLowerCase() === day.trim().toLowerCase())
  );
}
