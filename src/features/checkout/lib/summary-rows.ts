// The summary's rows (spec section 2, item 9) from the order as the server computed it. Every amount
// in the total has a row, so the rows add up to the total shown (issue 20: a pick-up store's service
// tax was charged without a row).
import type { Order } from '@/contract/order.ts';

export type SummaryRow =
  | { kind: 'coupon'; label: 'Cupom'; text: string }
  | {
      kind: 'amount';
      label: 'Subtotal' | 'Descontos' | 'Entrega' | 'Taxa de serviço';
      amount: number;
      free?: boolean;
    }
  | { kind: 'total'; label: 'Total'; amount: number };

type SummaryOrder = Pick<
  Order,
  'coupon' | 'itemsAmout' | 'discountAmout' | 'totalAmout' | 'logistic' | 'seller'
>;

const toCents = (reais: number | null | undefined): number => Math.round((reais ?? 0) * 100);
const toReais = (cents: number): number => cents / 100;

/**
 * Cupom (when applied), Subtotal, Descontos (taken off), Entrega (when a logistic is chosen: its price or
 * 'Grátis'), Taxa de serviço (when a seller is set or the pick-up store charges one: the seller's plus
 * the store's), Total. Amounts in reais, summed in cents.
 */
export function summaryRows(order: SummaryOrder): SummaryRow[] {
  const rows: SummaryRow[] = [];
  if (order.coupon) rows.push({ kind: 'coupon', label: 'Cupom', text: order.coupon });
  rows.push({ kind: 'amount', label: 'Subtotal', amount: order.itemsAmout ?? 0 });
  const discount = order.discountAmout ?? 0;
  rows.push({ kind: 'amount', label: 'Descontos', amount: discount > 0 ? -discount : 0 });
  if (order.logistic?.providerId) {
    const price = order.logistic.price ?? 0;
    rows.push({ kind: 'amount', label: 'Entrega', amount: price, free: toCents(price) === 0 });
  }
  const taxCents = toCents(order.seller?.serviceTax) + toCents(order.logistic?.serviceTax);
  if (order.seller != null || taxCents !== 0) {
    rows.push({ kind: 'amount', label: 'Taxa de serviço', amount: toReais(taxCents), free: taxCents === 0 });
  }
  rows.push({ kind: 'total', label: 'Total', amount: order.totalAmout ?? 0 });
  return rows;
}

/** The rows above the total, added in cents: what the total must be for the summary to add up. */
export function summaryRowsSumCents(rows: readonly SummaryRow[]): number {
  return rows.reduce((sum, row) => (row.kind === 'amount' ? sum + toCents(row.amount) : sum), 0);
}
