// The Pix charge, modelled as a payment provider issues it (an optional extension of the contract:
// src/contract/pix.ts, docs/decisions/0023-pix-charge-extension.md).
//
// A charge is one BR Code ('Pix copia e cola') for the order's total to the cent, built with pix-utils:
// the amount in field 54, the charge's txid in field 62-05, the point of initiation '12' (single use:
// 'só pode ser utilizado uma vez', Manual do BR Code) and the CRC16 of field 63. It is `pending` until
// the provider says it was paid (the sandbox's POST /api/sandbox/pix/paid), until its deadline passes
// (`expired`, written when it is next read, as a provider answers a charge it no longer takes) or until
// the order is canceled (`canceled`). A new code is a new charge with a new txid: an expired code is
// never answered as payable again.
//
// The txid is 25 letters and digits: field 62-05 of a code that carries the key and the amount holds at
// most 25 (Manual do BR Code; pix-utils refuses more). The 26–35 of BACEN's API is the txid of a
// charge whose code carries only the provider's address (field 26-25, '***' in 62-05), which a page
// could not read the amount or the txid from.
import { randomInt } from 'node:crypto';
import { createStaticPix, hasError } from 'pix-utils';
import { Channel, OrderState, PaymentMethod, PaymentStatus, type PixCharge } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { SandboxHttpError } from '../http/envelope.ts';
import { type CheckoutState, readCheckout, writeCheckout } from '../order/order-state.ts';
import type { OrderRow } from '../order/orders.ts';
import { addToOutbox } from '../outbox/outbox-store.ts';
import { formatBrl } from '../rules/brl.ts';
import { centsToReais } from '../rules/money.ts';
import type { SessionRecord } from '../session/sessions.ts';
import type { Shop } from '../shop/shops.ts';
import { type PixChargeRule, pixChargeRule } from './rules.ts';

export type PixChargeStatus = PixCharge['status'];

export type PixChargeRow = {
  id: number;
  txid: string;
  order_id: number;
  br_code: string;
  amount_cents: number;
  expires_at: string;
  status: PixChargeStatus;
  created_at: string;
  paid_at: string | null;
};

/** Letters and digits of a txid (BACEN: [a-zA-Z0-9]). */
const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The most field 62-05 holds in a code that carries the key and the amount. */
export const TXID_LENGTH = 25;

export const PIX_MESSAGES = {
  noCharge: 'Este pedido não tem cobrança Pix.',
  stillPayable: 'Este Pix ainda pode ser pago.',
  alreadyPaid: 'Este pedido já foi pago.',
  canceled: 'Este pedido foi cancelado.',
  notPending: 'Este código Pix não pode mais ser pago.',
  notFound: 'Cobrança Pix não encontrada.',
} as const;

/**
 * How the shop's charges are issued, or null when this call has no extension: off for the whole
 * sandbox (SANDBOX_PIX_CHARGES, pix-switch.ts) or for this shop (its rules' `pixCharges: null`).
 */
export function chargeRuleOf(context: { shop: Shop; pixCharges: boolean }): PixChargeRule | null {
  return context.pixCharges ? pixChargeRule(context.shop.rules.payment) : null;
}

/** A fresh txid: 25 random letters and digits (about 149 bits, never reused: the column is unique). */
export function newTxid(): string {
  let txid = '';
  for (let i = 0; i < TXID_LENGTH; i++) txid += TXID_ALPHABET[randomInt(TXID_ALPHABET.length)];
  return txid;
}

/** Upper case ASCII without accents, at most `max` characters (fields 59 and 60 of the code). */
function emvText(text: string, max: number, fallback: string): string {
  const ascii = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();
  return ascii || fallback;
}

/** The BR Code of a charge: the shop's key and name, the rule's city, the amount and the txid. */
export function buildBrCode(input: {
  merchantName: string;
  rule: Pick<PixChargeRule, 'key' | 'city'>;
  txid: string;
  amountCents: number;
}): string {
  // pix-utils 2.8 writes field 01 = '12' from `oneTime` (its `isTransactionUnique` is not read yet).
  const params: Parameters<typeof createStaticPix>[0] & { oneTime: boolean } = {
    merchantName: emvText(input.merchantName, 25, 'LOJA'),
    merchantCity: emvText(input.rule.city, 15, 'BRASIL'),
    pixKey: input.rule.key,
    txid: input.txid,
    transactionAmount: centsToReais(input.amountCents),
    isTransactionUnique: true,
    oneTime: true,
  };
  const pix = createStaticPix(params);
  if (hasError(pix)) throw new Error(`pix-utils refused the charge: ${pix.message}`);
  return pix.toBRCode();
}

const SELECT = `SELECT id, txid, order_id, br_code, amount_cents, expires_at, status, created_at, paid_at
  FROM pix_charges`;

/** The order's current charge: its newest. */
export function currentCharge(db: SandboxDb, orderId: number): PixChargeRow | undefined {
  return db
    .prepare<[number], PixChargeRow>(`${SELECT} WHERE order_id = ? ORDER BY id DESC LIMIT 1`)
    .get(orderId);
}

export function chargeByTxid(db: SandboxDb, txid: string): PixChargeRow | undefined {
  return db.prepare<[string], PixChargeRow>(`${SELECT} WHERE txid = ?`).get(txid);
}

/** The charge's status at `now`: a pending one whose deadline has passed is expired. */
export function chargeStatusAt(charge: PixChargeRow, now: Date): PixChargeStatus {
  return charge.status === 'pending' && Date.parse(charge.expires_at) <= now.getTime()
    ? 'expired'
    : charge.status;
}

/** Writes the expiry of a pending charge read past its deadline; returns the charge as it now is. */
export function settleExpiry(db: SandboxDb, charge: PixChargeRow, now: Date): PixChargeRow {
  if (chargeStatusAt(charge, now) === charge.status) return charge;
  db.prepare("UPDATE pix_charges SET status = 'expired' WHERE id = ? AND status = 'pending'").run(charge.id);
  return { ...charge, status: 'expired' };
}

/** The charge as the contract answers it (src/contract/pix.ts), with the server's clock. */
export function chargeToWire(charge: PixChargeRow, now: Date): PixCharge {
  return {
    txid: charge.txid,
    brCode: charge.br_code,
    amount: centsToReais(charge.amount_cents),
    expiresAt: charge.expires_at,
    status: chargeStatusAt(charge, now),
    now: now.toISOString(),
    ...(charge.paid_at ? { paidAt: charge.paid_at } : {}),
  };
}

/** The order's payment status as its charge makes it (section 3's PaymentStatus). */
export function paymentStatusOfCharge(status: PixChargeStatus): PaymentStatus {
  switch (status) {
    case 'pending':
      return PaymentStatus.Waiting;
    case 'paid':
      return PaymentStatus.Paid;
    case 'expired':
      return PaymentStatus.Expired;
    default:
      return PaymentStatus.Canceled;
  }
}

/** Whether the order is paid by a provider's Pix charge (not the shop's own key, not another method). */
export function paysWithPixCharge(state: CheckoutState): boolean {
  return state.payment?.method === PaymentMethod.Pix && state.payment.manualInformation === null;
}

/**
 * A new pending charge for the order's total, deadline `rule.expirySeconds` from now. Call inside the
 * route's transaction (the one-pending index refuses a second pending charge of the same order).
 */
export function createCharge(
  db: SandboxDb,
  input: { order: Pick<OrderRow, 'id'>; shop: Shop; rule: PixChargeRule; amountCents: number; now: Date },
): PixChargeRow {
  const txid = newTxid();
  const brCode = buildBrCode({
    merchantName: input.shop.name,
    rule: input.rule,
    txid,
    amountCents: input.amountCents,
  });
  const createdAt = input.now.toISOString();
  const expiresAt = new Date(input.now.getTime() + input.rule.expirySeconds * 1000).toISOString();
  const result = db
    .prepare(
      `INSERT INTO pix_charges (txid, order_id, br_code, amount_cents, expires_at, status, created_at)
       VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
    )
    .run(txid, input.order.id, brCode, input.amountCents, expiresAt, createdAt);
  return {
    id: Number(result.lastInsertRowid),
    txid,
    order_id: input.order.id,
    br_code: brCode,
    amount_cents: input.amountCents,
    expires_at: expiresAt,
    status: 'pending',
    created_at: createdAt,
    paid_at: null,
  };
}

/** The message the contact receives in the chat: the amount, the code and until when it is payable. */
export function pixCodeMessage(
  charge: PixChargeRow,
  orderId: number,
  shopName: string,
): Record<string, unknown> {
  const deadline = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(charge.expires_at));
  return {
    orderId: String(orderId),
    txid: charge.txid,
    brCode: charge.br_code,
    amount: centsToReais(charge.amount_cents),
    amountText: formatBrl(charge.amount_cents),
    expiresAt: charge.expires_at,
    text: [
      `*Pix do pedido nº ${orderId}* (${shopName})`,
      `Valor: ${formatBrl(charge.amount_cents)}`,
      `Pague até ${deadline} (horário de Brasília) com o Pix copia e cola:`,
      charge.br_code,
    ].join('\n'),
  };
}

/** Sends the pending charge's code to the session's chat (the sandbox's outbox). */
export function sendChargeToChat(
  db: SandboxDb,
  session: Pick<SessionRecord, 'code'>,
  charge: PixChargeRow,
  order: { id: number; shopName: string },
  now: Date,
) {
  return addToOutbox(db, session.code, 'pix-code', pixCodeMessage(charge, order.id, order.shopName), now);
}

/** WhatsApp shoppers get the code in the chat as well (the spec's flow sends them back there). */
export const sendsCodeOnConfirm = (session: Pick<SessionRecord, 'channelType'>) =>
  session.channelType === Channel.WhatsApp;

const conflict = (message: string) => new SandboxHttpError(409, message, 'validation');

/**
 * The provider's 'paid' notification: the charge is paid, the order's payment Paid, and the order
 * Received (the spec's paid state; a confirmed order already is). Refused for a charge that is no
 * longer payable: a provider never settles an expired or canceled code.
 */
export function markChargePaid(db: SandboxDb, charge: PixChargeRow, now: Date): PixChargeRow {
  const status = chargeStatusAt(charge, now);
  if (status === 'paid') throw conflict(PIX_MESSAGES.alreadyPaid);
  if (status !== 'pending') {
    settleExpiry(db, charge, now);
    throw conflict(PIX_MESSAGES.notPending);
  }
  const paidAt = now.toISOString();
  db.prepare("UPDATE pix_charges SET status = 'paid', paid_at = ? WHERE id = ?").run(paidAt, charge.id);
  const order = db
    .prepare<[number], Pick<OrderRow, 'id' | 'checkout' | 'status'>>(
      'SELECT id, checkout, status FROM orders WHERE id = ?',
    )
    .get(charge.order_id);
  if (order) {
    const state = readCheckout(order);
    if (state.payment) {
      writeCheckout(
        db,
        order,
        { ...state, payment: { ...state.payment, status: PaymentStatus.Paid, failureType: null } },
        () => now,
      );
    }
    if (order.status === OrderState.Creating) {
      db.prepare('UPDATE orders SET status = ?, updated_at = ? WHERE id = ?').run(
        OrderState.Received,
        paidAt,
        order.id,
      );
    }
  }
  return { ...charge, status: 'paid', paid_at: paidAt };
}

/** Canceling the order cancels its pending charge: the code can no longer be paid. */
export function cancelPendingCharge(db: SandboxDb, orderId: number): void {
  db.prepare("UPDATE pix_charges SET status = 'canceled' WHERE order_id = ? AND status = 'pending'").run(
    orderId,
  );
}

/**
 * Moves a pending charge's deadline to now (the sandbox's shortcut to 'expired' for tests). Only the
 * deadline: the status turns when the charge is next read, as it does when the time runs out.
 */
export function expireChargeNow(db: SandboxDb, charge: PixChargeRow, now: Date): PixChargeRow {
  if (chargeStatusAt(charge, now) !== 'pending') throw conflict(PIX_MESSAGES.notPending);
  const at = now.toISOString();
  db.prepare('UPDATE pix_charges SET expires_at = ? WHERE id = ?').run(at, charge.id);
  return { ...charge, expires_at: at };
}
