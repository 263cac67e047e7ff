import { expect, type Page, type Request, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { freshSession } from './support/fresh-session.ts';

// Issue 20: what the checkout shows, what the server holds and what the finish confirms agree.
// Each test reproduces one defect on a fresh copy of the named demo session.

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const summary = (page: Page) => section(page, 'Resumo');
const finishButton = (page: Page) =>
  page.getByRole('button', { name: /^Finalizar e enviar|^Receber pedido$/ });

/** Opens the checkout and remembers the tab's session handle, to read the order as the server holds it. */
async function openCheckout(page: Page, code: string) {
  let handle: string | undefined;
  page.on('request', (request: Request) => {
    handle = request.headers()['x-session-handle'] ?? handle;
  });
  await page.goto(`/order/checkout#${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
  return {
    /** GET /api/order/current as the tab would send it. */
    async serverOrder() {
      const answer = await page.request.get('/api/order/current', {
        headers: { 'x-session-handle': handle ?? '' },
      });
      return (await answer.json()).data as {
        totalAmout: number;
        logistic: { providerId: string | null; type: number | null; price: number | null };
        status: number;
      };
    },
  };
}

/** 'R$ 1.234,56' or '-R$ 4,82' as cents; 'Grátis' is 0. */
function cents(text: string): number {
  if (text.trim() === 'Grátis') return 0;
  const negative = text.includes('-');
  const digits = text.replace(/[^\d,]/g, '').replace(',', '.');
  return Math.round(Number(digits) * 100) * (negative ? -1 : 1);
}

/** The summary's rows, label → cents, as the shopper reads them. */
async function summaryRows(page: Page): Promise<Map<string, number>> {
  const rows = summary(page).locator('.summary-section__rows');
  const labels = await rows.locator('dt').allTextContents();
  const values = await rows.locator('dd').allTextContents();
  const map = new Map<string, number>();
  labels.forEach((label, i) => {
    if (label !== 'Cupom') map.set(label, cents(values[i] ?? ''));
  });
  return map;
}

/** The rows above 'Total' add up to it. */
async function expectRowsAddUp(page: Page) {
  const rows = await summaryRows(page);
  const total = rows.get('Total');
  const sum = [...rows].filter(([label]) => label !== 'Total').reduce((acc, [, value]) => acc + value, 0);
  expect(sum, JSON.stringify([...rows])).toBe(total);
  return rows;
}

async function pickUpAt(page: Page, store: RegExp) {
  await page.getByRole('radio', { name: 'Retirada em loja' }).check();
  const pickUp = section(page, 'Retirada em loja');
  await pickUp.getByRole('textbox', { name: 'CEP' }).fill('01310200');
  await pickUp.getByRole('button', { name: 'Buscar' }).click();
  await pickUp.getByRole('group', { name: 'Lojas' }).getByRole('radio', { name: store }).check();
  await pickUp.getByRole('group', { name: 'Opções de retirada' }).getByRole('radio').first().check();
  await expect(summary(page).getByText('Entrega')).toBeVisible();
}

async function deliverExpress(page: Page) {
  await page.getByRole('radio', { name: 'Entregamos para você' }).check();
  const delivery = section(page, 'Entrega');
  await delivery
    .getByRole('combobox', { name: /Endereço/ })
    .selectOption({ label: 'Casa - Avenida Paulista, 900' });
  await delivery.getByRole('radio', { name: /Entrega expressa/ }).check();
  await expect(summary(page).getByText('R$ 9,90')).toBeVisible();
}

const choosePayment = (page: Page, label: string) =>
  section(page, 'Pagamento').getByRole('combobox', { name: 'Forma de pagamento' }).selectOption({ label });

test.describe('Checkout that never lies', () => {
  test('switching from a chosen pick-up to delivery leaves no pick-up on the order and no finish', async ({
    page,
    request,
  }) => {
    const checkout = await openCheckout(page, await freshSession(request, 'demo-messenger'));
    await pickUpAt(page, /Pinheiros/);
    await choosePayment(page, 'PIX');
    await expect(finishButton(page)).toHaveText('Finalizar e enviar PIX');

    await page.getByRole('radio', { name: 'Entregamos para você' }).check();
    await expect(summary(page).getByText('Entrega')).toHaveCount(0);
    await expect(finishButton(page)).toHaveCount(0);
    await expect(page.getByText(/Para finalizar, falta: Forma de entrega/)).toBeVisible();
    await expect.poll(async () => (await checkout.serverOrder()).logistic.providerId).toBeNull();
    await expectNoAxeViolations(page);

    // The delivery the screen shows is what is confirmed.
    const delivery = section(page, 'Entrega');
    await delivery
      .getByRole('combobox', { name: /Endereço/ })
      .selectOption({ label: 'Casa - Avenida Paulista, 900' });
    await delivery.getByRole('radio', { name: /Entrega expressa/ }).check();
    await expect(finishButton(page)).toHaveText('Finalizar e enviar PIX');
    const held = await checkout.serverOrder();
    expect(held.logistic).toMatchObject({ providerId: 'entrega-expressa-sp', type: 1, price: 9.9 });
    await expectRowsAddUp(page);
    await finishButton(page).click();
    await expect(page).toHaveURL(/\/finish$/);
  });

  test('switching from a paid delivery to pick-up drops its price until a store is chosen', async ({
    page,
    request,
  }) => {
    const checkout = await openCheckout(page, await freshSession(request, 'demo-messenger'));
    await deliverExpress(page);
    const withDelivery = (await summaryRows(page)).get('Total') ?? 0;
    await choosePayment(page, 'PIX');
    await expect(finishButton(page)).toBeVisible();

    await page.getByRole('radio', { name: 'Retirada em loja' }).check();
    await expect(summary(page).getByText('R$ 9,90')).toHaveCount(0);
    await expect(finishButton(page)).toHaveCount(0);
    const rows = await expectRowsAddUp(page);
    expect(rows.get('Total')).toBe(withDelivery - 990);
    const held = await checkout.serverOrder();
    expect(held.logistic.providerId).toBeNull();
    expect(Math.round(held.totalAmout * 100)).toBe(rows.get('Total'));
  });

  test('with the seller step the finish waits for a delivery choice', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openCheckout(page, await freshSession(request, 'demo-lojas'));
    const store = section(page, 'Loja');
    const seller = store.getByRole('combobox', { name: 'Loja', exact: true });
    await expect(seller.locator('option').nth(1)).toBeAttached();
    await seller.selectOption({ index: 1 });
    const schedule = section(page, 'Agendamento');
    const day = schedule.getByRole('combobox', { name: 'Dia da entrega' });
    await day.selectOption({ index: (await day.locator('option').count()) - 1 });
    await schedule.getByRole('combobox', { name: 'Horário da entrega' }).selectOption({ index: 1 });
    await choosePayment(page, 'Boleto');

    await expect(page.getByText(/Para finalizar, falta: Forma de entrega/)).toBeVisible();
    await expect(finishButton(page)).toHaveCount(0);
    await expectNoAxeViolations(page);

    await section(page, 'Entrega')
      .getByRole('radio', { name: /Entrega expressa/ })
      .check();
    await expect(finishButton(page)).toHaveText('Finalizar e enviar Boleto');
    await expectRowsAddUp(page);
  });

  test("a pick-up store's service tax has its row and the rows add up to the total", async ({
    page,
    request,
  }) => {
    const checkout = await openCheckout(page, await freshSession(request, 'demo-messenger'));
    await pickUpAt(page, /Centro/);
    const rows = await expectRowsAddUp(page);
    expect(rows.get('Taxa de serviço')).toBe(200);
    expect(Math.round((await checkout.serverOrder()).totalAmout * 100)).toBe(rows.get('Total'));
    await expectNoAxeViolations(page);
  });

  test('a failed price-table change leaves the order at the prices shown', async ({ page, request }) => {
    const checkout = await openCheckout(page, await freshSession(request, 'demo-lojas'));
    const subtotalWithout = (await summaryRows(page)).get('Subtotal');
    const table = section(page, 'Loja').getByRole('combobox', { name: 'Tabela de preço' });
    await expect(table.locator('option', { hasText: 'Atacado' })).toBeAttached();
    await table.selectOption({ label: 'Atacado (5% de desconto)' });
    await expect.poll(async () => (await summaryRows(page)).get('Subtotal')).not.toBe(subtotalWithout);

    await page.route('**/api/order/price-tables/funcionarios', (route) => route.abort('connectionreset'));
    await table.selectOption({ label: 'Funcionários (10% de desconto)' });
    await expect(page.getByText('Falha ao alterar a tabela de preço')).toBeVisible();
    await expect(table.locator('option:checked')).toHaveText('Sem Tabela de preço');
    // The order went back to none too: the prices shown are the ones charged.
    await expect.poll(async () => (await summaryRows(page)).get('Subtotal')).toBe(subtotalWithout);
    const rows = await expectRowsAddUp(page);
    expect(Math.round((await checkout.serverOrder()).totalAmout * 100)).toBe(rows.get('Total'));
  });

  test('a pick-up search for a CEP that does not exist says so', async ({ page, request }) => {
    await openCheckout(page, await freshSession(request, 'demo-messenger'));
    await page.getByRole('radio', { name: 'Retirada em loja' }).check();
    const pickUp = section(page, 'Retirada em loja');
    await pickUp.getByRole('textbox', { name: 'CEP' }).fill('99999999');
    await pickUp.getByRole('button', { name: 'Buscar' }).click();
    await expect(pickUp.getByRole('alert')).toHaveText('CEP não encontrado. Confira o número digitado.');
    await expect(pickUp.getByRole('group', { name: 'Lojas' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('cash equal to the total is accepted, and below it the message says so', async ({ page, request }) => {
    await openCheckout(page, await freshSession(request, 'demo-messenger'));
    await pickUpAt(page, /Pinheiros/);
    await choosePayment(page, 'Pagar na entrega');
    const payment = section(page, 'Pagamento');
    await payment.getByRole('combobox', { name: 'Tipo de pagamento' }).selectOption({ label: 'Dinheiro' });
    const total = (await summaryRows(page)).get('Total') ?? 0;
    const cash = payment.getByRole('textbox', { name: 'Valor em espécie' });
    await cash.fill(((total - 1) / 100).toFixed(2).replace('.', ','));
    await expect(payment.getByText('O valor deve ser maior ou igual ao valor do pedido!')).toBeVisible();
    await expect(finishButton(page)).toHaveCount(0);
    await cash.fill((total / 100).toFixed(2).replace('.', ','));
    await expect(payment.getByText('O valor deve ser maior ou igual ao valor do pedido!')).toHaveCount(0);
    await expect(finishButton(page)).toHaveText('Finalizar e enviar pedido');
    await finishButton(page).click();
    await expect(page).toHaveURL(/\/finish$/);
  });

  test('three taps on the finish in the same instant send one confirmation', async ({ page, request }) => {
    await openCheckout(page, await freshSession(request, 'demo-sem-cobranca'));
    await pickUpAt(page, /Pinheiros/);
    let confirmations = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/order/confirm')) confirmations += 1;
    });
    const button = page.getByRole('button', { name: 'Receber pedido' });
    await button.evaluate((element: HTMLElement) => {
      element.click();
      element.click();
      element.click();
    });
    await expect(page).toHaveURL(/\/finish$/);
    expect(confirmations).toBe(1);
  });
});
