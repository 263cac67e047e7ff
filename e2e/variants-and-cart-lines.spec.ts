import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { freshSession, openFresh } from './support/fresh-session.ts';

// Issue 23: a chosen variant shows its price and picture on the product page and in the cart; the
// cart says what each line is; empty states lead back; '1 item'; each page names the tab.

/** The issue asks for pictures of the screens at this phone size, saved by the e2e run. */
const SCREENSHOT_SIZE = { width: 390, height: 844 };
/** The whole page, or (with the cart's fixed footer, which a full-page capture paints mid-page) the screen. */
const screenshot = (page: Page, name: string, fullPage: boolean) =>
  page.screenshot({ path: `test-results/screenshots/${name}-390x844.png`, fullPage });

const SHIRT = 'Camiseta Básica Algodão Hering';
/** The white shirt's own picture (the sandbox names a variant's picture after its option), at any width. */
const WHITE_SHIRT_PICTURE = /\/produto-11103-branca-[0-9a-f]+-\d+w\.webp$/;
const option = (page: Page, attribute: string, name: string) =>
  page.getByRole('group', { name: attribute }).getByRole('button', { name: new RegExp(`^${name}`) });
const cartLine = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Itens do pedido' }).getByRole('listitem', { name });
const cartLink = (page: Page) => page.getByRole('link', { name: /^Ver carrinho/ });

test('Branca + GG shows R$ 44,90, and its cart line names the options and shows the variant’s picture', async ({
  page,
  request,
}) => {
  await page.setViewportSize(SCREENSHOT_SIZE);
  const code = await freshSession(request, 'demo-shopper');
  await page.goto(`/product/11103#${code}`);
  await expect(page.getByRole('heading', { level: 1, name: SHIRT })).toBeVisible();
  await expect(page).toHaveTitle(SHIRT);
  const info = page.locator('.product-page__info');
  // Before a combination is chosen, the range of the variants' prices.
  await expect(info.getByText('R$\u00a039,90 - R$\u00a044,90')).toBeVisible();

  await option(page, 'Cor', 'Branca').click();
  await option(page, 'Tamanho', 'GG').click();
  await expect(info.locator('.price').getByText('R$\u00a044,90', { exact: true })).toBeVisible();
  await expect(info.getByText(/R\$\u00a039,90/)).toHaveCount(0);
  // The white shirt's picture comes first (the gallery starts on it).
  await expect(
    page
      .locator('.product-page__media')
      .getByRole('img', { name: `${SHIRT} - imagem 1 de 4` })
      .first(),
  ).toHaveAttribute('src', WHITE_SHIRT_PICTURE);
  await expectNoAxeViolations(page);
  await screenshot(page, 'product', true);

  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();

  await page.goto('/order');
  await expect(page).toHaveTitle('Meu carrinho');
  const line = cartLine(page, SHIRT);
  await expect(line).toContainText('Cor: Branca · Tamanho: GG');
  await expect(line).toContainText('R$\u00a044,90');
  await expect(line.getByRole('img')).toHaveCount(0); // the picture is decorative (alt ''): the name says it
  await expect(line.locator('img')).toHaveAttribute('src', WHITE_SHIRT_PICTURE);
  await expectNoAxeViolations(page);
  await line.scrollIntoViewIfNeeded();
  await screenshot(page, 'cart', false);
});

test('a subscription line shows its frequency', async ({ page, request }) => {
  const code = await freshSession(request, 'demo-messenger');
  // From the catalogue, as a shopper gets there: adding goes back to it.
  await page.goto(`/catalog#${code}`);
  await expect(page.getByRole('heading', { name: 'Todos' })).toBeVisible();
  await page.goto('/product/2014');
  await page.getByRole('button', { name: /^Assinar/ }).click();
  await page
    .getByRole('menuitem', { name: /A cada 2 Semanas/ })
    .or(page.getByRole('button', { name: /A cada 2 Semanas/ }))
    .first()
    .click();
  // Adding goes back a page (here a page load of the catalogue, which takes the toast with it).
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(cartLink(page)).toHaveAccessibleName(/^Ver carrinho, \d+ ite/);

  await page.goto('/order');
  await expect(cartLine(page, 'Água Mineral Bonafont Galão 20L')).toContainText(
    'Assinatura: a cada 2 Semanas',
  );
  await expectNoAxeViolations(page);
});

test('the empty cart leads back to the products; one unit is read as "1 item"', async ({ page, request }) => {
  const code = await freshSession(request, 'anonymous-session');
  await page.goto(`/order#${code}`);
  await expect(page.getByText('Seu carrinho está vazio.')).toBeVisible();
  await expect(page.getByText('Subtotal')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Ver produtos' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page).toHaveTitle('Catálogo');

  await page.goto('/product/1001');
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  // Adding goes back a page (here a page load of the catalogue, which takes the toast with it).
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(cartLink(page)).toHaveAccessibleName('Ver carrinho, 1 item no carrinho');
});

test('an empty search leads back to the whole catalogue', async ({ page }) => {
  await openFresh(page, 'demo-messenger', '/catalog');
  const search = page.getByRole('searchbox', { name: /Pesquisar/ });
  await search.fill('xyzzy inexistente');
  await search.press('Enter');
  await expect(page.getByText('Nenhum produto encontrado.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Ver todos os produtos' }).click();
  await expect(page.getByRole('heading', { name: 'Todos' })).toBeVisible();
  await expect(page).not.toHaveURL(/busca=/);
});

test('"Sessão Inválida" leads back to WhatsApp', async ({ page }) => {
  // wa.me is outside the sandbox: answer it here, so the test sees where the page sent the shopper.
  await page.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title><p>WhatsApp</p>' }),
  );
  await page.goto('/catalog#sessao-que-nao-existe');
  await expect(page.getByRole('heading', { name: 'Sessão Inválida' })).toBeVisible();
  await expect(page).toHaveTitle('Sessão Inválida');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Voltar para o WhatsApp' }).click();
  await page.waitForURL(/^https:\/\/wa\.me\//);
});

test('an inactive product’s quantity cannot be changed', async ({ page }) => {
  await openFresh(page, 'demo-messenger', '/product/1019');
  await expect(page.getByText('Este produto está indisponível no estoque')).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Quantidade' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Adicionar mais um item' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Adicionar', exact: true })).toBeDisabled();
});

test('with the seller step, an operator chooses the store before adding products', async ({
  page,
  request,
}) => {
  const code = await freshSession(request, 'demo-lojas');
  await page.goto(`/product/1001#${code}`);
  const add = page.getByRole('button', { name: 'Adicionar', exact: true });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription(
    'Selecione a loja que deseja comprar para liberar os produtos',
  );
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Escolher a loja' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
  await expect(page).toHaveTitle('Finalizar pedido');
  const store = page
    .getByRole('region', { name: 'Loja', exact: true })
    .getByRole('combobox', { name: /loja/i })
    .first();
  await expect(store.locator('option').nth(1)).toBeAttached();
  await store.selectOption({ index: 1 });
  await expect(page.getByText('Taxa de serviço')).toBeVisible();

  await page.goBack();
  await expect(add).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Escolher a loja' })).toHaveCount(0);
});
