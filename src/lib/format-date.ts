/**
 * Dates as the checkout shows them (pt-BR, the shopper's time zone). Its own module: only the
 * checkout shows dates, so their formatters are not built on every page load (lib/format.ts).
 * Every formatter returns '' for a value that is not a date.
 */

// Built once: constructing an Intl formatter is far more expensive than using one.
const dayMonthYear = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dayMonth = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' });

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Turns a Date or an ISO 8601 string into a valid Date, or undefined.
 *
 * - 'YYYY-MM-DD' is a calendar date and is read in local time. `new Date('2024-01-05')` would read it
 *   as UTC midnight, which in Brazil (UTC-3) is the evening of 4 January.
 * - 'YYYY-MM-DDTHH:mm[:ss[.sss]][Z|±hh:mm]' (a space is accepted in place of the T) is read as usual:
 *   local time without an offset, the given offset otherwise.
 * - Anything else is refused: engines parse free text leniently and in US order ('05/01/2024' becomes
 *   1 May), which would silently show a wrong date.
 */
function toDate(date: Date | string): Date | undefined {
  if (date instanceof Date) return Number.isNaN(date.getTime()) ? undefined : date;

  const text = date.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const year = Number(dateOnly[1]);
    const month = Number(dateOnly[2]);
    const day = Number(dateOnly[3]);
    const local = new Date(year, month - 1, day);
    // Refuse dates that do not exist ('2023-02-29' would roll over to 1 March).
    const exists = local.getFullYear() === year && local.getMonth() === month - 1 && local.getDate() === day;
    return exists ? local : undefined;
  }
  if (ISO_DATE_TIME.test(text)) {
    const parsed = new Date(text.replace(' ', 'T'));
    return Number.isNaN(parsed.getTime()) ? undefined : parsed;
  }
  return undefined;
}

/** Formats a date as dd/mm/yyyy in the shopper's time zone: '05/01/2024'. '' when it is not a date. */
export function formatDate(date: Date | string): string {
  const parsed = toDate(date);
  return parsed ? dayMonthYear.format(parsed) : '';
}

/** Formats a date as dd/mm (the checkout schedule's 'header plus dd/mm'): '05/01'. '' when not a date. */
export function formatDayMonth(date: Date | string): string {
  const parsed = toDate(date);
  return parsed ? dayMonth.format(parsed) : '';
}
