// Back always works (issue 23): every list the shopper chose is a history entry, Back and the top
// bar's ← find it again with its pages and scroll, and 'Adicionar' never takes the shopper out of the
// store or away from where they have since gone.
import { expect, type Page, type Route, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { freshSession, openFresh } from './support/fresh-session.ts';
import { gate } from './support/gate.ts';

const cards = (page: Page) => page.locator('.product-grid article');
const listHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
/** The store's pages; leaving the store would show the page before it (about:blank in a test). */
const STORE = /^http:\/\/localhost:\d+\//;

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: /Pesquisar/ }).fill(text);
  await page.getByRole('searchbox', { name: /Pesquisar/ }).press('Enter');
}

/** Opens 'Bebidas', loads its second page and scrolls to its 14th card; returns the card's name and the scroll. */
async function scrollDownBebidas(page: Page) {
  await page.getByRole('tab', { name: 'Bebidas' }).click();
  await expect(listHeading(page, 'Bebidas')).toBeVisible();
  await expect(cards(page)).toHaveCount(10);
  await cards(page).last().scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(17);
  const target = cards(page).nth(13);
  await target.scrollIntoViewIfNeeded();
  const name = (await target.getByRole('heading').textContent()) ?? '';
  const scrolled = await scrollY(page);
  expect(scrolled).toBeGreaterThan(500);
  return { target, name, scrolled };
}

test.describe('Back through the catalogue', () => {
  test('tab, tab, search, then Back three times returns through each list and stays in the store', async ({
    page,
  }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await expect(listHeading(page, 'Todos')).toBeVisible();
    await page.getByRole('tab', { name: 'Bebidas' }).click();
    await expect(listHeading(page, 'Bebidas')).toBeVisible();
    await page.getByRole('tab', { name: 'Hortifrúti' }).click();
    await expect(listHeading(page, 'Hortifrúti')).toBeVisible();
    await search(page, 'banana');
    await expect(page.getByText('Buscando por "banana"')).toBeVisible();
    // Each list names itself in the tab's title, which the phone's history list shows.
    await expect(page).toHaveTitle('Pesquisa: banana · Catálogo');

    await page.goBack();
    await expect(listHeading(page, 'Hortifrúti')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Hortifrúti' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('searchbox', { name: /Pesquisar/ })).toHaveValue('');
    await page.goBack();
    await expect(listHeading(page, 'Bebidas')).toBeVisible();
    await expect(page).toHaveURL(/categoria=2/);
    await expect(page).toHaveTitle('Bebidas · Catálogo');
    await page.goBack();
    await expect(listHeading(page, 'Todos')).toBeVisible();
    await expect(page).toHaveURL(STORE);
    await expect(cards(page)).toHaveCount(10);
    await expectNoAxeViolations(page);
  });

  test('Back after a filter change returns to the unfiltered list', async ({ page }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await page.getByRole('tab', { name: 'Bebidas' }).click();
    await expect(cards(page)).toHaveCount(10);
    await page.getByRole('button', { name: 'Filtrar', exact: true }).click();
    // A click, then the state: the box follows the address, which changes a moment later.
    const cocaCola = page.getByRole('checkbox', { name: /^Coca-Cola/ });
    await cocaCola.click();
    await expect(cocaCola).toBeChecked();
    await page.getByRole('button', { name: 'Fechar' }).click();
    await expect(page).toHaveURL(/filtro=/);
    await expect(cards(page)).toHaveCount(2);

    await page.goBack();
    await expect(page).not.toHaveURL(/filtro=/);
    await expect(listHeading(page, 'Bebidas')).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
    await page.getByRole('button', { name: 'Filtrar', exact: true }).click();
    await expect(page.getByRole('checkbox', { name: /^Coca-Cola/ })).not.toBeChecked();
  });

  test("the phone's Back closes the filter panel, back on the list as it was when 'Filtrar' opened it", async ({
    page,
  }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    const { name } = await scrollDownBebidas(page);
    await page.getByRole('button', { name: 'Filtrar', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Filtros' });
    await expect(panel).toBeVisible();
    // A click, then the state: the box follows the address, which changes a moment later.
    const cocaCola = panel.getByRole('checkbox', { name: /^Coca-Cola/ });
    await cocaCola.click();
    await expect(cocaCola).toBeChecked();
    await expect(page).toHaveURL(/filtro=/);

    await page.goBack();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(STORE);
    await expect(page).not.toHaveURL(/filtro=/);
    await expect(listHeading(page, 'Bebidas')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filtrar', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Both pages it had loaded are still there.
    await expect(cards(page)).toHaveCount(17);
    await expect(cards(page).nth(13).getByRole('heading')).toHaveText(name);
    // The next Back is the list before 'Bebidas', not the panel again.
    await page.goBack();
    await expect(listHeading(page, 'Todos')).toBeVisible();
  });

  test('Back from another tab finds the list with the pages it had loaded, where it was left', async ({
    page,
  }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await scrollDownBebidas(page);
    // The shopper goes up to the tabs to choose another one.
    const hortifruti = page.getByRole('tab', { name: 'Hortifrúti' });
    await hortifruti.scrollIntoViewIfNeeded();
    const left = await scrollY(page);
    await hortifruti.click();
    await expect(listHeading(page, 'Hortifrúti')).toBeVisible();

    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/catalog/products')) listCalls.push(r.url());
    });
    await page.goBack();
    await expect(listHeading(page, 'Bebidas')).toBeVisible();
    await expect(cards(page)).toHaveCount(17);
    await expect.poll(() => scrollY(page)).toBe(left);
    // Both of its pages came from the cache.
    expect(listCalls).toEqual([]);
  });
});

test.describe("the top bar's ←", () => {
  test("returns to 'Bebidas' where it was left, from the product and from the cart after it", async ({
    page,
  }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    const { target, name, scrolled } = await scrollDownBebidas(page);
    await target.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.getByRole('link', { name: 'Voltar ao catálogo' }).click();
    await expect(listHeading(page, 'Bebidas')).toBeVisible();
    await expect(cards(page)).toHaveCount(17);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(scrolled - 100);
    await expect(page.getByRole('heading', { name, exact: true })).toBeInViewport();

    // Product, then the cart: ← still finds the list the shopper came from.
    await cards(page).nth(13).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('link', { name: /Ver carrinho/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao catálogo' }).click();
    await expect(listHeading(page, 'Bebidas')).toBeVisible();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(scrolled - 100);
    await expect(page.getByRole('heading', { name, exact: true })).toBeInViewport();
  });
});

test.describe("'Adicionar' on the product page", () => {
  test('goes back one page to the list the product was opened from', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-shopper');
    await page.goto(`/catalog#${code}`);
    await page.getByRole('tab', { name: 'Bebidas' }).click();
    await expect(cards(page)).toHaveCount(10);
    await cards(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/product\//);
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
    await expect(listHeading(page, 'Bebidas')).toBeVisible();
    await expect(page).toHaveURL(/\/catalog\?categoria=2$/);
  });

  test('from a product link opened as the first page of the tab, stays in the store', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, 'demo-shopper');
    await page.goto(`/product/1001#${code}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
    await expect(listHeading(page, 'Todos')).toBeVisible();
    await expect(page).toHaveURL(/\/catalog$/);
    // Back from there is the product again: still the store.
    await page.goBack();
    await expect(page).toHaveURL(/\/product\/1001$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('on a slow network, then the cart icon at once: the cart stays', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-shopper');
    await page.goto(`/catalog#${code}`);
    await cards(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/product\//);
    // A slow network: the add's answer is held until the cart's code (never loaded yet) has been
    // asked for, and that code until the test lets it come, so the add's answer arrives while the
    // cart is on its way, however fast or busy the machine.
    const cartAsked = gate();
    const cartCode = gate();
    await page.route('**/api/order/items/**', async (route: Route) => {
      await cartAsked.passed;
      await route.continue();
    });
    await page.route('**/assets/cart-*.js', async (route: Route) => {
      cartAsked.open();
      await cartCode.passed;
      await route.continue();
    });
    const added = page.waitForResponse((r) => r.url().includes('/api/order/items') && r.ok());
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByRole('link', { name: /Ver carrinho/ }).click();

    // The add's answer arrives while the cart is on its way, and the product page (still on screen
    // until the cart's code comes) handles it: its toast says so. That is when a late Back would go.
    await added;
    await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
    cartCode.open();
    await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    await expect(page).toHaveURL(/\/order$/);
    // Back from the cart is the product it was opened from: nothing went back on its own meanwhile.
    await page.goBack();
    await expect(page).toHaveURL(/\/product\//);
  });
});
