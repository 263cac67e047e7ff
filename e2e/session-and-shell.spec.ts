import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFresh } from './support/fresh-session.ts';

test.describe('opening the storefront from a chat link', () => {
  test('the demo shopper link shows the branded catalogue with the Todos tab and the cart badge', async ({
    page,
  }) => {
    await openFresh(page, 'demo-shopper', '/catalog');

    await expect(page.getByRole('tab', { name: 'Todos' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Mercearia' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logo da loja' })).toBeVisible();
    // The shop's primary colour paints the top bar.
    const barColour = await page
      .locator('header.top-bar')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    const shopColour = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );
    expect(shopColour).not.toBe('#1f2937');
    expect(barColour).not.toBe('rgb(31, 41, 55)');
    // Two items (2 + 1) are in the seeded order.
    const cart = page.getByRole('link', { name: /Ver carrinho/ });
    await expect(cart).toHaveAccessibleName('Ver carrinho, 3 itens no carrinho');
    await expect(cart).toHaveAttribute('href', '/order');
    // The session code leaves the address bar once the session is open.
    expect(new URL(page.url()).hash).toBe('');
    // The catalogue has no back button.
    await expect(page.getByRole('link', { name: 'Voltar ao catálogo' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('choosing a category tab selects it and keeps it in the address', async ({ page }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await page.getByRole('tab', { name: 'Bebidas' }).click();
    await expect(page.getByRole('tab', { name: 'Bebidas' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Bebidas' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('categoria')).toBe('2');
    await expectNoAxeViolations(page);
  });

  test('a slow first tap on a category tab still chooses it while the carousel takes over the row', async ({
    page,
  }) => {
    // Held down as a thumb on a cheap phone does: the press itself starts the carousel's chunk, which
    // arrives (cached by the first visit) before the finger lifts.
    await openFresh(page, 'demo-shopper', '/catalog');
    await expect(page.locator('.category-carousel')).toBeVisible();
    await page.reload();
    const bebidas = page.getByRole('tab', { name: 'Bebidas' });
    await expect(bebidas).toBeVisible();
    await expect(page.locator('.category-carousel')).toHaveCount(0);
    const box = await bebidas.boundingBox();
    if (!box) throw new Error('the Bebidas tab has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // The finger is still down when the carousel's code and style have come and the page has drawn a
    // frame since: the carousel is ready and waits for the press to end.
    await page.waitForFunction(
      () =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/category-carousel-[^/]+\.js$/.test(entry.name)) &&
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some(
          (link) => link.href.includes('/category-carousel-') && link.sheet !== null,
        ),
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await expect(page.locator('.category-carousel')).toHaveCount(0);
    await page.mouse.up();
    await expect(bebidas).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.category-carousel')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('categoria')).toBe('2');
  });

  test('a second chat link opened in the same tab switches the tab to its session', async ({ page }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await expect(page.getByRole('link', { name: /Ver carrinho/ })).toHaveAccessibleName(
      'Ver carrinho, 3 itens no carrinho',
    );
    // Only the hash changes, as when the chat app reuses the tab for the next link.
    await openFresh(page, 'demo-limites', '/catalog');
    await expect(page.getByRole('link', { name: /Ver carrinho/ })).toHaveAccessibleName(
      'Ver carrinho, 11 itens no carrinho',
    );
    await expect.poll(() => new URL(page.url()).hash).toBe('');
  });

  test('a chat link that names a category opens the catalogue on it', async ({ page }) => {
    await openFresh(page, 'demo-shopper', '/catalog', '?type=ShowCategory&id=3');
    await expect(page.getByRole('tab', { name: 'Hortifrúti' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the order limits dropdown lists the limits of the order', async ({ page }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await page.getByRole('button', { name: 'Limites do pedido' }).click();
    await expect(page.getByText(/^Máximo de itens distintos: \d+$/)).toBeVisible();
    await expect(page.getByText(/^Máximo de itens: \d+$/)).toBeVisible();
    await expect(page.getByText(/^Valor mínimo: R\$\s\d+,\d\d$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByText(/^Máximo de itens: \d+$/)).toHaveCount(0);
  });

  test('an unknown session code shows Sessão Inválida', async ({ page }) => {
    await page.goto('/catalog#codigo-que-nao-existe');
    await expect(page.getByRole('heading', { name: 'Sessão Inválida' })).toBeVisible();
    await expect(page).toHaveURL(/\/invalid-session$/);
    await expectNoAxeViolations(page);
  });

  test('a session the backend cannot answer now is no bad link: the error page offers Tentar novamente, which opens it', async ({
    page,
  }) => {
    let down = true;
    await page.route('**/api/session', (route) =>
      down
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              success: false,
              data: null,
              errors: [
                { message: 'Serviço indisponível.', code: 503, type: 'upstream_unavailable', status: 503 },
              ],
            }),
          })
        : route.continue(),
    );
    await openFresh(page, 'demo-shopper', '/catalog');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ops! Algo de errado aconteceu' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sessão Inválida' })).toHaveCount(0);
    expect(new URL(page.url()).hash).toBe('');
    await expectNoAxeViolations(page);
    down = false;
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('link', { name: 'Ver carrinho, 3 itens no carrinho' })).toBeVisible();
  });

  test('a session without shop data shows Sessão Inválida', async ({ page }) => {
    await openFresh(page, 'no-shop-session', '/catalog');
    await expect(page.getByRole('heading', { name: 'Sessão Inválida' })).toBeVisible();
  });

  test('a link without a code opens the anonymous web chat session', async ({ page }) => {
    await page.goto('/catalog');
    await expect(page.getByRole('tab', { name: 'Todos' })).toBeVisible();
    const cart = page.getByRole('link', { name: /Ver carrinho/ });
    await expect(cart).toHaveAccessibleName('Ver carrinho');
    await expect(cart).toHaveAttribute('href', '/order');
  });

  test('the empty path goes to the catalogue', async ({ page }) => {
    await openFresh(page, 'demo-shopper', '/');
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole('tab', { name: 'Todos' })).toBeVisible();
  });

  test('an unknown address shows Página não encontrada with a way back', async ({ page }) => {
    await page.goto('/nada');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole('tab', { name: 'Todos' })).toBeVisible();
  });
});

test.describe('two sessions in one browser', () => {
  test('a shopper tab and an operator tab keep their own session, also after a reload', async ({
    context,
  }) => {
    const shopper = await context.newPage();
    const operator = await context.newPage();
    await openFresh(shopper, 'demo-shopper', '/catalog');
    const operatorCode = await openFresh(operator, 'demo-operator', '/catalog');

    const shopperCart = shopper.getByRole('link', { name: /Ver carrinho/ });
    const operatorCart = operator.getByRole('link', { name: /Ver carrinho/ });
    await expect(shopperCart).toHaveAttribute('href', '/order');
    await expect(operatorCart).toHaveAttribute('href', '/order/checkout');
    await expect(shopperCart).toHaveAccessibleName('Ver carrinho, 3 itens no carrinho');
    await expect(operatorCart).toHaveAccessibleName('Ver carrinho');

    await shopper.reload();
    await operator.reload();
    await expect(shopper.getByRole('link', { name: /Ver carrinho/ })).toHaveAttribute('href', '/order');
    await expect(operator.getByRole('link', { name: /Ver carrinho/ })).toHaveAttribute(
      'href',
      '/order/checkout',
    );
    await expect(shopper.getByRole('link', { name: /Ver carrinho/ })).toHaveAccessibleName(
      'Ver carrinho, 3 itens no carrinho',
    );

    // Neither tab's script can read the session code.
    expect(await shopper.evaluate(() => document.cookie)).toBe('');
    const stored = await operator.evaluate(() => JSON.stringify(sessionStorage));
    expect(stored).not.toContain(operatorCode);
  });
});
