// The catalogue's grid on a phone (issue 23): what fits on the first screen, what the cards say about
// the cart and let the shopper change there, and the one way into the filters.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFresh } from './support/fresh-session.ts';
import { installPageClock, shopperPauses } from './support/shopper-pause.ts';

/** Screenshots the issue asks the e2e run to keep, one per screen, at the phone size below. */
const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };
/** After an add turns 'Adicionar' into the stepper, a tap sooner than this is taken for a double tap. */
const STEPPER_SETTLE_MS = 400;

const cards = (page: Page) => page.locator('.product-grid article');
const card = (page: Page, name: string) => cards(page).filter({ hasText: name });
const cartLink = (page: Page) => page.getByRole('link', { name: /Ver carrinho/ });
const stepper = (scope: Locator, name: string) => scope.getByRole('group', { name: `${name} no carrinho` });
const filterButton = (page: Page) => page.getByRole('button', { name: /^Filtrar(,|$)/ });
/**
 * The footer's confirm button reads 'Atualizando...' while a cart change waits for its pause or is on
 * its way: back to 'Confirmar pedido', the order on screen is the one the server holds.
 */
const expectOrderSettled = (page: Page) =>
  expect(page.getByRole('button', { name: 'Confirmar pedido' })).toHaveAttribute('aria-busy', 'false');

test.use({ viewport: PHONE });

test.describe('the grid on a phone, 390 × 844', () => {
  test('the first screen shows at least 4 whole cards below the tabs; a card shows its in-cart quantity', async ({
    page,
  }, testInfo) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await expect(cards(page)).toHaveCount(10);
    await expect(page.locator('.product-grid img').first()).toBeVisible();

    const tabs = await page.getByRole('tablist').boundingBox();
    const footer = await page.getByRole('region', { name: 'Ações do pedido' }).boundingBox();
    const boxes = await cards(page).evaluateAll((articles) =>
      articles.map((article) => {
        const box = article.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom };
      }),
    );
    const below = (tabs?.y ?? 0) + (tabs?.height ?? 0);
    const whole = boxes.filter((box) => box.top >= below && box.bottom <= (footer?.y ?? PHONE.height));
    expect(whole.length).toBeGreaterThanOrEqual(4);

    // The seeded cart holds 1 rice and 2 coffees: their cards say so.
    const rice = 'Arroz Branco Tipo 1 Camil 5kg';
    await expect(stepper(card(page, rice), rice).getByRole('status')).toHaveText('1 no carrinho');
    const coffee = 'Café Torrado e Moído Pilão 500g';
    await expect(stepper(card(page, coffee), coffee).getByRole('status')).toHaveText('2 no carrinho');
    // The pack size stays on the card, whatever the length of the name.
    await expect(card(page, 'Refrigerante Guaraná Antarctica').locator('.product-card__pack')).toHaveText(
      '2L',
    );

    await expectNoAxeViolations(page);
    const shot = `${SCREENSHOTS}/catalogo-390x844.png`;
    await page.screenshot({ path: shot });
    await testInfo.attach('catálogo 390×844', { path: shot, contentType: 'image/png' });
  });

  test("the card's stepper changes the cart: the badge and the cart page agree; at 0 'Adicionar' is back", async ({
    page,
  }) => {
    await installPageClock(page);
    await openFresh(page, 'demo-shopper', '/catalog');
    await expect(cartLink(page)).toHaveAccessibleName('Ver carrinho, 3 itens no carrinho');
    const name = 'Feijão Carioca Kicaldo 1kg';
    const beans = card(page, name);
    await beans.getByRole('button', { name: `Adicionar ${name} ao carrinho` }).click();
    const quantity = stepper(beans, name).getByRole('status');
    await expect(quantity).toHaveText('1 no carrinho');
    await expect(cartLink(page)).toHaveAccessibleName('Ver carrinho, 4 itens no carrinho');

    // The shopper looks at the new stepper a moment before tapping it: no double tap.
    await shopperPauses(page, STEPPER_SETTLE_MS);
    const more = beans.getByRole('button', { name: `Adicionar mais um item de ${name}` });
    await more.click();
    await more.click();
    await expect(quantity).toHaveText('3 no carrinho');
    // Straight to the cart, within the pause: the change is sent on the way, nothing is lost.
    await cartLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    const line = page.getByRole('listitem').filter({ hasText: name });
    await expect(line.getByRole('spinbutton', { name: 'Quantidade' })).toHaveValue('3');
    await expect(cartLink(page)).toHaveAccessibleName('Ver carrinho, 6 itens no carrinho');

    await page.goBack();
    await expect(quantity).toHaveText('3 no carrinho');
    await beans.getByRole('button', { name: `Remover um item de ${name}` }).click();
    await beans.getByRole('button', { name: `Remover um item de ${name}` }).click();
    await beans.getByRole('button', { name: `Remover ${name} do carrinho` }).click();
    await expect(beans.getByRole('button', { name: `Adicionar ${name} ao carrinho` })).toBeEnabled();
    await expect(cartLink(page)).toHaveAccessibleName('Ver carrinho, 3 itens no carrinho');

    // What the server holds: a reload shows the same.
    await page.reload();
    await expect(cards(page)).toHaveCount(10);
    await expect(
      card(page, name).getByRole('button', { name: `Adicionar ${name} ao carrinho` }),
    ).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Ver carrinho, 3 itens no carrinho');
  });

  test("a double tap on 'Adicionar' adds one", async ({ page }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await expect(cartLink(page)).toHaveAccessibleName('Ver carrinho, 3 itens no carrinho');
    const name = 'Açúcar Refinado União 1kg';
    await card(page, name)
      .getByRole('button', { name: `Adicionar ${name} ao carrinho` })
      .dblclick();
    await expect(stepper(card(page, name), name).getByRole('status')).toHaveText('1 no carrinho');
    // Nothing waits to be sent any more (a second tap taken would wait its pause): the order is settled.
    await expectOrderSettled(page);
    await expect(stepper(card(page, name), name).getByRole('status')).toHaveText('1 no carrinho');
    await expect(cartLink(page)).toHaveAccessibleName('Ver carrinho, 4 itens no carrinho');

    await page.reload();
    await expect(stepper(card(page, name), name).getByRole('status')).toHaveText('1 no carrinho');
    await expect(cartLink(page)).toHaveAccessibleName('Ver carrinho, 4 itens no carrinho');
  });

  test('the stepper is held to the order limits like the cart: the footer lists the same problems', async ({
    page,
  }) => {
    await openFresh(page, 'demo-limites', '/catalog');
    const problems = page.getByRole('list', { name: 'Problemas:' });
    await expect(problems).toContainText('O máximo de itens distintos do seu pedido é 3');
    await expect(problems).toContainText('O máximo de itens do seu pedido é 10');
    const confirm = page.getByRole('button', { name: 'Confirmar pedido' });
    await expect(confirm).toBeDisabled();

    // Taking the fourth product out: 3 products, 10 items, within both limits.
    const oil = 'Óleo de Soja Liza 900ml';
    await card(page, oil).scrollIntoViewIfNeeded();
    await card(page, oil)
      .getByRole('button', { name: `Remover ${oil} do carrinho` })
      .click();
    await expect(problems).toHaveCount(0);
    await expect(confirm).toBeEnabled();

    // One more sugar: 11 items, one over.
    const sugar = 'Açúcar Refinado União 1kg';
    await card(page, sugar).scrollIntoViewIfNeeded();
    await card(page, sugar)
      .getByRole('button', { name: `Adicionar mais um item de ${sugar}` })
      .click();
    await expect(problems).toHaveText(['O máximo de itens do seu pedido é 10']);
    await expect(confirm).toBeDisabled();
    await expectNoAxeViolations(page);
  });
});

test.describe('filtering on a phone', () => {
  test("one 'Filtrar' holds every filter, counts those in force, and 'Limpar filtros' removes them", async ({
    page,
  }) => {
    await openFresh(page, 'demo-shopper', '/catalog');
    await expect(cards(page)).toHaveCount(10);
    // One way in: no second funnel beside the search.
    await expect(filterButton(page)).toHaveCount(1);
    await expect(filterButton(page)).toHaveAccessibleName('Filtrar');
    await expect(page.getByRole('button', { name: 'Filtrar por categorias' })).toBeHidden();

    await filterButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Filtros' });
    // A click, then the state: the box follows the address, which changes a moment later.
    const camil = panel.getByRole('checkbox', { name: /^Camil \(\d+\)$/ });
    await camil.click();
    await expect(camil).toBeChecked();
    await expect(panel.getByRole('button', { name: 'Limpar filtros' })).toBeVisible();
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Fechar' }).click();

    await expect(filterButton(page)).toHaveAccessibleName('Filtrar, 1 filtro ativo');
    await expect(page.getByText('1 filtro ativo', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/filtro=/);
    await expect
      .poll(async () =>
        (await cards(page).getByRole('heading').allTextContents()).every((n) => n.includes('Camil')),
      )
      .toBe(true);

    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(filterButton(page)).toHaveAccessibleName('Filtrar');
    await expect(page).not.toHaveURL(/filtro=/);
    await expect(page.getByRole('button', { name: 'Limpar filtros' })).toHaveCount(0);
    await expect(cards(page)).toHaveCount(10);
  });

  test('at 320 px the search field shows its whole placeholder', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openFresh(page, 'demo-shopper', '/catalog');
    const input = page.getByRole('searchbox', { name: 'Pesquisar por produto' });
    await expect(input).toBeVisible();
    const room = await input.evaluate((element: HTMLInputElement) => {
      const style = getComputedStyle(element);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const free =
        element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return free - context.measureText(element.placeholder).width;
    });
    expect(room).toBeGreaterThan(0);
  });
});

test('on a wide screen, a keyboard user skips the filters to the products in one step', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFresh(page, 'demo-shopper', '/catalog');
  // A tall window may have fetched the second page already.
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(10);
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  let presses = 0;
  const skip = page.getByRole('link', { name: 'Pular para os produtos' });
  while (!(await skip.evaluate((element) => element === document.activeElement)) && presses < 20) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  expect(presses).toBeLessThan(20);
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(cards(page).first().getByRole('link')).toBeFocused();
  expect(new URL(page.url()).hash).toBe('');
});
