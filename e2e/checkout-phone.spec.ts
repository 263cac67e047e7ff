import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { goToCardPage } from './support/card-page.ts';
import { expectInView, openCheckout, pickUpAt, section } from './support/checkout-page.ts';
import { freshSession } from './support/fresh-session.ts';

// The checkout on a phone (issue 25): a bar at the window's bottom with the total and the finish (or what
// is still missing), so the shopper never scrolls to the page's end to find the button.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const bar = (page: Page) => page.locator('.checkout-footer__bar');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/checkout-${name}-390x844.png` });

/** How far the page's end still is below the window, in pixels. */
const distanceToTheEnd = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight - (window.scrollY + window.innerHeight));

test('a shopper finishes a pick-up checkout from the bottom bar, never scrolling to the end', async ({
  page,
  request,
}) => {
  const code = await freshSession(request, 'demo-shopper');
  await openCheckout(page, code);

  // From the start: the total and what is missing, at the bottom of the window.
  await expectInView(bar(page).getByText(/Para finalizar, falta:/));
  await expectInView(bar(page).getByText('Total', { exact: true }));
  await expect(bar(page).getByText('R$ 60,88')).toBeVisible();
  await shot(page, 'inicio');

  await pickUpAt(page);
  await shot(page, 'meio');
  await section(page, 'Pagamento')
    .getByRole('combobox', { name: 'Forma de pagamento' })
    .selectOption({ label: 'PIX' });

  const finish = page.getByRole('button', { name: 'Finalizar e enviar PIX' });
  await expect(finish).toBeVisible();
  await expectInView(finish);
  expect(await distanceToTheEnd(page), 'the page end is still below').toBeGreaterThan(100);
  await shot(page, 'completo');
  await expectNoAxeViolations(page);

  // The last section is never hidden under the bar: the page keeps room for it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const [lastBox, barBox] = [await section(page, 'Resumo').boundingBox(), await bar(page).boundingBox()];
  expect(lastBox && barBox && lastBox.y + lastBox.height <= barBox.y).toBe(true);

  await finish.click();
  await expect(page).toHaveURL(/\/finish$/);
  await expect(page.getByText('Pedido finalizado', { exact: true })).toBeVisible();
});

test('the card page groups the number as printed and says the payment is secure beside the button', async ({
  page,
}) => {
  await goToCardPage(page, 'demo-shopper');
  const number = page.getByLabel('Número do cartão');
  await number.pressSequentially('4111111111111111');
  await expect(number).toHaveValue('4111 1111 1111 1111');
  await number.clear();
  await number.pressSequentially('378282246310005');
  await expect(number).toHaveValue('3782 822463 10005');
  await expect(page.getByText('Pagamento seguro')).toBeVisible();
  await page.getByText('Pagamento seguro').scrollIntoViewIfNeeded();
  await shot(page, 'cartao');
  await expectNoAxeViolations(page);
});
