import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFresh } from './support/fresh-session.ts';

const cards = (page: Page) => page.locator('.product-grid article');
const cart = (page: Page) => page.getByRole('link', { name: /Ver carrinho/ });

/** 'R$ 1.234,56' (or the first of 'R$ 10,00 - R$ 20,00') as a number. */
const lowestPrice = (text: string) =>
  Number((/R\$\s*([\d.]+,\d{2})/.exec(text)?.[1] ?? 'NaN').replace(/\./g, '').replace(',', '.'));

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: /Pesquisar/ }).fill(text);
  await page.getByRole('searchbox', { name: /Pesquisar/ }).press('Enter');
}

test.describe('browsing the catalogue', () => {
  test('the top sellers load page after page while scrolling, with tabs above', async ({ page }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await expect(cards(page)).toHaveCount(10);
    await expect(page.getByRole('tab', { name: 'Mercearia' })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const expected of [20, 30]) {
      await cards(page).last().scrollIntoViewIfNeeded();
      await expect(cards(page)).toHaveCount(expected);
    }
    // Every card appears once, in rank order, without repeats across pages.
    const names = await cards(page).getByRole('heading').allTextContents();
    expect(new Set(names).size).toBe(names.length);
  });

  test('choosing a tab shows that category from its first page', async ({ page }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await page.getByRole('tab', { name: 'Hortifrúti' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Hortifrúti' })).toBeVisible();
    await expect(cards(page).first()).toContainText(/Banana|Maçã|Tomate|Alface|Batata|Cebola|Laranja|Limão/);
  });

  test('a search without accents finds accented products', async ({ page }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await search(page, 'acucar');
    await expect(page.getByRole('heading', { name: 'Pesquisa' })).toBeVisible();
    await expect(page.getByText('Buscando por "acucar"')).toBeVisible();
    await expect(cards(page).filter({ hasText: 'Açúcar Refinado União 1kg' })).toHaveCount(1);
    await expectNoAxeViolations(page);
    // An empty search goes back to the catalogue.
    await search(page, '   ');
    await expect(page.getByRole('heading', { level: 2, name: 'Todos' })).toBeVisible();
  });

  test('the category filter narrows to a category, then a subcategory', async ({ page }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    // On a phone the category choice is in the one filter panel, behind 'Filtrar'.
    await page.getByRole('button', { name: 'Filtrar', exact: true }).click();
    await page.getByRole('button', { name: 'Filtrar por categorias' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filtrar por categorias' });
    await dialog.getByRole('button', { name: 'mercearia' }).click();
    await dialog.getByRole('button', { name: 'açúcar e café' }).click();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Mercearia > Açúcar e Café' })).toBeVisible();
    await expect(cards(page).filter({ hasText: 'Café Torrado e Moído Pilão 500g' })).toHaveCount(1);
    await expect(cards(page).filter({ hasText: 'Arroz' })).toHaveCount(0);
  });

  test('the price slider narrows the grid to cheaper products', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openFresh(page, 'demo-shopper', '/catalog');
    await page.getByRole('tab', { name: 'Mercearia' }).click();
    // On a tall window the infinite scroll may already have fetched the second page: 10 or more.
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(10);
    const max = page.getByRole('slider', { name: 'Preço máximo' });
    await max.focus();
    await max.press('Home');
    await max.press('ArrowRight');
    await expect(page).toHaveURL(/preco=/);
    const ceiling = Number(/preco=[\d.]+-([\d.]+)/.exec(page.url())?.[1]);
    await expect
      .poll(async () => {
        const prices = (await cards(page).locator('.price__current').allTextContents()).map(lowestPrice);
        return prices.length > 0 && prices.every((price) => price <= ceiling);
      })
      .toBe(true);
  });

  test('a search with nothing to search for (an emoji, punctuation) finds nothing, not everything', async ({
    page,
  }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await expect(cards(page)).toHaveCount(10);
    for (const text of ['😀', '🍕', '!!!']) {
      await search(page, text);
      await expect(page.getByText(`Buscando por "${text}"`)).toBeVisible();
      await expect(page.getByText('Nenhum produto encontrado.')).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
    // Spaces only are no search at all: the whole catalogue again.
    await search(page, '   ');
    await expect(page.getByRole('heading', { level: 2, name: 'Todos' })).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
  });
});

test.describe('adding from the catalogue', () => {
  test('a simple product goes into the cart: badge and toast', async ({ page }) => {
    await openFresh(page, 'demo-messenger', '/catalog');
    await expect(cart(page)).toHaveAccessibleName('Ver carrinho, 3 itens no carrinho');
    await search(page, 'feijao carioca');
    await page.getByRole('button', { name: 'Adicionar Feijão Carioca Kicaldo 1kg ao carrinho' }).click();
    await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
    await expect(cart(page)).toHaveAccessibleName('Ver carrinho, 4 itens no carrinho');
  });

  test('a product with variants opens its page instead', async ({ page }) => {
    await openFresh(page, 'demo-messenger', '/catalog');
    await search(page, 'camiseta');
    await cards(page)
      .first()
      .getByRole('button', { name: /^Adicionar .* ao carrinho$/ })
      .click();
    await expect(page).toHaveURL(/\/product\/11103$/);
  });

  test('a restricted product cannot be added by a shopper, but an operator can add it', async ({
    browser,
  }) => {
    const shopper = await (await browser.newContext()).newPage();
    await openFresh(shopper, 'demo-messenger', '/catalog');
    await search(shopper, 'brahma');
    const shopperAdd = shopper.getByRole('button', { name: /^Adicionar Cerveja Brahma/ });
    await expect(shopperAdd).toBeDisabled();
    await expect(shopper.getByText('Venda restrita: peça ao atendente')).toBeVisible();

    const operator = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openFresh(operator, 'demo-sem-cobranca', '/catalog');
    await search(operator, 'brahma');
    await operator.getByRole('button', { name: /^Adicionar Cerveja Brahma/ }).click();
    await expect(operator.getByText('Produto adicionado ao carrinho')).toBeVisible();
    await expectNoAxeViolations(operator);
  });
});

test.describe('the footer bar', () => {
  test('order problems are listed and block the confirmation', async ({ page }) => {
    await openFresh(page, 'demo-limites', '/catalog');
    const problems = page.getByRole('list', { name: 'Problemas:' });
    await expect(problems).toContainText('O máximo de itens distintos do seu pedido é 3');
    await expect(problems).toContainText('O máximo de itens do seu pedido é 10');
    await expect(page.getByRole('button', { name: 'Confirmar pedido' })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('an operator sends a product, the catalogue and the order summary to the contact', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const code = await openFresh(page, 'demo-lojas', '/catalog');
    await cards(page)
      .first()
      .getByRole('button', { name: /^Enviar .* para o contato$/ })
      .click();
    await expect(page.getByText('Produto enviado para o contato')).toBeVisible();
    await page.getByRole('button', { name: 'Enviar catálogo' }).click();
    await expect(page.getByText('Catálogo enviado para o contato')).toBeVisible();
    await page.getByRole('button', { name: 'Enviar resumo do pedido' }).click();
    await expect(page.getByText('Resumo do pedido enviado para o contato')).toBeVisible();

    const outbox = await page.request.get(`/api/sandbox/outbox?session=${code}`);
    const { data } = (await outbox.json()) as { data: { kind: string }[] };
    expect(data.map((entry) => entry.kind).sort()).toEqual(['catalog', 'order-summary', 'product']);
  });
});

test('back from a product page finds the list where it was left', async ({ page }) => {
  await openFresh(page, 'demo-shopper', '/catalog');
  await expect(cards(page)).toHaveCount(10);
  await cards(page).last().scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(20);
  const target = cards(page).nth(14);
  await target.scrollIntoViewIfNeeded();
  const name = (await target.getByRole('heading').textContent()) ?? '';
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  await target.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await page.goBack();
  await expect(cards(page)).toHaveCount(20);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 100);
  await expect(page.getByRole('heading', { name })).toBeInViewport();
});

test.describe('the operator’s catalogue', () => {
  test('comes back as the operator left it, after leaving and reopening the catalogue', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openFresh(page, 'demo-precos-manuais', '/catalog');
    await page.getByRole('tab', { name: 'Bebidas' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Bebidas' })).toBeVisible();
    await page.goto('/catalog');
    await expect(page.getByRole('heading', { level: 2, name: 'Bebidas' })).toBeVisible();
    await expect(page).toHaveURL(/categoria=2/);
  });

  test('with the seller step on and no seller chosen, asks to choose the shop', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openFresh(page, 'demo-lojas', '/catalog');
    await expect(
      page.getByText('Selecione a loja que deseja comprar para liberar os produtos'),
    ).toBeVisible();
  });
});

test('suggested products from the link open in a Sugeridos tab; unknown ids are left out', async ({
  page,
}) => {
  await openFresh(page, 'demo-shopper', '/catalog?ids=1008,nao-existe,1001');
  await expect(page.getByRole('tab', { name: 'Sugeridos' })).toHaveAttribute('aria-selected', 'true');
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText('Café Torrado e Moído Pilão 500g');
});
