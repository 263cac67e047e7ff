// The sandbox's boletos, built by payment/boleto.ts, read by a DIFFERENT library:
// @brazilian-utils/brazilian-utils (already a dependency; its own módulo 10 and 11 checks and its
// due-date factor, written to Carta-Circular BCB nº 2.926/2000 and FEBRABAN's layout). Over totals
// from R$ 0,01 to R$ 99.999,99 and due dates across the factor's 2025 restart, the line a shopper's
// bank app reads is valid, carries the bank, the order's total to the cent and the due date.
import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitableLine, dueDateFactor, freeFieldFor, issueBoleto, SANDBOX_BOLETO_BANK } from './boleto.ts';

/** R$ 0,01 to R$ 99.999,99 in cents, the two ends always among the runs. */
const totalsInCents = fc.oneof(
  { arbitrary: fc.constantFrom(1, 9_999_999), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 9_999_999 }), weight: 4 },
);

/** Days from 2024-01-01 to 2035-12-31, the 2025-02-21/22 restart of the factor always among them. */
const dueDates = fc
  .oneof(
    { arbitrary: fc.constantFrom(Date.UTC(2025, 1, 21), Date.UTC(2025, 1, 22)), weight: 1 },
    { arbitrary: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2035, 11, 31) }), weight: 4 },
  )
  .map((ms) => new Date(ms).toISOString().slice(0, 10));

const localDate = (date: Date | null | undefined) =>
  date
    ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
    : null;

describe("the sandbox's boleto, read by another library", () => {
  it('is a valid linha digitável carrying the bank, the total to the cent and the due date, for any total', () => {
    fc.assert(
      fc.property(
        totalsInCents,
        dueDates,
        fc.integer({ min: 1, max: 2 ** 31 }),
        (amountCents, dueDate, orderId) => {
          const line = digitableLine({
            bank: SANDBOX_BOLETO_BANK,
            dueDate,
            amountCents,
            freeField: freeFieldFor(orderId),
          });
          expect(line).toMatch(/^\d{47}$/);
          expect(isValidBoleto(line)).toBe(true);
          // The reference date picks the factor's cycle: the issue is at most days before the due date.
          const info = getBoletoInfo(line, { referenceDate: new Date(`${dueDate}T12:00:00`) });
          expect(info?.bankCode).toBe(SANDBOX_BOLETO_BANK);
          expect(info?.amount).toBe(amountCents);
          expect(localDate(info?.expirationDate)).toBe(dueDate);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a line with one digit of its three fields or of its check digit changed is refused by the other library', () => {
    fc.assert(
      fc.property(
        totalsInCents,
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 1, max: 9 }),
        (amountCents, at, plus) => {
          // Módulo 10 catches any one digit in a field. Not so in the factor and amount: módulo 11 writes 1
          // for three remainders, so the scheme itself lets some changes there through.
          const line = issueBoleto(42, amountCents, new Date()).digitableLine;
          const changed = line.slice(0, at) + String((Number(line[at]) + plus) % 10) + line.slice(at + 1);
          expect(isValidBoleto(changed)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the factor is FEBRABAN's: 1000 on 03/07/2000, 9999 on 21/02/2025, 1000 again on 22/02/2025", () => {
    expect(dueDateFactor('2000-07-03')).toBe(1000);
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
  });
});
