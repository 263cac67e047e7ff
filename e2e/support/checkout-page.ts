import { expect, type Locator, type Page } from '@playwright/test';
import { freshSession } from './fresh-session.ts';
import { followServerOrder } from './server-order.ts';

/** A region of the checkout by its heading ('Resumo', 'Entrega', 'Retirada em loja', ...). */
export const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
export const summary = (page: Page) => section(page, 'Resumo');

/**
 * Opens the checkout of a session code and follows the tab's session handle, so a test can read the
 * order as the server holds it (GET /api/order/current, as the tab would send it).
 */
export async function openCheckout(page: Page, code: string) {
  const serverOrder = followServerOrder(page);
  await page.goto(`/order/checkout#${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
  return { serverOrder };
}

/** 'Retirada em loja' by CEP 01310-200 at the store named (the first one when none is), first option. */
export async function pickUpAt(page: Page, store?: RegExp) {
  await page.getByRole('radio', { name: 'Retirada em loja' }).check();
  const pickUp = section(page, 'Retirada em loja');
  await pickUp.getByRole('textbox', { name: 'CEP' }).fill('01310200');
  await pickUp.getByRole('button', { name: 'Buscar' }).click();
  const stores = pickUp.getByRole('group', { name: 'Lojas' });
  await (store ? stores.getByRole('radio', { name: store }) : stores.getByRole('radio').first()).check();
  await pickUp.getByRole('group', { name: 'Opções de retirada' }).getByRole('radio').first().check();
  await expect(summary(page).getByText('Entrega')).toBeVisible();
}

/** 'R$ 1.234,56' or '-R$ 4,82' as cents; 'Grátis' is 0. */
export function centsOf(text: string): number {
  if (text.trim() === 'Grátis') return 0;
  const digits = text.replace(/[^\d,]/g, '').replace(',', '.');
  return Math.round(Number(digits) * 100) * (text.includes('-') ? -1 : 1);
}

/** The summary's amount rows as the shopper reads them, label → cents ('Cupom' left out). */
export async function summaryAmounts(page: Page): Promise<Map<string, number>> {
  const rows = summary(page).locator('.summary-section__rows');
  const labels = await rows.locator('dt').allTextContents();
  const values = await rows.locator('dd').allTextContents();
  const amounts = new Map<string, number>();
  labels.forEach((label, i) => {
    if (label !== 'Cupom') amounts.set(label, centsOf(values[i] ?? ''));
  });
  return amounts;
}

/** The rows above 'Total' add up to it; answers the rows. */
export async function expectRowsAddUp(page: Page, context?: string): Promise<Map<string, number>> {
  const rows = await summaryAmounts(page);
  const sum = [...rows].filter(([label]) => label !== 'Total').reduce((acc, [, value]) => acc + value, 0);
  expect(sum, context ?? JSON.stringify([...rows])).toBe(rows.get('Total'));
  return rows;
}

/** Wholly inside the window, as the user sees it without scrolling. */
export async function expectInView(locator: Locator) {
  const box = await locator.boundingBox();
  const height = locator.page().viewportSize()?.height ?? 0;
  expect(box, 'on the page').not.toBeNull();
  if (!box) return;
  expect(box.y, 'top edge in the window').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'bottom edge in the window').toBeLessThanOrEqual(height);
}

const STEP_IDS = {
  Loja: 'store',
  'Forma de entrega': 'delivery',
  'Itens do pedido': 'items',
  'Dados do contato': 'contact',
  Pagamento: 'payment',
} as const;

/**
 * Makes a checkout step's sections visible: on a phone a step that is not the one open is folded to
 * one line, and 'Alterar' opens it (a wide screen never folds). The sections of 'Forma de entrega' are
 * 'Forma de entrega', 'Retirada em loja' or 'Entrega', and 'Agendamento'.
 */
export async function openStep(page: Page, title: keyof typeof STEP_IDS) {
  const step = page.locator(`.checkout-step[data-step="${STEP_IDS[title]}"]`);
  await expect(step).toBeAttached();
  const change = step.locator('.checkout-step__folded').getByRole('button', { name: 'Alterar' });
  if (await change.isVisible()) await change.click();
  await expect(step.locator('.checkout-step__content')).toBeVisible();
}

/**
 * Finishes a fresh copy of the demo session `from` (ready to finish: pick-up chosen, contact complete,
 * like demo-pix) with the method labelled `label` ('PIX', 'Boleto', 'Link'). Answers the copy's code
 * and a reader of the order as the server holds it.
 */
export async function finishWithMethod(page: Page, from: string, label: string) {
  const code = await freshSession(page.request, from);
  const { serverOrder } = await openCheckout(page, code);
  await choosePayment(page, label);
  await page.getByRole('button', { name: `Finalizar e enviar ${label}` }).click();
  return { code, serverOrder };
}

/** Chooses the payment method in the 'Pagamento' step by its label ('PIX', 'Cartão de Crédito', ...). */
export async function choosePayment(page: Page, label: string) {
  await openStep(page, 'Pagamento');
  await section(page, 'Pagamento')
    .getByRole('combobox', { name: 'Forma de pagamento' })
    .selectOption({ label });
}

/**
 * In a shop with the seller and schedule steps (demo-lojas): the first delivery option, then the last
 * day offered and its first slot.
 */
export async function deliverAtLastDay(page: Page) {
  // The seller step hides the method switch, not the delivery options: one must be chosen (section 5).
  await openStep(page, 'Forma de entrega');
  await section(page, 'Entrega').getByRole('radio').first().check();
  const schedule = section(page, 'Agendamento');
  const day = schedule.getByRole('combobox', { name: 'Dia da entrega' });
  await expect(day.locator('option').nth(1)).toBeAttached();
  await day.selectOption({ index: (await day.locator('option').count()) - 1 });
  await schedule.getByRole('combobox', { name: 'Horário da entrega' }).selectOption({ index: 1 });
}
