import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { freshSession } from './support/fresh-session.ts';
import { gate } from './support/gate.ts';
import { followServerOrder } from './support/server-order.ts';

// The product page and the tabs on a 390 × 844 phone (issue 38): the price and the action always in
// reach at the window's bottom, the page's shape while it loads, and tabs that keep the chosen one
// in view.

test.use({ viewport: { width: 390, height: 844 } });

const option = (page: Page, attribute: string, name: string) =>
  page.getByRole('group', { name: attribute }).getByRole('button', { name: new RegExp(`^${name}`) });

/** Whether the element is wholly inside the window, without scrolling. */
async function inWindow(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return (
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= size.width + 0.5 &&
    box.y + box.height <= size.height + 0.5
  );
}

test('on a product with variants the bar names what is missing, leads there, then adds, with the price in view', async ({
  page,
}) => {
  const held = followServerOrder(page);
  const code = await freshSession(page.request, 'demo-shopper');
  await page.goto(`/product/11103#${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Camiseta Básica Algodão Hering' })).toBeVisible();

  const choose = page.getByRole('button', { name: 'Escolha cor e tamanho' });
  await expect(choose).toBeVisible();
  expect(await inWindow(page, choose), 'the action is in reach without scrolling').toBe(true);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/phone-screens/product-390x844.png' });

  // It takes the shopper to the first option still to choose.
  await choose.click();
  await expect(option(page, 'Cor', 'Branca')).toBeFocused();
  await option(page, 'Cor', 'Preta').click();
  await expect(page.getByRole('button', { name: 'Escolha tamanho' })).toBeVisible();
  await option(page, 'Tamanho', 'GG').click();

  const add = page.getByRole('button', { name: 'Adicionar', exact: true });
  await expect(add).toBeEnabled();
  expect(await inWindow(page, add)).toBe(true);
  // The bar's price is the chosen variant's, in view beside the action.
  const barPrice = page.locator('.product-actions__price');
  await expect(barPrice).toHaveText(/Preço\s*R\$\u00a044,90/);
  expect(await inWindow(page, barPrice)).toBe(true);

  await add.click();
  await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
  const order = await held();
  expect(order.items.some((item) => item.providerId.startsWith('11103'))).toBe(true);
});

test('the product page loads behind its own shape, not a spinner', async ({ page }) => {
  const code = await freshSession(page.request, 'demo-shopper');
  await page.goto(`/catalog#${code}`);
  await expect(page.getByRole('tab', { name: 'Todos' })).toBeVisible();
  // A slow line: the product's read is held while the test looks at the page.
  const read = gate();
  await page.route('**/api/catalog/products/1008', async (route) => {
    await read.passed;
    await route.continue();
  });
  await page.evaluate(() => {
    history.pushState(null, '', '/product/1008');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('status').filter({ hasText: 'Carregando o produto...' })).toBeAttached();
  await expect(page.locator('.product-skeleton__picture')).toBeVisible();
  await expect(page.locator('.spinner')).toHaveCount(0);
  read.open();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Café');
});

test('the tabs’ autoplay never carries the chosen tab out of view', async ({ page }) => {
  const code = await freshSession(page.request, 'demo-shopper');
  // The link names a category: 'Hortifrúti' is the chosen tab.
  await page.goto(`/catalog#${code}?type=ShowCategory&id=3`);
  const chosen = page.getByRole('tab', { name: 'Hortifrúti' });
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  // The autoplay is the carousel's, which takes over the row after the first paint.
  await expect(page.locator('.category-carousel')).toBeVisible();
  // Two autoplay periods (3 s each) and a slide, in wall time: the slide is a CSS transition, which
  // the page's clock does not drive, and each look comes after it has ended.
  for (const _ of [1, 2, 3, 4]) {
    await page.waitForTimeout(2000);
    expect(await inWindow(page, chosen), 'the chosen tab stays in view').toBe(true);
  }
});
