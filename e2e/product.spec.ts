import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFresh } from './support/fresh-session.ts';

const option = (page: Page, attribute: string, name: string) =>
  page.getByRole('group', { name: attribute }).getByRole('button', { name: new RegExp(`^${name}`) });

test.describe('the product page', () => {
  test('a variant product never lets an unavailable combination be added; price, image and sku follow the choice', async ({
    page,
  }) => {
    await openFresh(page, 'demo-messenger', '/product/11103');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Camiseta Básica Algodão Hering' }),
    ).toBeVisible();
    const add = page.getByRole('button', { name: 'Adicionar', exact: true });
    // Nothing chosen yet: the button names what is missing instead of 'Adicionar'.
    await expect(page.getByRole('button', { name: 'Escolha cor e tamanho' })).toBeVisible();
    await expect(add).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Preta in size P is out of stock: once Preta is chosen, P cannot be chosen.
    await option(page, 'Cor', 'Preta').click();
    await expect(option(page, 'Tamanho', 'P')).toBeDisabled();
    await option(page, 'Tamanho', 'GG').click();
    await expect(option(page, 'Tamanho', 'GG')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('main')).toContainText('R$\u00a044,90');
    // The chosen dimension's picture (the black shirt's) comes first in the gallery.
    await expect(
      page
        .locator('.product-page__media')
        .getByRole('img', { name: 'Camiseta Básica Algodão Hering - imagem 1 de 4' })
        .first(),
    ).toHaveAttribute('src', /produto-11103-preta-[0-9a-f]{8}-600w\.webp$/);
    await expect(add).toBeEnabled();

    const request = page.waitForRequest((r) => r.url().includes('/api/order/items') && r.method() === 'POST');
    await add.click();
    const body = (await request).postDataJSON() as { providerId: string; sku?: string; quantity: number };
    // Preta × GG is the 8th combination of the seed's grid (Branca P…GG, then Preta P…GG).
    expect(body.sku).toBe('1110308');
    expect(body.quantity).toBe(1);
    await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();

    // Choosing a chosen option again deselects it: the combination is incomplete again.
    await option(page, 'Tamanho', 'GG').click();
    await expect(add).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Escolha tamanho' })).toBeVisible();
  });

  test('a reload keeps the chosen variant', async ({ page }) => {
    await openFresh(page, 'demo-messenger', '/product/11103');
    await option(page, 'Cor', 'Branca').click();
    await option(page, 'Tamanho', 'M').click();
    await expect(page).toHaveURL(/v_tamanho=m/);
    await page.reload();
    await expect(option(page, 'Cor', 'Branca')).toHaveAttribute('aria-pressed', 'true');
    await expect(option(page, 'Tamanho', 'M')).toHaveAttribute('aria-pressed', 'true');
  });

  test('a product sold by weight shows its weight and price per kilo', async ({ page }) => {
    await openFresh(page, 'demo-messenger', '/product/3001');
    await expect(page.getByText('1 kg', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/R\$\u00a06,99\/kg/).first()).toBeVisible();
    await page.goto('/product/4001');
    await expect(page.getByText(/\d+ g\b/).first()).toBeVisible();
  });

  test('a subscription is added with its recurrence', async ({ page }) => {
    // From the catalogue, as a shopper gets there: adding goes back to it.
    await openFresh(page, 'demo-messenger', '/catalog');
    await page.getByRole('searchbox', { name: /Pesquisar/ }).fill('galao bonafont');
    await page.getByRole('searchbox', { name: /Pesquisar/ }).press('Enter');
    await page
      .getByRole('link', { name: /Água Mineral Bonafont Galão 20L/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/product\/2014/);
    // The address changes first; the catalogue (with its own cards' 'Assinar') stays until the
    // product screen has come.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Água Mineral Bonafont Galão 20L' }),
    ).toBeVisible();
    await page.getByRole('button', { name: /^Assinar/ }).click();
    const request = page.waitForRequest((r) => r.url().includes('/api/order/items') && r.method() === 'POST');
    await page
      .getByRole('menuitem', { name: /A cada 2 Semanas/ })
      .or(page.getByRole('button', { name: /A cada 2 Semanas/ }))
      .first()
      .click();
    const body = (await request).postDataJSON() as {
      subscription?: { recurrence: { type: number; frequency: number } };
    };
    expect(body.subscription).toEqual({ recurrence: { type: 20, frequency: 2 } });
    await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
    await expect(page).toHaveURL(/\/catalog/);
  });

  test('an inactive product shows the stock message and cannot be added', async ({ page }) => {
    await openFresh(page, 'demo-messenger', '/product/1019');
    await expect(page.getByText('Este produto está indisponível no estoque')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Adicionar', exact: true })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('an unknown product goes to the not-found page', async ({ page }) => {
    await openFresh(page, 'demo-messenger', '/product/nao-existe-999');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  });

  test('a crafted product link goes to the not-found page and makes no call with the shopper session', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(`${request.method()} ${request.url()}`);
    });
    await openFresh(page, 'demo-messenger', '/catalog');
    await expect(page.getByRole('heading', { name: 'Todos' })).toBeVisible();
    await page.goto('/product/..%2F..%2Forder%2Fconfirm');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    expect(calls.filter((call) => /confirm|%2F|\.\./i.test(call))).toEqual([]);
  });

  test('an operator sends the product details to the contact', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const code = await openFresh(page, 'demo-precos-manuais', '/product/1001');
    await page.getByRole('button', { name: 'Enviar detalhes do produto' }).click();
    await expect(page.getByText('Produto enviado para o contato')).toBeVisible();
    const outbox = await page.request.get(`/api/sandbox/outbox?session=${code}`);
    const { data } = (await outbox.json()) as { data: { kind: string; payload: { productId?: string } }[] };
    expect(data.some((entry) => entry.kind === 'product')).toBe(true);
    await expectNoAxeViolations(page);
  });
});

test.describe('a product the store cannot answer now', () => {
  const ARROZ = 'Arroz Branco Tipo 1 Camil 5kg';
  /** The BFF's own envelope when the backend is down (server/bff/errors.ts, upstream_unavailable). */
  const UNAVAILABLE = {
    success: false,
    data: null,
    errors: [
      {
        message: 'Nossa loja está temporariamente indisponível. Tente novamente em instantes.',
        code: 503,
        type: 'upstream_unavailable',
        status: 503,
      },
    ],
  };

  test('says it could not load the product, not that it does not exist, and Tentar novamente shows it once the store is back', async ({
    page,
  }) => {
    let failing = true;
    const reads: number[] = [];
    await page.route(
      (url) => url.pathname === '/api/catalog/products/1001',
      async (route) => {
        reads.push(failing ? 503 : 200);
        if (!failing) return route.continue();
        return route.fulfill({
          status: 503,
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify(UNAVAILABLE),
        });
      },
    );
    await openFresh(page, 'demo-messenger', '/product/1001');

    const failure = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar o produto.' });
    await expect(failure).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/product\/1001$/);
    await expectNoAxeViolations(page);

    failing = false;
    await failure.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('heading', { level: 1, name: ARROZ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: ARROZ })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Adicionar', exact: true })).toBeEnabled();
    expect(reads.at(-1)).toBe(200);
  });

  test('a garbled answer is a failure too, not a missing product', async ({ page }) => {
    await page.route(
      (url) => url.pathname === '/api/catalog/products/1001',
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>proxy</html>' }),
    );
    await openFresh(page, 'demo-messenger', '/product/1001');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Não foi possível carregar o produto.' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toHaveCount(0);
  });
});
