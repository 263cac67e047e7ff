// The seller step's lock (demo-lojas: an operator whose shop has the seller step, with 1 rice and
// 2 coffees in the cart and no store chosen yet): nothing more goes into the order until a store is
// chosen, on the catalogue's cards, in the order's lines and on the server; taking units out stays
// possible everywhere.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openStep, section } from './support/checkout-page.ts';
import { openFresh } from './support/fresh-session.ts';
import { followServerOrder } from './support/server-order.ts';

const ARROZ = 'Arroz Branco Tipo 1 Camil 5kg';
const CAFE = 'Café Torrado e Moído Pilão 500g';
const CHOOSE_STORE_FIRST = 'Selecione a loja que deseja comprar para liberar os produtos';

/** Sends an item update as the tab would (its session handle), answering the status and the envelope. */
function itemUpdates(page: Page) {
  let handle = '';
  page.on('request', (request) => {
    handle = request.headers()['x-session-handle'] ?? handle;
  });
  return async (body: Record<string, unknown>) => {
    const answer = await page.request.post('/api/order/items/', {
      headers: { 'x-session-handle': handle },
      data: body,
    });
    const envelope = (await answer.json()) as { success: boolean; errors: { message: string }[] };
    return { status: answer.status(), envelope };
  };
}

const cardStepper = (page: Page, name: string) => page.getByRole('group', { name: `${name} no carrinho` });
const line = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

test.describe('with the seller step on and no store chosen', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('a catalogue card in the cart takes units out but puts none in', async ({ page }) => {
    const serverOrder = followServerOrder(page);
    await openFresh(page, 'demo-lojas', '/catalog');
    const cafe = cardStepper(page, CAFE);
    await expect(cafe.getByRole('status')).toHaveText('2 no carrinho');
    await expect(cafe.getByRole('button', { name: `Adicionar mais um item de ${CAFE}` })).toBeDisabled();
    await expect(
      cardStepper(page, ARROZ).getByRole('button', { name: `Adicionar mais um item de ${ARROZ}` }),
    ).toBeDisabled();
    await expectNoAxeViolations(page);

    await cafe.getByRole('button', { name: `Remover um item de ${CAFE}` }).click();
    await expect(cafe.getByRole('status')).toHaveText('1 no carrinho');
    await expect
      .poll(async () => (await serverOrder()).items.find((item) => item.name === CAFE)?.quantity)
      .toBe(1);
  });

  test('the order’s lines take units out but put none in, until a store is chosen', async ({ page }) => {
    const serverOrder = followServerOrder(page);
    await openFresh(page, 'demo-lojas', '/order/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
    await openStep(page, 'Itens do pedido');
    const items = section(page, 'Itens do pedido');
    const arroz = line(page, ARROZ);
    const cafe = line(page, CAFE);
    await expect(arroz.getByRole('button', { name: 'Adicionar mais um item' })).toBeDisabled();
    await expect(cafe.getByRole('button', { name: 'Adicionar mais um item' })).toBeDisabled();
    await expect(items.getByText(CHOOSE_STORE_FIRST)).toBeVisible();
    await expectNoAxeViolations(page);

    // Typing a larger quantity does not add either.
    const arrozQuantity = arroz.getByRole('spinbutton', { name: 'Quantidade' });
    await arrozQuantity.fill('5');
    await arrozQuantity.blur();
    await expect(arrozQuantity).toHaveValue('1');

    await cafe.getByRole('button', { name: 'Remover um item' }).click();
    await expect(cafe.getByRole('spinbutton', { name: 'Quantidade' })).toHaveValue('1');
    await expect
      .poll(async () => (await serverOrder()).items.map((item) => [item.name, item.quantity]))
      .toEqual([
        [ARROZ, 1],
        [CAFE, 1],
      ]);

    await openStep(page, 'Loja');
    const store = section(page, 'Loja').getByRole('combobox', { name: 'Loja', exact: true });
    await expect(store.locator('option').nth(1)).toBeAttached();
    await store.selectOption({ index: 1 });
    await openStep(page, 'Itens do pedido');
    await expect(items.getByText(CHOOSE_STORE_FIRST)).toHaveCount(0);
    await expect(arroz.getByRole('button', { name: 'Adicionar mais um item' })).toBeEnabled();
    await arroz.getByRole('button', { name: 'Adicionar mais um item' }).click();
    await expect
      .poll(async () => (await serverOrder()).items.find((item) => item.name === ARROZ)?.quantity)
      .toBe(2);
  });

  test('the server refuses more units or a new item, in Portuguese, and still takes units out', async ({
    page,
  }) => {
    const serverOrder = followServerOrder(page);
    const update = itemUpdates(page);
    await openFresh(page, 'demo-lojas', '/catalog');
    await expect(cardStepper(page, CAFE)).toBeVisible();
    const held = await serverOrder();
    const arroz = held.items.find((item) => item.name === ARROZ);
    const cafe = held.items.find((item) => item.name === CAFE);
    if (!arroz || !cafe) throw new Error('demo-lojas starts with rice and coffee in the cart');

    for (const body of [
      { index: String(arroz.index), providerId: arroz.providerId, quantity: 2 },
      { providerId: arroz.providerId, quantity: 1 },
      { providerId: '1002', quantity: 1 },
    ]) {
      const { status, envelope } = await update(body);
      expect(status, JSON.stringify(body)).toBe(409);
      expect(envelope.success).toBe(false);
      expect(envelope.errors[0]?.message).toBe(`${CHOOSE_STORE_FIRST}.`);
    }
    expect((await serverOrder()).items.map((item) => [item.name, item.quantity])).toEqual([
      [ARROZ, 1],
      [CAFE, 2],
    ]);

    const same = await update({ index: String(cafe.index), providerId: cafe.providerId, quantity: 2 });
    expect(same.status).toBe(200);
    const fewer = await update({ index: String(cafe.index), providerId: cafe.providerId, quantity: 1 });
    expect(fewer.status).toBe(200);
    const removed = await update({ index: String(arroz.index), providerId: arroz.providerId, quantity: 0 });
    expect(removed.status).toBe(200);
    expect((await serverOrder()).items.map((item) => [item.name, item.quantity])).toEqual([[CAFE, 1]]);
  });
});
