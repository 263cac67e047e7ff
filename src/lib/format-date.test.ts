import { describe, expect, it } from 'vitest';
import { formatDate, formatDayMonth } from './format-date.ts';

describe('formatDate and formatDayMonth', () => {
  it('a Date is shown as dd/mm/yyyy with leading zeros', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('05/01/2024');
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('31/12/2024');
  });

  it('a Date is shown as dd/mm by formatDayMonth', () => {
    expect(formatDayMonth(new Date(2024, 0, 5))).toBe('05/01');
  });

  it('a YYYY-MM-DD string is the same calendar day in any time zone', () => {
    expect(formatDate('2024-01-05')).toBe('05/01/2024');
    expect(formatDayMonth('2024-01-05')).toBe('05/01');
  });

  it('an ISO date-time without offset is read as local time', () => {
    expect(formatDate('2024-03-09T23:30:00')).toBe('09/03/2024');
    expect(formatDate('2024-03-09 00:15')).toBe('09/03/2024');
  });

  it('an ISO date-time with an offset is shown in the local time zone', () => {
    const instant = '2024-03-09T12:00:00Z';
    expect(formatDate(instant)).toBe(formatDate(new Date(Date.UTC(2024, 2, 9, 12))));
  });

  it('surrounding whitespace is ignored', () => {
    expect(formatDate(' 2024-01-05 ')).toBe('05/01/2024');
  });

  it('a date that does not exist is shown as nothing', () => {
    expect(formatDate('2023-02-29')).toBe('');
    expect(formatDayMonth('2024-13-01')).toBe('');
  });

  it('an invalid Date or an unparseable string is shown as nothing', () => {
    expect(formatDate(new Date(Number.NaN))).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('amanhã')).toBe('');
    expect(formatDayMonth(new Date('invalid'))).toBe('');
  });

  it('a dd/mm/yyyy string is refused rather than misread in US order', () => {
    expect(formatDate('05/01/2024')).toBe('');
  });
});
