import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFresh } from './support/fresh-session.ts';
import { followServerOrder } from './support/server-order.ts';
import { installPageClock, shopperPauses } from './support/shopper-pause.ts';

// Each test opens the cart of its own fresh copy of a demo session: 'demo-cnpj' holds 1 rice and
// 2 coffees when it starts.
const SESSION = 'demo-cnpj';
const ARROZ = 'Arroz Branco Tipo 1 Camil 5kg';
const CAFE = 'Café Torrado e Moído Pilão 500g';

const line = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
const quantityOf = (page: Page, name: string) =>
  line(page, name).getByRole('spinbutton', { name: 'Quantidade' });
const observationOf = (page: Page, name: string) =>
  line(page, name).getByRole('textbox', { name: 'Observações' });
/** The note opens from the line's small 'Adicionar observação' (or 'Editar observação') link. */
async function openNote(page: Page, name: string): Promise<Locator> {
  await line(page, name)
    .getByRole('button', { name: /^(Adicionar|Editar) observação/ })
    .click();
  return observationOf(page, name);
}

/** Whether a call is the cart's item update (POST /api/order/items/). */
const isItemUpdate = (url: string, method: string) =>
  method === 'POST' && new URL(url).pathname === '/api/order/items/';

async function openCart(page: Page) {
  await openFresh(page, SESSION, '/order');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
  await expect(quantityOf(page, ARROZ)).toHaveValue('1');
}

test.describe('Meu carrinho', () => {
  test('15 rapid taps on a slow network end with the server holding the quantity on screen', async ({
    page,
  }) => {
    await openCart(page);
    await expectNoAxeViolations(page);
    // A line's latency, so that answers come back while the taps go on (the machine only adds to it).
    await page.route('**/api/order/items/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const plus = line(page, ARROZ).getByRole('button', { name: 'Adicionar mais um item' });
    for (let tap = 0; tap < 15; tap++) await plus.click();
    await expect(quantityOf(page, ARROZ)).toHaveValue('16');
    // The server's answer brings the money: 16 × R$ 27,90.
    await expect(line(page, ARROZ)).toContainText('R$\u00a0446,40');
    await page.unroute('**/api/order/items/**');
    await page.reload();
    await expect(quantityOf(page, ARROZ)).toHaveValue('16');
  });

  test('leaving the page 300 ms after a tap still saves it', async ({ page }) => {
    await installPageClock(page);
    await openCart(page);
    await expect(quantityOf(page, CAFE)).toHaveValue('2');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (isItemUpdate(request.url(), request.method())) sent.push(request.postData() ?? '');
    });
    await line(page, CAFE).getByRole('button', { name: 'Remover um item' }).click();
    await expect(quantityOf(page, CAFE)).toHaveValue('1');
    await shopperPauses(page, 300);
    // Still within the cart's 1-second pause: the change has not gone out when the shopper leaves.
    expect(sent).toEqual([]);
    await page.goto('/catalog');
    // A page loaded afresh shows what the server holds (the page's way out sent it: a keepalive call).
    await page.goto('/order');
    await expect(quantityOf(page, CAFE)).toHaveValue('1');
  });

  test('gifts can be chosen up to the group’s limit and no further', async ({ page }) => {
    await openCart(page);
    // Orders from R$ 100,00 choose a gift: 4 rice (R$ 111,60) take the order there.
    const plus = line(page, ARROZ).getByRole('button', { name: 'Adicionar mais um item' });
    for (let tap = 0; tap < 3; tap++) await plus.click();
    await expect(line(page, ARROZ)).toContainText('R$\u00a0111,60');
    const panel = page
      .getByRole('region', { name: /Escolha seu brinde/ })
      .or(page.locator('.gift-panel'))
      .first();
    const gifts = panel.getByRole('button', { pressed: false });
    await expect(gifts.first()).toBeEnabled();
    await gifts.first().click();
    await expect(panel.getByRole('button', { pressed: true })).toHaveCount(1);
    // The limit is one gift: the others cannot be chosen now.
    await expect(panel.getByRole('button', { pressed: false }).first()).toBeDisabled();
    await expect(page.getByText('Brinde').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('removing an item takes it out of the order', async ({ page }) => {
    await openCart(page);
    const removed = page.waitForResponse(
      (response) =>
        isItemUpdate(response.url(), response.request().method()) &&
        response.request().postDataJSON()?.quantity === 0,
    );
    // At 1 the quantity's '−' is a bin that takes the line out.
    await line(page, CAFE).getByRole('button', { name: 'Remover um item' }).click();
    await line(page, CAFE)
      .getByRole('button', { name: `Remover ${CAFE} do carrinho` })
      .click();
    await expect(line(page, CAFE)).toHaveCount(0);
    // The server has answered the removal: a reload shows what it holds.
    expect((await removed).ok()).toBe(true);
    await page.reload();
    await expect(quantityOf(page, ARROZ)).toHaveValue('1');
    await expect(line(page, CAFE)).toHaveCount(0);
  });

  test('an item’s observation is saved with it', async ({ page }) => {
    const serverOrder = followServerOrder(page);
    await openCart(page);
    const text = 'Pacotes dentro da validade mais longa';
    await (await openNote(page, ARROZ)).fill(text);
    // Saved as typed, a second after the last key; the line says so, quietly.
    await expect(line(page, ARROZ).getByText('Observação salva')).toBeVisible();
    await expectNoAxeViolations(page);

    // The server holds the text on that item, and on no other; the item is otherwise as it was.
    const held = await serverOrder();
    const byName = new Map(held.items.map((item) => [item.name, item]));
    expect(byName.get(ARROZ)).toMatchObject({ quantity: 1, preferences: text });
    expect(byName.get(CAFE)).toMatchObject({ quantity: 2 });
    expect(byName.get(CAFE)?.preferences ?? '').toBe('');

    // What the cart shows after a reload is what the server holds.
    await page.reload();
    await expect(line(page, ARROZ).locator('.cart-lines__note-text')).toContainText(text);
    await expect(line(page, CAFE).getByRole('button', { name: /^Adicionar observação/ })).toBeVisible();
    await expect(await openNote(page, ARROZ)).toHaveValue(text);
    await expect(quantityOf(page, ARROZ)).toHaveValue('1');
    await expect(quantityOf(page, CAFE)).toHaveValue('2');
  });
});

test('confirming on WhatsApp goes back to the chat with the shop’s number, the callback text and the order id', async ({
  page,
}) => {
  // wa.me is outside the sandbox: answer it here, so the test sees where the storefront sent the shopper.
  await page.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title><p>WhatsApp</p>' }),
  );
  let confirmCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/order/confirm')) confirmCalls += 1;
  });
  const serverOrder = followServerOrder(page);
  await openFresh(page, 'demo-shopper', '/order');
  const confirm = page.getByRole('button', { name: 'Confirmar pedido' });
  await expect(confirm).toBeEnabled();
  const { id } = await serverOrder();
  expect(id).toMatch(/^\d+$/);
  await confirm.click();
  await page.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/5511940028922');
  expect(url.searchParams.get('text')).toBe(
    `Olá! Acabei de montar meu pedido no catálogo do Empório Bom Preço. ${id}`,
  );
  // With a prefilled text the confirm call is skipped, as the spec says.
  expect(confirmCalls).toBe(0);
});

test.describe('a note typed just before leaving is not lost', () => {
  // wa.me is outside the sandbox: the jump to the chat lands here.
  test.beforeEach(async ({ page }) => {
    await page.route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title><p>WhatsApp</p>' }),
    );
  });

  test('typing in Observações then tapping Confirmar pedido at once saves the note before the jump to WhatsApp', async ({
    page,
  }) => {
    for (const attempt of [1, 2, 3]) {
      const serverOrder = followServerOrder(page);
      await openFresh(page, 'demo-shopper', '/order');
      const first = page.getByRole('list', { name: 'Itens do pedido' }).getByRole('listitem').first();
      const name = (await first.locator('.cart-lines__name').textContent()) ?? '';
      const text = `Sem cebola, por favor (${attempt})`;
      await first.getByRole('button', { name: /^Adicionar observação/ }).click();
      await first.getByRole('textbox', { name: 'Observações' }).fill(text);
      // No pause: the shopper taps confirm while the note is still within its second.
      await page.getByRole('button', { name: 'Confirmar pedido' }).click();
      await page.waitForURL(/^https:\/\/wa\.me\//);
      const held = await serverOrder();
      expect(held.items.find((item) => item.name === name)?.preferences, `attempt ${attempt}`).toBe(text);
    }
  });

  test('a reload while the note field still has the focus keeps the note', async ({ page }) => {
    await openCart(page);
    const text = 'Entregar na portaria';
    await (await openNote(page, ARROZ)).fill(text);
    await expect(observationOf(page, ARROZ)).toBeFocused();
    await page.reload();
    await expect(line(page, ARROZ).locator('.cart-lines__note-text')).toContainText(text);
    await expect(line(page, ARROZ).getByText('Salvando observação...')).toHaveCount(0);
  });

  test('leaving for the catalogue right after typing keeps the note', async ({ page }) => {
    const serverOrder = followServerOrder(page);
    await openCart(page);
    const text = 'Pacote fechado';
    await (await openNote(page, CAFE)).fill(text);
    await page.getByRole('link', { name: 'Ir para o catálogo' }).click();
    await expect(page.getByRole('tab', { name: 'Todos' })).toBeVisible();
    await expect
      .poll(async () => (await serverOrder()).items.find((item) => item.name === CAFE)?.preferences)
      .toBe(text);
  });
});

test('confirming on the web chat shows the confirm page', async ({ page }) => {
  await openFresh(page, 'demo-webchat', '/order');
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByText('Pedido confirmado, você pode fechar essa aba')).toBeVisible();
  await expect(page.getByText('Itens adicionados ao pedido')).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('one product, one price', () => {
  /** 'R$ 1.234,56' amounts of a text, in order. */
  const amountsIn = (text: string) =>
    text.match(/R\$\s?[\d.]+,\d{2}/g)?.map((a) => a.replace(/\s/, ' ')) ?? [];

  /** The struck price(s) and the current one(s) a price block shows, as the shopper reads them. */
  async function pricesOf(block: Locator) {
    await expect(block).toBeVisible();
    const struck = amountsIn((await block.locator('s').allTextContents()).join(' '));
    const all = amountsIn((await block.textContent()) ?? '');
    return { struck, current: all.filter((amount) => !struck.includes(amount)) };
  }

  test('Café and Arroz read the same on their catalogue card, their product page and their cart line', async ({
    page,
  }) => {
    await openFresh(page, SESSION, '/catalog');
    const card = (name: string) =>
      page
        .locator('.product-grid article')
        .filter({ has: page.getByRole('heading', { name, exact: true }) })
        .locator('.price');
    const onCards = { [CAFE]: await pricesOf(card(CAFE)), [ARROZ]: await pricesOf(card(ARROZ)) };
    // The spec's rule (section 9): the coffee's promotional price replaces its price (nothing struck);
    // the rice's list price is struck above its price.
    expect(onCards[CAFE]).toEqual({ struck: [], current: ['R$ 16,49'] });
    expect(onCards[ARROZ]).toEqual({ struck: ['R$ 32,90'], current: ['R$ 27,90'] });

    for (const [id, name] of [
      ['1008', CAFE],
      ['1001', ARROZ],
    ] as const) {
      await page.goto(`/product/${id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      expect(await pricesOf(page.locator('.product-page__info .price'))).toEqual(onCards[name]);
    }

    await page.goto('/order');
    await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    for (const name of [CAFE, ARROZ] as const) {
      expect(await pricesOf(line(page, name).locator('.cart-lines__price')), name).toEqual(onCards[name]);
    }
    await expectNoAxeViolations(page);
  });
});
