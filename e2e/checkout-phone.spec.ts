import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { fillCard, goToCardPage } from './support/card-page.ts';
import { expectInView, openCheckout, pickUpAt, section } from './support/checkout-page.ts';
import { freshSession } from './support/fresh-session.ts';

// The checkout on a phone (issue 25): a bar at the window's bottom with the total and the finish (or what
// is still missing), so the shopper never scrolls to the page's end to find the button.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const bar = (page: Page) => page.locator('.checkout-footer__bar');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/checkout-${name}-390x844.png` });

/** A step folded to its one line ('Itens do pedido', 'Forma de entrega', ...). */
const folded = (page: Page, name: string) =>
  page.locator('.checkout-step__folded').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('a shopper finishes a pick-up checkout step by step from the bottom bar, never scrolling to the end', async ({
  page,
  request,
}) => {
  const code = await freshSession(request, 'demo-shopper');
  await openCheckout(page, code);

  // From the start: the total and what is missing, at the bottom of the window.
  await expectInView(bar(page).getByText(/Para finalizar, falta:/));
  await expectInView(bar(page).getByText('Total', { exact: true }));
  await expect(bar(page).getByText('R$ 60,88')).toBeVisible();
  // What is already complete is one line each; the first step that misses something is open.
  await expect(folded(page, 'Itens do pedido').getByText(/^3 itens · R\$\s[\d.,]+$/)).toBeVisible();
  await expect(
    folded(page, 'Dados do contato').getByText(/^Mariana .* · mariana\.oliveira@exemplo\.com\.br$/),
  ).toBeVisible();
  await expect(folded(page, 'Pagamento').getByText('Falta: Forma de pagamento')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Alterar' }).first()).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(page.getByRole('radio', { name: 'Retirada em loja' })).toBeVisible();
  await shot(page, 'inicio');

  await pickUpAt(page);
  await shot(page, 'meio');
  // 'Continuar' folds the step and opens the next one missing something, its heading focused.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    folded(page, 'Forma de entrega').getByText(/^Retirada em loja · .+ · (Grátis|R\$\s[\d,]+)$/),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pagamento', exact: true })).toBeFocused();
  await page.getByRole('combobox', { name: 'Forma de pagamento' }).selectOption({ label: 'PIX' });

  const finish = page.getByRole('button', { name: 'Finalizar e enviar PIX' });
  await expect(finish).toBeVisible();
  await expectInView(finish);
  // The last step's 'Continuar' leads to the finish.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(finish).toBeFocused();
  await expect(folded(page, 'Pagamento').getByText('PIX', { exact: true })).toBeVisible();
  // Folded, the whole checkout is about two screens (1,154 px for three items; it was 2,900 px with every section open).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, 'the complete checkout folded').toBeLessThan(2 * PHONE.height);
  await shot(page, 'completo');
  await expectNoAxeViolations(page);

  // The last section is never hidden under the bar: the page keeps room for it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const [lastBox, barBox] = [await section(page, 'Resumo').boundingBox(), await bar(page).boundingBox()];
  expect(lastBox && barBox && lastBox.y + lastBox.height <= barBox.y).toBe(true);

  await finish.click();
  await expect(page).toHaveURL(/\/finish\/pix$/);
  // The demo shop's Pix goes through a provider (decision 0023): the shopper pays on the page.
  await expect(page.getByRole('heading', { level: 1, name: 'Pague com Pix' })).toBeVisible();
});

test('a folded step reopens with Alterar, and the bar leads to what is missing', async ({
  page,
  request,
}) => {
  const code = await freshSession(request, 'demo-shopper');
  await openCheckout(page, code);
  await pickUpAt(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Pagamento', exact: true })).toBeFocused();

  // 'Alterar' opens the contact step (folding the one open) and moves the focus to its heading.
  await folded(page, 'Dados do contato').getByRole('button', { name: 'Alterar' }).click();
  await expect(page.getByRole('heading', { name: 'Dados do contato', exact: true })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Nome' })).toBeVisible();
  await expect(folded(page, 'Pagamento').getByText('Falta: Forma de pagamento')).toBeVisible();
  await expectNoAxeViolations(page);

  // The bar's 'Para finalizar, falta: …' opens the step of the first missing piece.
  await bar(page)
    .getByRole('button', { name: /Para finalizar, falta: Forma de pagamento/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Pagamento', exact: true })).toBeFocused();
  await expectInView(page.getByRole('combobox', { name: 'Forma de pagamento' }));
});

test('the keyboard opening never hides the field being typed, nor does the bar', async ({
  page,
  request,
}) => {
  const code = await freshSession(request, 'demo-shopper');
  await openCheckout(page, code);
  await folded(page, 'Dados do contato').getByRole('button', { name: 'Alterar' }).click();
  const cpf = page.getByRole('textbox', { name: 'CPF' });
  await cpf.focus();
  // A keyboard taking 40% of the window: the page (and the bar fixed to its bottom) gets shorter.
  await page.setViewportSize({ width: PHONE.width, height: 500 });
  await expect
    .poll(async () => {
      const [field, barBox] = [await cpf.boundingBox(), await bar(page).boundingBox()];
      return field && barBox ? field.y + field.height <= barBox.y && field.y >= 0 : false;
    })
    .toBe(true);
  await expect(cpf).toBeFocused();
});

test('the card page: accepted brands beside the number, errors focused in view, the total always at the bottom', async ({
  page,
}) => {
  await goToCardPage(page, 'demo-shopper');
  const cardBar = page.locator('.card-form__bar');
  const pay = cardBar.getByRole('button', { name: 'Finalizar pagamento' });
  const number = page.getByLabel('Número do cartão');

  // The brands the shop's card option takes, as logos served with the app, before the number.
  const brands = page.getByRole('list', { name: 'Bandeiras aceitas' });
  const logos = brands.getByRole('img');
  await expect(logos).toHaveCount(5);
  expect(await logos.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).alt))).toEqual(
    ['Visa', 'Mastercard', 'Elo', 'American Express', 'Hipercard'],
  );
  await expect
    .poll(() =>
      logos.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
  await expectInView(brands);

  // From the start, the total and the pay button at the window's bottom, with 'Pagamento seguro'.
  await expectInView(cardBar.getByText('Total', { exact: true }));
  const orderTotal = await page.getByText('Total do pedido:').locator('strong').textContent();
  await expect(cardBar.locator('.card-form__total strong')).toHaveText(orderTotal ?? 'R$');
  await expectInView(pay);
  await expectInView(cardBar.getByText('Pagamento seguro'));

  // Nothing typed yet: every card field says what is missing under it, the first one takes the focus.
  await pay.click();
  await expect(page.getByText('Por favor, verifique os campos e tente novamente')).toBeVisible();
  await expect(number).toBeFocused();
  await expectInView(number);
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription(/Informe o número do cartão\./);
  await expect(page.getByLabel('Nome impresso no cartão')).toHaveAccessibleDescription(
    'Informe o nome impresso no cartão.',
  );
  await shot(page, 'cartao-erros');

  // Grouped as printed; the brand typed stands out, the others dim.
  await number.pressSequentially('4111111111111111');
  await expect(number).toHaveValue('4111 1111 1111 1111');
  await expect(number).toHaveAccessibleDescription('Bandeira: Visa');
  await expect(brands.locator('li[aria-current="true"]').getByRole('img')).toHaveAttribute('alt', 'Visa');
  const opacities = await logos.evaluateAll((images) =>
    images.map((image) => getComputedStyle(image).opacity),
  );
  expect(opacities).toEqual(['1', '0.3', '0.3', '0.3', '0.3']);

  // A digit typed in the middle stays where it was typed, and so does the caret.
  await number.evaluate((input: HTMLInputElement) => input.setSelectionRange(5, 5));
  await page.keyboard.type('2');
  await expect(number).toHaveValue('4111 2111 1111 1111 1');
  expect(await number.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(6);
  await page.keyboard.press('Backspace');
  await expect(number).toHaveValue('4111 1111 1111 1111');
  expect(await number.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(5);

  await number.clear();
  await number.pressSequentially('378282246310005');
  await expect(number).toHaveValue('3782 822463 10005');
  await expect(brands.locator('li[aria-current="true"]').getByRole('img')).toHaveAttribute(
    'alt',
    'American Express',
  );
  await shot(page, 'cartao');
  await expectNoAxeViolations(page);

  // A billing field left empty far down the form: it takes the focus, in view above the bar.
  await fillCard(page, '4111111111111111');
  const neighborhood = page.getByLabel('Bairro');
  await neighborhood.clear();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectInView(pay);
  await pay.click();
  await expect(neighborhood).toBeFocused();
  await expectInView(neighborhood);
  const [fieldBox, barBox] = [await neighborhood.boundingBox(), await cardBar.boundingBox()];
  expect(fieldBox && barBox && fieldBox.y + fieldBox.height <= barBox.y).toBe(true);
  await expect(neighborhood).toHaveAccessibleDescription('Informe o bairro.');

  // The last field is never hidden under the bar: the form keeps room for it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expectInView(cardBar.getByText('Total', { exact: true }));
  const [lastBox, bottomBar] = [await page.getByLabel('Estado').boundingBox(), await cardBar.boundingBox()];
  expect(lastBox && bottomBar && lastBox.y + lastBox.height <= bottomBar.y).toBe(true);
  await expectNoAxeViolations(page);
});
