// Checks a card gateway makes before it asks the issuer: the number's Luhn check digit, the expiry,
// and the security code's length for the brand. Pure functions; nothing here keeps or logs a value.

/** Luhn (mod 10) check of a digits-only card number. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let digit = number.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** American Express numbers start with 34 or 37 and carry a 4-digit security code (spec section 5). */
export function isAmex(number: string): boolean {
  return /^3[47]/.test(number);
}

export function securityCodeFits(number: string, securityCode: string): boolean {
  return securityCode.length === (isAmex(number) ? 4 : 3);
}

/** Cards are issued for at most this many years ahead; a later expiry is a typing mistake. */
const MAX_YEARS_AHEAD = 20;

/**
 * Whether a card with this expiry can still be charged at `now`: valid through the last day of its
 * month (months compared in UTC). `year` has 2 digits (20yy) or 4.
 */
export function expiryIsValid(month: string, year: string, now: Date): boolean {
  const m = Number(month);
  const y = year.length === 2 ? 2000 + Number(year) : Number(year);
  if (!Number.isInteger(m) || m < 1 || m > 12 || !Number.isInteger(y)) return false;
  const expiry = y * 12 + (m - 1);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry >= current && expiry <= current + MAX_YEARS_AHEAD * 12;
}

/** The last four digits: the only part of a number the sandbox ever keeps. */
export function lastFour(number: string): string {
  return number.slice(-4);
}
