import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';

// One shopper's cart, changed step by step: the tests run in order on the same session.
test.describe.configure({ mode: 'serial' });

const SESSION = 'demo-cnpj';
const ARROZ = 'Arroz Branco Tipo 1 Camil 5kg';

const line = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
const quantityOf = (page: Page, name: string) =>
  line(page, name).getByRole('spinbutton', { name: 'Quantidade' });

test.describe('Meu carrinho', () => {
  test('15 rapid taps on a slow network end with the server holding the quantity on screen', async ({
    page,
  }) => {
    await page.goto(`/order#${SESSION}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.route('**/api/order/items/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const plus = line(page, ARROZ).getByRole('button', { name: 'Adicionar mais um item' });
    for (let tap = 0; tap < 15; tap++) await plus.click();
    await expect(quantityOf(page, ARROZ)).toHaveValue('16');
    // The server's answer brings the money: 16 × R$ 27,90.
    await expect(line(page, ARROZ)).toContainText('R$\u00a0446,40', { timeout: 10_000 });
    await page.unroute('**/api/order/items/**');
    await page.reload();
    await expect(quantityOf(page, ARROZ)).toHaveValue('16');
  });

  test('leaving the page 300 ms after a tap still saves it', async ({ page }) => {
    await page.goto(`/order#${SESSION}`);
    await expect(quantityOf(page, ARROZ)).toHaveValue('16');
    await line(page, ARROZ).getByRole('button', { name: 'Remover um item' }).click();
    await page.waitForTimeout(300);
    await page.goto('/catalog');
    await page.goto('/order');
    await expect(quantityOf(page, ARROZ)).toHaveValue('15');
  });

  test('gifts can be chosen up to the group’s limit and no further', async ({ page }) => {
    await page.goto(`/order#${SESSION}`);
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
    await page.goto(`/order#${SESSION}`);
    await line(page, 'Café Torrado e Moído Pilão 500g')
      .getByRole('button', { name: /^Remover Café/ })
      .click();
    await expect(line(page, 'Café Torrado e Moído Pilão 500g')).toHaveCount(0);
    await page.waitForTimeout(1500);
    await page.reload();
    await expect(line(page, 'Café Torrado e Moído Pilão 500g')).toHaveCount(0);
    await expect(quantityOf(page, ARROZ)).toHaveValue('15');
  });

  test('an item’s observation is saved with it', async ({ page }) => {
    await page.goto(`/order#${SESSION}`);
    const observation = line(page, ARROZ).getByRole('textbox', { name: 'Observações' });
    await observation.fill('Pacotes dentro da validade mais longa');
    await observation.blur();
    await expect(page.getByText('Observação salva')).toBeVisible();
    await page.reload();
    await expect(line(page, ARROZ).getByRole('textbox', { name: 'Observações' })).toHaveValue(
      'Pacotes dentro da validade mais longa',
    );
    await expect(quantityOf(page, ARROZ)).toHaveValue('15');
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
  await page.goto('/order#demo-shopper');
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  await page.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/5511940028922');
  expect(url.searchParams.get('text')).toBe(
    'Olá! Acabei de montar meu pedido no catálogo do Empório Bom Preço. 100001',
  );
  // With a prefilled text the confirm call is skipped, as the spec says.
  expect(confirmCalls).toBe(0);
});

test('confirming on the web chat shows the confirm page', async ({ page }) => {
  await page.goto('/order#demo-webchat');
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByText('Pedido confirmado, você pode fechar essa aba')).toBeVisible();
  await expect(page.getByText('Itens adicionados ao pedido')).toBeVisible();
  await expectNoAxeViolations(page);
});
