// Reading (never building) a BR Code: the payment provider builds it (docs/domain.md, "Pix"). The page
// names the receiver as the code does, which is the name the shopper's bank app shows before paying.
// Why not brazilian-utils' getPixPayloadInfo (already the SPA's for CPF and CNPJ): measured, it put its
// Pix module into the chunk the checkout shares with the card page, +0.7 KB brotli on the card page and
// the address modal (over their budgets) and +1.6 KB on the Pix page, for this one field. The test kit
// (features/status/pix/pix-testing.ts) builds its codes with that library, so this reader meets real ones.

/** The EMV field that names the receiver ('Merchant Name', ID 59, up to 25 characters). */
const MERCHANT_NAME_ID = '59';

/**
 * The receiver's name inside a BR Code (its top-level EMV fields: a two-digit ID, a two-digit length,
 * the value), or undefined when the code does not read as EMV.
 */
export function brCodeMerchantName(brCode: string): string | undefined {
  let at = 0;
  while (at + 4 <= brCode.length) {
    const head = brCode.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) return undefined;
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    if (at + 4 + length > brCode.length) return undefined;
    const value = brCode.slice(at + 4, at + 4 + length);
    if (id === MERCHANT_NAME_ID) return value.trim() || undefined;
    at += 4 + length;
  }
  return undefined;
}
