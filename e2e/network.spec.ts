import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { freshSession } from './support/fresh-session.ts';
import { gate } from './support/gate.ts';

// A bad network is never silent (issue 23): a live notice under the top bar says when the phone has
// no connection or a call is slow, what the shopper asked for goes out once the connection is back,
// and what they see confirms it.

const cards = (page: Page) => page.locator('.product-grid article');
const cart = (page: Page) => page.getByRole('link', { name: /Ver carrinho/ });
/** The notice, found as a screen reader meets it: a live region (role status) with that text. */
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

const OFFLINE = 'Sem conexão. Tentando de novo...';
const SLOW = 'A conexão está lenta. Aguarde...';
const BACK = 'Conexão restabelecida.';

async function openCatalogue(page: Page) {
  const code = await freshSession(page.request, 'demo-shopper');
  await page.goto(`/catalog#${code}`);
  await expect(cards(page)).toHaveCount(10);
  await expect(cart(page)).toHaveAccessibleName('Ver carrinho, 3 itens no carrinho');
}

test.describe('a bad network', () => {
  test("'Adicionar' without a connection says so at once, then adds and confirms once it is back", async ({
    page,
    context,
  }) => {
    await openCatalogue(page);
    const added = { count: 0 };
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/order/items/') {
        added.count += 1;
      }
    });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Adicionar Feijão Carioca Kicaldo 1kg ao carrinho' }).click();
    await expect(notice(page, OFFLINE)).toBeVisible();
    await expectNoAxeViolations(page);

    await context.setOffline(false);
    // First, as the word that the connection is back stays only 4 s.
    await expect(notice(page, BACK)).toBeVisible();
    await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
    await expect(cart(page)).toHaveAccessibleName('Ver carrinho, 4 itens no carrinho');
    await expect(notice(page, OFFLINE)).toHaveCount(0);
    // The add went out once, when the connection came back.
    expect(added.count).toBe(1);
  });

  test('scrolling without a connection says so, and the next page loads once it is back', async ({
    page,
    context,
  }) => {
    await openCatalogue(page);
    await context.setOffline(true);
    await cards(page).last().scrollIntoViewIfNeeded();
    await expect(notice(page, OFFLINE)).toBeVisible();
    await expect(cards(page)).toHaveCount(10);

    await context.setOffline(false);
    await expect(cards(page)).toHaveCount(20);
    await expect(notice(page, OFFLINE)).toHaveCount(0);
  });

  test('the cart tapped without a connection opens once it is back, not an error page', async ({
    page,
    context,
  }) => {
    await openCatalogue(page);
    const cartCode = { failed: 0, loaded: 0 };
    page.on('requestfailed', (request) => {
      if (/\/assets\/cart-[^/]+\.js$/.test(request.url())) cartCode.failed += 1;
    });
    page.on('requestfinished', (request) => {
      if (/\/assets\/cart-[^/]+\.js$/.test(request.url())) cartCode.loaded += 1;
    });
    await context.setOffline(true);
    await cart(page).click();
    await expect(notice(page, OFFLINE)).toBeVisible();
    await expect.poll(() => cartCode.failed).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: 'Ops! Algo de errado aconteceu' })).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    await expect(page).toHaveURL(/\/order$/);
    expect(cartCode.loaded).toBe(1);
    await expectNoAxeViolations(page);
  });

  test('a quantity changed in the cart without a connection is kept, and saved once it is back', async ({
    page,
    context,
  }) => {
    const code = await freshSession(page.request, 'demo-shopper');
    await page.goto(`/order#${code}`);
    const line = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('spinbutton', { name: 'Quantidade' }) })
      .first();
    const quantity = line.getByRole('spinbutton', { name: 'Quantidade' });
    await expect(quantity).toBeVisible();
    const before = Number(await quantity.inputValue());

    await context.setOffline(true);
    const failed = page.waitForEvent(
      'requestfailed',
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/order/items/',
    );
    await line.getByRole('button', { name: 'Adicionar mais um item' }).click();
    await expect(notice(page, OFFLINE)).toBeVisible();
    // Past the 1-second pause its send has failed: the shopper's quantity still shows, no error.
    await failed;
    await expect(quantity).toHaveValue(String(before + 1));
    await expect(page.getByText('Não foi possível atualizar a quantidade')).toHaveCount(0);

    const saved = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/order/items/' && response.ok(),
    );
    await context.setOffline(false);
    await saved;
    await page.reload();
    await expect(quantity).toHaveValue(String(before + 1));
  });

  test('a slow answer is said to be slow after a few seconds, and the word goes once it has come', async ({
    page,
  }) => {
    await openCatalogue(page);
    // The next page's answer is held until the test has seen the word: slow, however fast the machine.
    const answer = gate();
    await page.route(
      (url) => url.pathname === '/api/catalog/top' && url.searchParams.get('pageNumber') === '1',
      async (route) => {
        await answer.passed;
        await route.continue();
      },
    );
    await cards(page).last().scrollIntoViewIfNeeded();
    await expect(notice(page, SLOW)).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(cards(page)).toHaveCount(10);
    answer.open();
    await expect(cards(page)).toHaveCount(20);
    await expect(notice(page, SLOW)).toHaveCount(0);
  });
});
