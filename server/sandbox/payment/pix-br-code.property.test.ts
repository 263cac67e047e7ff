// The sandbox's BR Codes, built with pix-utils, read by a DIFFERENT library: @brazilian-utils/
// brazilian-utils (already a dependency for CPF and CNPJ; its own TLV reader and CRC16-CCITT check,
// written to the Manual do BR Code). Over generated totals from R$ 0,01 to R$ 99.999,99, the code a
// shopper's bank app would read carries a valid CRC, the order's total to the cent in field 54, the
// charge's txid in field 62-05 and the single-use mark ('12' in field 01).
import { getPixPayloadInfo, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BR_CODE_LENGTH } from '../contract.ts';
import { SHOP_NAME } from '../seed/shop.ts';
import { buildBrCode, newTxid, TXID_LENGTH } from './pix-charges.ts';
import { DEFAULT_PIX_CHARGE_RULE } from './rules.ts';

/** R$ 0,01 to R$ 99.999,99 in cents, the two ends always among the runs. */
const totalsInCents = fc.oneof(
  { arbitrary: fc.constantFrom(1, 9_999_999), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 9_999_999 }), weight: 4 },
);

/** Field 54 as written (EMV: the amount with a dot and two decimals). */
function field54(code: string): string | undefined {
  // Top-level TLV walk just to find 54; the parsed amount comes from the other library.
  for (let at = 0; at + 4 <= code.length; ) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    const value = code.slice(at + 4, at + 4 + length);
    if (id === '54') return value;
    at += 4 + length;
  }
  return undefined;
}

describe("the sandbox's Pix code, read by another library", () => {
  it("is a valid BR Code carrying the order's total to the cent and the charge's txid, for any total", () => {
    fc.assert(
      fc.property(totalsInCents, (amountCents) => {
        const txid = newTxid();
        const code = buildBrCode({
          merchantName: SHOP_NAME,
          rule: DEFAULT_PIX_CHARGE_RULE,
          txid,
          amountCents,
        });
        expect(code.length).toBeLessThanOrEqual(MAX_BR_CODE_LENGTH);
        expect(isValidPixPayload(code)).toBe(true);
        const info = getPixPayloadInfo(code);
        expect(info).not.toBeNull();
        expect(info?.amount).toBe(amountCents / 100);
        expect(Math.round((info?.amount ?? 0) * 100)).toBe(amountCents);
        expect(field54(code)).toBe(
          `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`,
        );
        expect(info?.txid).toBe(txid);
        expect(info?.pointOfInitiation).toBe('dynamic');
        expect(info?.key).toBe(DEFAULT_PIX_CHARGE_RULE.key);
        expect(info?.merchantName).toBe('EMPORIO BOM PRECO');
        expect(info?.merchantCity).toBe('SAO PAULO');
      }),
      { numRuns: 300 },
    );
  });

  it('is refused by the other library once any one character of it changes: its CRC guards it', () => {
    fc.assert(
      fc.property(totalsInCents, fc.nat(), (amountCents, position) => {
        const code = buildBrCode({
          merchantName: SHOP_NAME,
          rule: DEFAULT_PIX_CHARGE_RULE,
          txid: newTxid(),
          amountCents,
        });
        // A digit of the amount, the txid or the CRC itself: a typo a copy could make.
        const at = position % code.length;
        const original = code.charAt(at);
        const changed = original === '7' ? '8' : '7';
        const tampered = `${code.slice(0, at)}${changed}${code.slice(at + 1)}`;
        expect(isValidPixPayload(tampered)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it(`gives every charge its own txid of ${TXID_LENGTH} letters and digits`, () => {
    const txids = Array.from({ length: 2_000 }, newTxid);
    for (const txid of txids) expect(txid).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(new Set(txids).size).toBe(txids.length);
  });

  it('writes a long or accented shop name and city as the code allows: upper-case ASCII, 25 and 15 characters', () => {
    const code = buildBrCode({
      merchantName: 'Padaria & Confeitaria São João da Bela Vista',
      rule: { ...DEFAULT_PIX_CHARGE_RULE, city: 'Ribeirão das Neves do Sul' },
      txid: newTxid(),
      amountCents: 1234,
    });
    expect(getPixPayloadInfo(code)).toMatchObject({
      merchantName: 'PADARIA & CONFEITARIA SAO',
      merchantCity: 'RIBEIRAO DAS NE',
      amount: 12.34,
    });
  });
});
