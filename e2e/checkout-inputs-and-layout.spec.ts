import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  choosePayment,
  expectInView,
  openCheckout,
  openStep,
  pickUpAt,
  section,
  summary,
  summaryAmounts,
} from './support/checkout-page.ts';
import { freshSession } from './support/fresh-session.ts';

// Issue 34, defects 5, 7, 8 and 9: the checkout's inputs keep to the contract's bounds and say so in
// Portuguese under the field, the desktop shopper keeps the total and the finish in view, coupons can
// be removed and a refused one leaves the applied one in place, and cash on delivery shows the change.

/** An English field key of the contract, as the sandbox names it in a refusal. */
const ENGLISH_KEY = /\b(name|manualPaymentInformation|coupon)\b/;

const brl = (cents: number) => `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`;

test.describe('Checkout inputs (phone)', () => {
  test('a 250-character name: the finish opens the contact step and focuses Nome, with the Portuguese message under it', async ({
    page,
    request,
  }) => {
    await openCheckout(page, await freshSession(request, 'demo-shopper'));
    await pickUpAt(page, /Pinheiros/);
    await openStep(page, 'Dados do contato');
    const contact = section(page, 'Dados do contato');
    const name = contact.getByRole('textbox', { name: 'Nome' });
    await name.fill('M'.repeat(250));
    await expect(contact.getByText('Use no máximo 200 caracteres.')).toBeVisible();
    // Another step opened folds the contact step (a phone shows one step at a time).
    await choosePayment(page, 'PIX');
    await expect(name).toBeHidden();

    await page.getByRole('button', { name: 'Finalizar e enviar PIX' }).click();
    await expect(name).toBeVisible();
    await expect(name).toBeFocused();
    await expect(name).toHaveValue('M'.repeat(250));
    await expect(name).toHaveAccessibleDescription('Use no máximo 200 caracteres.');
    await expect(page).toHaveURL(/\/order\/checkout/);
    await expect(page.locator('body')).not.toContainText(ENGLISH_KEY);
    await expectNoAxeViolations(page);
  });

  test('a 2,100-character manual card link says so under Cartão and leads there, focused', async ({
    page,
    request,
  }) => {
    await openCheckout(page, await freshSession(request, 'demo-pagamento-manual'));
    await pickUpAt(page);
    await choosePayment(page, 'Cartão de Crédito');
    const card = section(page, 'Pagamento').getByRole('textbox', { name: 'Cartão' });
    const link = `https://pagar.exemplo.com/${'a'.repeat(2100 - 'https://pagar.exemplo.com/'.length)}`;
    await card.fill(link);
    await expect(card).toHaveAccessibleDescription('Use no máximo 2000 caracteres.');
    // Nothing is cut: what was pasted stays for the shopper to shorten.
    await expect(card).toHaveValue(link);

    // The finish is not offered; what is missing leads to the field.
    await openStep(page, 'Itens do pedido');
    await expect(card).toBeHidden();
    await page.getByRole('button', { name: 'Para finalizar, falta: Informações do pagamento.' }).click();
    await expect(card).toBeVisible();
    await expect(card).toBeFocused();
    await expect(page.getByRole('button', { name: /^Finalizar e enviar/ })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(ENGLISH_KEY);
    await expectNoAxeViolations(page);
  });

  test('coupons: a refused coupon keeps the applied one in the field and the order, and ‘Remover cupom’ removes it', async ({
    page,
    request,
  }) => {
    const checkout = await openCheckout(page, await freshSession(request, 'demo-shopper'));
    const field = summary(page).getByRole('textbox', { name: 'Cupom de desconto' });
    await field.fill('BEMVINDO10');
    await summary(page).getByRole('button', { name: 'Aplicar' }).click();
    await expect(summary(page).getByText('BEMVINDO10', { exact: true })).toBeVisible();

    await field.fill('NATAL2024');
    await summary(page).getByRole('button', { name: 'Aplicar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cupom' });
    await expect(dialog).toBeVisible();
    await expect(dialog).not.toContainText(ENGLISH_KEY);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(field).toHaveValue('BEMVINDO10');
    await expect(summary(page).getByText('BEMVINDO10', { exact: true })).toBeVisible();
    expect((await checkout.serverOrder()) as { coupon?: string }).toMatchObject({ coupon: 'BEMVINDO10' });

    await summary(page).getByRole('button', { name: 'Remover cupom' }).click();
    await expect(summary(page).getByRole('button', { name: 'Remover cupom' })).toHaveCount(0);
    await expect(field).toHaveValue('');
    await expect(summary(page).locator('dt', { hasText: 'Cupom' })).toHaveCount(0);
    await expect
      .poll(async () => ((await checkout.serverOrder()) as { coupon?: string | null }).coupon ?? '')
      .toBe('');
    const rows = await summaryAmounts(page);
    expect(Math.round((await checkout.serverOrder()).totalAmout * 100)).toBe(rows.get('Total'));
    await expectNoAxeViolations(page);
  });

  test('cash on delivery shows ‘Troco’ under ‘Valor em espécie’, following the total', async ({
    page,
    request,
  }) => {
    await openCheckout(page, await freshSession(request, 'demo-messenger'));
    await pickUpAt(page, /Pinheiros/);
    await choosePayment(page, 'Pagar na entrega');
    const payment = section(page, 'Pagamento');
    await payment.getByRole('combobox', { name: 'Tipo de pagamento' }).selectOption({ label: 'Dinheiro' });
    const total = (await summaryAmounts(page)).get('Total') ?? 0;
    const cashCents = total + 2922;
    const cash = payment.getByRole('textbox', { name: 'Valor em espécie' });
    await cash.fill((cashCents / 100).toFixed(2).replace('.', ','));
    await expect(payment.getByText('Troco: R$ 29,22')).toBeVisible();
    await expect(cash).toHaveAccessibleDescription('Troco: R$ 29,22');
    await expectNoAxeViolations(page);

    // One more item: the change follows the new total.
    await openStep(page, 'Itens do pedido');
    await section(page, 'Itens do pedido')
      .getByRole('button', { name: 'Adicionar mais um item' })
      .first()
      .click();
    await expect.poll(async () => (await summaryAmounts(page)).get('Total')).not.toBe(total);
    const newTotal = (await summaryAmounts(page)).get('Total') ?? 0;
    await openStep(page, 'Pagamento');
    if (cashCents > newTotal) {
      await expect(payment.getByText(`Troco: ${brl(cashCents - newTotal)}`)).toBeVisible();
    } else {
      await expect(payment.getByText(/Troco/)).toHaveCount(0);
    }
  });
});

test.describe('Checkout layout (desktop 1280x800)', () => {
  test.use({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });

  test('after choosing a payment, the shopper has the total and the finish in view', async ({
    page,
    request,
  }) => {
    await openCheckout(page, await freshSession(request, 'demo-shopper'));
    await pickUpAt(page, /Pinheiros/);
    const method = section(page, 'Pagamento').getByRole('combobox', { name: 'Forma de pagamento' });
    await method.scrollIntoViewIfNeeded();
    await method.selectOption({ label: 'PIX' });

    const side = page.getByRole('complementary', { name: 'Resumo e ações' });
    await expectInView(side.getByRole('button', { name: 'Finalizar e enviar PIX' }));
    await expectInView(summary(page).getByText('Total', { exact: true }));
    await page.screenshot({ path: 'test-results/screenshots/checkout-cliente-pagamento-1280x800.png' });
    // Still beside the sections, and still in view at the very bottom of the page.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expectInView(side.getByRole('button', { name: 'Finalizar e enviar PIX' }));
    await expectInView(summary(page).getByText('Total', { exact: true }));
    await expectNoAxeViolations(page);
  });
});
