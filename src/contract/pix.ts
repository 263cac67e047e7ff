// The Pix charge: an OPTIONAL extension of the contract (decision 0023; the spec's API carries none,
// 'Pix is paid via copy and paste' in the chat). A backend that has it answers the order's charge
// on the order (`pixCharge`) and through the calls of calls/pix.ts; a backend without it answers
// neither, and the SPA keeps the spec's flow exactly ('Pedido finalizado', or the chat).
//
// A charge is one dynamic, single-use BR Code ('copia e cola', EMV) for the order's total, with its
// txid and deadline. It is `pending` until the provider says it was paid (`paid`), its deadline
// passes (`expired`: the shopper may ask for a new one, with a new txid) or the order is canceled
// (`canceled`). The old code of an expired charge is never payable again.
import { z } from 'zod/mini';
import { money, opt, tolerant } from './shared.ts';

export const PIX_CHARGE_STATUSES = ['pending', 'paid', 'expired', 'canceled'] as const;
export const pixChargeStatusSchema = z.enum(PIX_CHARGE_STATUSES);

/** An EMV QR payload is at most 512 characters (EMVCo MPM: a two-digit length per field, 99 each). */
export const MAX_BR_CODE_LENGTH = 512;
/** A Pix txid: up to 35 letters and digits (BACEN: 26–35 for a charge, up to 25 in a static code). */
export const MAX_TXID_LENGTH = 35;

/** An instant in ISO 8601 with its offset (`2026-11-27T23:40:00.000Z`): Date.parse reads it. */
const isoInstant = z.string().check(
  z.maxLength(40),
  z.refine((value) => !Number.isNaN(Date.parse(value)), 'not an ISO 8601 instant'),
);

export const pixChargeSchema = tolerant({
  txid: z.string().check(z.minLength(1), z.maxLength(MAX_TXID_LENGTH)),
  /** The BR Code ('Pix copia e cola'): the QR code's content, and what the shopper copies. */
  brCode: z.string().check(z.minLength(1), z.maxLength(MAX_BR_CODE_LENGTH)),
  /** In BRL: the order's total to the cent. */
  amount: money,
  /** When the code stops being payable (the server's clock). */
  expiresAt: isoInstant,
  status: pixChargeStatusSchema,
  /**
   * The server's clock as it answered: the page's countdown runs on `expiresAt - now` from the moment
   * the answer arrived, so a phone whose clock is off still shows the right time left.
   */
  now: opt(isoInstant),
  /** When the provider told the backend it was paid (status `paid`). */
  paidAt: opt(isoInstant),
});
export type PixCharge = z.infer<typeof pixChargeSchema>;

/**
 * A boleto the backend issued for the order (the same optional extension, on `order.payment.boleto`):
 * the 'linha digitável' the shopper copies into the bank's app, and the PDF, which in-app browsers
 * cannot show (the page says it opens in the browser).
 */
export const boletoSchema = tolerant({
  digitableLine: z.string().check(z.minLength(1), z.maxLength(100)),
  pdfUrl: opt(z.string().check(z.maxLength(2000))),
  /** The due date, `YYYY-MM-DD`. */
  dueDate: opt(z.string().check(z.maxLength(40))),
});
export type Boleto = z.infer<typeof boletoSchema>;

/**
 * The order's boleto (`order.payment.boleto`), when the backend has the extension. It is read here,
 * not in order.ts's schema: the order is parsed on the landing route, whose JavaScript budget must
 * not carry the payment pages' schemas; the order's schema is tolerant, so the field arrives
 * unparsed. Anything malformed counts as absent (the spec's flow).
 */
export function orderBoleto(order: unknown): Boleto | undefined {
  const field = (order as { payment?: { boleto?: unknown } | null } | null | undefined)?.payment?.boleto;
  const parsed = boletoSchema.safeParse(field);
  return parsed.success ? parsed.data : undefined;
}
