// The boleto, modelled as a payment provider issues it (the optional extension of decision 0023, on
// `order.payment.boleto`, src/contract/pix.ts): a 'linha digitável' for the order's total to the cent,
// due 3 days ahead (the sandbox's rule), and a PDF of it.
//
// The line is the 47 digits of a cobrança bancária slip (Carta-Circular BCB nº 2.926/2000, FEBRABAN):
// three fields of the barcode's bank, currency '9' and 'campo livre', each with its módulo 10 digit,
// then the barcode's general check digit (módulo 11, 1 for 0, 10 and 11), then the due-date factor
// and the amount. The factor counts days from 07/10/1997 and starts again at 1000 after 9999
// (22/02/2025 is 1000 again; FEBRABAN, the banks' layouts). No npm library builds a line for a given
// amount and date without bringing in an HTML or PDF renderer of its own (node-boleto pins an old ejs,
// gerar-boletos pdfkit 0.10 and moment), so it is built here and checked against another library,
// `@brazilian-utils/brazilian-utils` (isValidBoleto, getBoletoInfo), in a property test.
import { randomInt, timingSafeEqual } from 'node:crypto';

/** The issuing bank in the sandbox's slips (COMPE code); the rest of the slip is the provider's. */
export const SANDBOX_BOLETO_BANK = '001';
/** Real ('9'), the only currency code of a boleto. */
const CURRENCY = '9';
/** Days from the issue to the due date (the sandbox's rule; real providers default to 1–5). */
export const BOLETO_DUE_DAYS = 3;
/** The largest amount the barcode's 10 digits hold. */
export const MAX_BOLETO_CENTS = 9_999_999_999;

const DAY_MS = 86_400_000;
/** 07/10/1997, day 0 of the due-date factor. */
const FACTOR_BASE = Date.UTC(1997, 9, 7);

/** Módulo 10 (weights 2, 1, 2... from the right, the digits of each product added). */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** The barcode's general check digit: módulo 11, weights 2 to 9 from the right; 0, 10 and 11 are 1. */
export function mod11(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += Number(digits[i]) * weight;
  }
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

/** The due-date factor of a `YYYY-MM-DD` date: days since 07/10/1997, from 1000 again after 9999. */
export function dueDateFactor(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const days = Math.round((Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1) - FACTOR_BASE) / DAY_MS);
  if (days < 1000) throw new RangeError(`no due-date factor before 03/07/2000: ${date}`);
  return days <= 9999 ? days : ((days - 1000) % 9000) + 1000;
}

/** The 'linha digitável' of a slip: its bank, due date, amount in cents and 25-digit campo livre. */
export function digitableLine(input: {
  bank: string;
  dueDate: string;
  amountCents: number;
  freeField: string;
}): string {
  const { bank, freeField, amountCents } = input;
  if (!/^\d{3}$/.test(bank)) throw new RangeError('a bank code is 3 digits');
  if (!/^\d{25}$/.test(freeField)) throw new RangeError('the campo livre is 25 digits');
  if (!Number.isInteger(amountCents) || amountCents < 0 || amountCents > MAX_BOLETO_CENTS) {
    throw new RangeError(`no boleto for ${amountCents} cents`);
  }
  const factorAndAmount =
    String(dueDateFactor(input.dueDate)).padStart(4, '0') + String(amountCents).padStart(10, '0');
  const general = mod11(bank + CURRENCY + factorAndAmount + freeField);
  const field1 = bank + CURRENCY + freeField.slice(0, 5);
  const field2 = freeField.slice(5, 15);
  const field3 = freeField.slice(15, 25);
  return (
    field1 +
    mod10(field1) +
    field2 +
    mod10(field2) +
    field3 +
    mod10(field3) +
    String(general) +
    factorAndAmount
  );
}

/** `YYYY-MM-DD`, in Brasília's calendar, `days` after `now`. */
export function dueDateFrom(now: Date, days = BOLETO_DUE_DAYS): string {
  // en-CA writes dates as YYYY-MM-DD.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  const [year, month, day] = today.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

const randomDigits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join('');

/**
 * The provider's campo livre: its agreement (7 digits, fixed in the sandbox), the 'nosso número'
 * (the order id, 10 digits) and 8 digits of its own. Only its length matters to the line's rules.
 */
export function freeFieldFor(orderId: number): string {
  return `0000001${String(orderId % 10_000_000_000).padStart(10, '0')}${randomDigits(8)}`;
}

/** What the order keeps of its boleto (order-state.ts, payment.boleto). */
export type IssuedBoleto = {
  digitableLine: string;
  dueDate: string;
  amountCents: number;
  /** The PDF's address holds it: 32 random letters and digits, as a provider's public PDF link. */
  pdfToken: string;
  issuedAt: string;
};

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN_LENGTH = 32;

export function issueBoleto(orderId: number, amountCents: number, now: Date): IssuedBoleto {
  const dueDate = dueDateFrom(now);
  let pdfToken = '';
  for (let i = 0; i < TOKEN_LENGTH; i++) pdfToken += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return {
    digitableLine: digitableLine({
      bank: SANDBOX_BOLETO_BANK,
      dueDate,
      amountCents,
      freeField: freeFieldFor(orderId),
    }),
    dueDate,
    amountCents,
    pdfToken,
    issuedAt: now.toISOString(),
  };
}

/** The PDF's file name in its address: `<order id>-<token>.pdf` (the BFF's sandboxBoletoPdf). */
export const BOLETO_PDF_FILE = /^([1-9]\d{0,15})-([a-z0-9]{32})\.pdf$/;

export function boletoPdfPath(orderId: number, boleto: Pick<IssuedBoleto, 'pdfToken'>): string {
  return `/api/sandbox/boletos/${orderId}-${boleto.pdfToken}.pdf`;
}

/** Whether `token` is the boleto's, compared in constant time. */
export function isBoletoToken(boleto: Pick<IssuedBoleto, 'pdfToken'>, token: string): boolean {
  const a = Buffer.from(boleto.pdfToken);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The boleto as the contract answers it (src/contract/pix.ts, boletoSchema). */
export function boletoToWire(orderId: number, boleto: IssuedBoleto) {
  return {
    digitableLine: boleto.digitableLine,
    pdfUrl: boletoPdfPath(orderId, boleto),
    dueDate: boleto.dueDate,
  };
}

/** The line as printed on a slip: `AAABC.CCCCX DDDDD.DDDDDY EEEEE.EEEEEZ K UUUUVVVVVVVVVV`. */
export function formatDigitableLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
}
