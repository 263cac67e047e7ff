import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  expectRowsAddUp,
  openCheckout,
  openStep,
  pickUpAt,
  section,
  summary,
  summaryAmounts,
} from './support/checkout-page.ts';
import { freshSession } from './support/fresh-session.ts';

const finishButton = (page: Page) =>
  page.getByRole('button', { name: /^Finalizar e enviar|^Receber pedido$/ });

// Issue 20: what the checkout shows, what the server holds and what the finish confirms agree.
// Each test reproduces one defect on a fresh copy of the named demo session.

async function deliverExpress(page: Page) {
  await page.getByRole('radio', { name: 'Entregamos para você' }).check();
  const delivery = section(page, 'Entrega');
  await delivery
    .getByRole('combobox', { name: /Endereço/ })
    .selectOption({ label: 'Casa - Avenida Paulista, 900' });
  await delivery.getByRole('radio', { name: /Entrega expressa/ }).check();
  await expect(summary(page).getByText('R$ 9,90')).toBeVisible();
}

async function choosePayment(page: Page, label: string) {
  await openStep(page, 'Pagamento');
  await section(page, 'Pagamento')
    .getByRole('combobox', { name: 'Forma de pagamento' })
    .selectOption({ label });
}

test.describe('Checkout that never lies', () => {
  test('switching from a chosen pick-up to delivery leaves no pick-up on the order and no finish', async ({
    page,
    request,
  }) => {
    const checkout = await openCheckout(page, await freshSession(request, 'demo-messenger'));
    await pickUpAt(page, /Pinheiros/);
    await choosePayment(page, 'PIX');
    await expect(finishButton(page)).toHaveText('Finalizar e enviar PIX');

    await openStep(page, 'Forma de entrega');
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
    await expect(page).toHaveURL(/\/finish\/pix$/);
  });

  test('switching from a paid delivery to pick-up drops its price until a store is chosen', async ({
    page,
    request,
  }) => {
    const checkout = await openCheckout(page, await freshSession(request, 'demo-messenger'));
    await deliverExpress(page);
    const withDelivery = (await summaryAmounts(page)).get('Total') ?? 0;
    await choosePayment(page, 'PIX');
    await expect(finishButton(page)).toBeVisible();

    await openStep(page, 'Forma de entrega');
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
    // The days arrive with the schedule: count them once they are there.
    await expect(day.locator('option').nth(1)).toBeAttached();
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
    const subtotalWithout = (await summaryAmounts(page)).get('Subtotal');
    const table = section(page, 'Loja').getByRole('combobox', { name: 'Tabela de preço' });
    await expect(table.locator('option', { hasText: 'Atacado' })).toBeAttached();
    await table.selectOption({ label: 'Atacado (5% de desconto)' });
    await expect.poll(async () => (await summaryAmounts(page)).get('Subtotal')).not.toBe(subtotalWithout);

    await page.route('**/api/order/price-tables/funcionarios', (route) => route.abort('connectionreset'));
    await table.selectOption({ label: 'Funcionários (10% de desconto)' });
    await expect(page.getByText('Falha ao alterar a tabela de preço')).toBeVisible();
    await expect(table.locator('option:checked')).toHaveText('Sem Tabela de preço');
    // The order went back to none too: the prices shown are the ones charged.
    await expect.poll(async () => (await summaryAmounts(page)).get('Subtotal')).toBe(subtotalWithout);
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
    const total = (await summaryAmounts(page)).get('Total') ?? 0;
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
