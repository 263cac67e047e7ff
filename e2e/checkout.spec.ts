import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  deliverAtLastDay,
  openCheckout,
  openStep,
  pickUpAt,
  section,
  summary,
} from './support/checkout-page.ts';
import { freshSession } from './support/fresh-session.ts';

// Every test works on its own fresh copy of a demo session: confirming or cancelling never touches
// another test's order, and a retry starts from the seeded cart again.

const pickUpAtTheFirstStore = (page: Page) => pickUpAt(page);

/** The payment method in the tab's checkout draft (localStorage, per user), as the select's value. */
const draftedPaymentMethod = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('storefront:checkout_data:'));
    const draft = JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as {
      value?: { paymentMethod?: unknown };
    };
    return String(draft.value?.paymentMethod ?? '');
  });

test.describe('Checkout', () => {
  test('a shopper finishes with delivery, a scheduled slot, a coupon and PIX', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-agendamento');
    await openCheckout(page, code);

    await page.getByRole('radio', { name: 'Entregamos para você' }).check();
    const delivery = section(page, 'Entrega');
    await delivery
      .getByRole('combobox', { name: /Endereço/ })
      .selectOption({ label: 'Casa - Avenida Paulista, 900' });
    const firstOption = delivery.getByRole('radio').first();
    await expect(firstOption).toBeVisible();
    await expect(delivery.getByText(/Em até/).first()).toBeVisible();
    await firstOption.check();
    await expect(summary(page).getByText('Entrega')).toBeVisible();

    const schedule = section(page, 'Agendamento');
    const day = schedule.getByRole('combobox', { name: 'Dia da entrega' });
    await expect(day.locator('option:checked')).toHaveText('Selecione o dia desejado');
    // Only days with an open slot are offered; the last one has all its slots open whatever the time.
    const slot = schedule.getByRole('combobox', { name: 'Horário da entrega' });
    await day.selectOption({ index: (await day.locator('option').count()) - 1 });
    await expect(day.locator('option:checked')).toHaveText(/^[A-ZÁ][a-zçá-]+ \d{2}\/\d{2}$/);
    await expect(slot.locator('option').nth(1)).toHaveText(/^Entre .* e .*\. Se pedir até /);
    await slot.selectOption({ index: 1 });

    await openStep(page, 'Pagamento');
    const payment = section(page, 'Pagamento');
    await payment.getByRole('combobox', { name: 'Forma de pagamento' }).selectOption({ label: 'PIX' });

    await summary(page).getByRole('textbox', { name: 'Cupom de desconto' }).fill('BEMVINDO10');
    await summary(page).getByRole('button', { name: 'Aplicar' }).click();
    await expect(summary(page).getByText('BEMVINDO10')).toBeVisible();
    await expect(summary(page).getByText('Descontos')).toBeVisible();

    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Finalizar e enviar PIX' }).click();
    await expect(page).toHaveURL(/\/finish\/pix$/);
    // The demo shop's Pix goes through a provider (decision 0023): the shopper pays on the page.
    await expect(page.getByRole('heading', { level: 1, name: 'Pague com Pix' })).toBeVisible();
  });

  test('a shopper with an ice cream can only pick up, chosen by CEP', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-retirada');
    await openCheckout(page, code);

    await expect(page.getByRole('radio', { name: 'Entregamos para você' })).toBeDisabled();
    await expect(
      page.getByText('Alguns itens do pedido só estão disponíveis para a modalidade de retirada em loja'),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Retirada em loja' })).toBeChecked();

    const pickUp = section(page, 'Retirada em loja');
    const cep = pickUp.getByRole('textbox', { name: 'CEP' });
    const search = pickUp.getByRole('button', { name: 'Buscar' });
    await cep.fill('0542');
    await expect(search).toBeDisabled();
    await cep.fill('05422001');
    await expect(cep).toHaveValue('05422-001');
    await expect(search).toBeEnabled();
    await search.click();

    const stores = pickUp.getByRole('group', { name: 'Lojas' });
    await expect(stores.getByText('Taxa de serviço').first()).toBeVisible();
    await stores.getByRole('radio').first().check();
    const options = pickUp.getByRole('group', { name: 'Opções de retirada' });
    await options.getByRole('radio').first().check();
    await expect(summary(page).getByText('Entrega')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a shopper paying by card goes on to the card page', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-shopper');
    await openCheckout(page, code);
    await pickUpAtTheFirstStore(page);
    await openStep(page, 'Pagamento');
    await section(page, 'Pagamento')
      .getByRole('combobox', { name: 'Forma de pagamento' })
      .selectOption({ label: 'Cartão de Crédito' });
    await page.getByRole('button', { name: 'Finalizar e enviar Cartão de Crédito' }).click();
    await expect(page).toHaveURL(/\/order\/payment$/);
  });

  test('a reload in the middle brings the checkout choices back', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-shopper');
    await openCheckout(page, code);
    await openStep(page, 'Pagamento');
    const method = section(page, 'Pagamento').getByRole('combobox', { name: 'Forma de pagamento' });
    await method.selectOption({ label: 'Boleto' });
    // The choice is kept (the checkout's draft, written a moment after each change), then the reload.
    await expect.poll(() => draftedPaymentMethod(page)).toBe(await method.inputValue());
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
    await openStep(page, 'Pagamento');
    await expect(method.locator('option:checked')).toHaveText('Boleto');
    await expectNoAxeViolations(page);
  });

  test('the new-address modal offers the neighbourhoods of a CEP that has several', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, 'demo-shopper');
    await openCheckout(page, code);
    await page.getByRole('radio', { name: 'Entregamos para você' }).check();
    await section(page, 'Entrega').getByRole('button', { name: 'Adicionar endereço' }).click();
    const modal = page.getByRole('dialog', { name: 'Novo endereço' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('textbox', { name: /Nome/ })).toHaveValue('Casa');
    await expect(modal.getByRole('textbox', { name: /Nome/ })).toHaveAttribute('readonly', '');
    await modal.getByRole('textbox', { name: /CEP/ }).fill('13825000');
    const neighbourhood = modal.getByRole('combobox', { name: /Bairro/ });
    await expect(neighbourhood).toBeVisible();
    await expect(modal.getByRole('textbox', { name: /Cidade/ })).toHaveValue('Holambra');
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Adicionar' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Preencha os campos obrigatórios');
    await neighbourhood.selectOption({ label: 'Morada das Flores' });
    await modal.getByRole('textbox', { name: /Rua/ }).fill('Rua das Tulipas');
    await modal.getByRole('textbox', { name: /Número/ }).fill('45');
    await modal.getByRole('button', { name: 'Adicionar' }).click();
    await expect(modal).toBeHidden();
    await expect(
      section(page, 'Entrega')
        .getByRole('combobox', { name: /Endereço/ })
        .locator('option', { hasText: 'Rua das Tulipas, 45' }),
    ).toBeAttached();
  });
});

test.describe('Checkout for an operator', () => {
  test('seller, price table and schedule in a shop with the seller step', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-lojas');
    await openCheckout(page, code);
    await expect(page.getByRole('region', { name: 'Forma de entrega' })).toHaveCount(0);
    const store = section(page, 'Loja');
    const seller = store.getByRole('combobox', { name: /loja/i }).first();
    await expect(seller.locator('option').nth(1)).toBeAttached();
    await seller.selectOption({ index: 1 });
    await expect(summary(page).getByText('Taxa de serviço')).toBeVisible();
    const table = store.getByRole('combobox', { name: /Tabela de preço/ });
    await expect(table.locator('option:checked')).toHaveText('Sem Tabela de preço');
    await table.selectOption({ index: 1 });
    await expect(table.locator('option:checked')).not.toHaveText('Sem Tabela de preço');
    await deliverAtLastDay(page);
    await openStep(page, 'Pagamento');
    await section(page, 'Pagamento')
      .getByRole('combobox', { name: 'Forma de pagamento' })
      .selectOption({ label: 'Cartão de Crédito' });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Finalizar e enviar Cartão de Crédito' }).click();
    await expect(page).toHaveURL(/\/finish$/);
  });

  test('a refused confirmation shows the server’s message in the Finalizar Pedido modal', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, 'demo-sem-cobranca');
    await openCheckout(page, code);
    await pickUpAtTheFirstStore(page);
    await page.route('**/api/order/confirm', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          data: null,
          errors: [
            {
              message: 'O horário escolhido não está mais disponível.',
              code: 409,
              type: 'validation',
              status: 409,
            },
          ],
        }),
      }),
    );
    await page.getByRole('button', { name: 'Receber pedido' }).click();
    const modal = page.getByRole('alertdialog', { name: 'Finalizar Pedido' });
    await expect(modal.getByText('O horário escolhido não está mais disponível.')).toBeVisible();
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/order\/checkout$/);
  });

  test('manual freight, manual discount, CNPJ and cash on delivery', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-precos-manuais');
    await openCheckout(page, code);
    // The operator's layout: one full-width column.
    await expect(page.locator('.checkout--full')).toBeVisible();

    await page.getByRole('radio', { name: 'Entregamos para você' }).check();
    const delivery = section(page, 'Entrega');
    await delivery
      .getByRole('combobox', { name: /Endereço/ })
      .selectOption({ label: 'Casa - Avenida Paulista, 900' });
    await delivery.getByRole('radio', { name: 'Customizado' }).check();
    await delivery.getByRole('textbox', { name: /Valor do frete/ }).fill('12,50');
    await delivery.getByRole('button', { name: /Aplicar|Salvar/ }).click();
    await expect(summary(page).getByText('R$\u00a012,50')).toBeVisible();

    await summary(page).getByRole('textbox', { name: 'Desconto' }).fill('5,00');
    await summary(page).getByRole('button', { name: 'Aplicar' }).click();
    await expect(summary(page).getByText('Descontos')).toBeVisible();

    await openStep(page, 'Dados do contato');
    const contact = section(page, 'Dados do contato');
    await contact.getByRole('checkbox', { name: 'Incluir informações de pessoa jurídica?' }).check();
    await contact.getByRole('textbox', { name: 'CNPJ' }).fill('12ABC34501DE35');
    await expect(contact.getByRole('textbox', { name: 'CNPJ' })).toHaveValue('12.ABC.345/01DE-35');
    await contact.getByRole('textbox', { name: 'Razão Social' }).fill('Padaria Ferreira Ltda');
    await contact.getByRole('textbox', { name: 'Nome Fantasia' }).fill('Padaria Ferreira');

    await openStep(page, 'Pagamento');
    const payment = section(page, 'Pagamento');
    await payment
      .getByRole('combobox', { name: 'Forma de pagamento' })
      .selectOption({ label: 'Pagar na entrega' });
    await payment.getByRole('combobox', { name: 'Tipo de pagamento' }).selectOption({ label: 'Dinheiro' });
    const cash = payment.getByRole('textbox', { name: 'Valor em espécie' });
    await cash.fill('1,00');
    await cash.blur();
    await expect(payment.getByText('O valor deve ser maior ou igual ao valor do pedido!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finalizar e enviar pedido' })).toHaveCount(0);
    await cash.fill('1.000,00');
    await cash.blur();
    await expect(payment.getByText('O valor deve ser maior ou igual ao valor do pedido!')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Finalizar e enviar pedido' }).click();
    await expect(page).toHaveURL(/\/finish$/);
  });

  test('a shop that does not charge receives the order', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-sem-cobranca');
    await openCheckout(page, code);
    await pickUpAtTheFirstStore(page);
    await page.getByRole('button', { name: 'Receber pedido' }).click();
    await expect(page).toHaveURL(/\/finish$/);
  });

  test('the operator switches the contact to the semiautomatic flow and back', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-operator');
    await openCheckout(page, code);
    await page.getByRole('button', { name: 'Enviar para fluxo semiautomático' }).click();
    await expect(page.getByRole('button', { name: 'Voltar para fluxo assistido' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Voltar para fluxo assistido' }).click();
    await expect(page.getByRole('button', { name: 'Enviar para fluxo semiautomático' })).toBeVisible();
  });

  test('cancelling asks first, then the order is cancelled', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-operator');
    await openCheckout(page, code);
    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    const modal = page.getByRole('alertdialog', { name: 'Cancelar pedido' });
    await expect(modal.getByText('Você tem certeza que deseja cancelar esse pedido?')).toBeVisible();
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Não' }).click();
    await expect(modal).toBeHidden();
    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    await page
      .getByRole('alertdialog', { name: 'Cancelar pedido' })
      .getByRole('button', { name: 'Sim' })
      .click();
    await expect(page).toHaveURL(/\/finish$/);
    await expect(page.getByText('Pedido cancelado')).toBeVisible();
  });

  test('a received order shows only the wrapper', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-pedido-recebido');
    await openCheckout(page, code);
    await expect(page.getByRole('region', { name: 'Pagamento' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
  });
});
