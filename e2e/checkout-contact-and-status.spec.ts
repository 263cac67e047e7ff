import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openCheckout, openStep } from './support/checkout-page.ts';
import { freshSession } from './support/fresh-session.ts';
import { installPageClock, shopperPauses, stopPageClock } from './support/shopper-pause.ts';

// Issue 20, items 7, 8 and 11: contact edits that outlive a reload, a closed order that says so, the
// flow switch's busy state and the subscription mark. Each test works on a fresh copy of a demo session.

const contact = (page: Page) => page.getByRole('region', { name: 'Dados do contato', exact: true });
const saveState = (page: Page) => contact(page).getByRole('status');

async function cancelTheOrder(page: Page) {
  await page.getByRole('button', { name: 'Cancelar pedido' }).click();
  await page
    .getByRole('alertdialog', { name: 'Cancelar pedido' })
    .getByRole('button', { name: 'Sim' })
    .click();
  await expect(page).toHaveURL(/\/finish$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido cancelado' })).toBeVisible();
}

test.describe('Contact data that is never lost', () => {
  test('name and e-mail changed 1 s before a reload come back and reach the server', async ({
    page,
    request,
    browser,
  }) => {
    const code = await freshSession(request, 'demo-shopper');
    await installPageClock(page);
    await openCheckout(page, code);
    await openStep(page, 'Dados do contato');
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/customer/update')) saves.push(r.postData() ?? '');
    });
    await contact(page).getByLabel('Nome').fill('Mariana Recarregada');
    await contact(page).getByLabel('E-mail').fill('mariana.recarregada@exemplo.com.br');
    await shopperPauses(page, 1000);
    // Within the 3-second autosave: the e-mail (the field still being typed in) has not been sent
    // when the shopper reloads; leaving 'Nome' for it saved the name at once.
    expect(saves.filter((body) => body.includes('mariana.recarregada@'))).toEqual([]);
    await page.reload();
    await openStep(page, 'Dados do contato');

    await expect(contact(page).getByLabel('Nome')).toHaveValue('Mariana Recarregada');
    await expect(contact(page).getByLabel('E-mail')).toHaveValue('mariana.recarregada@exemplo.com.br');
    await expectNoAxeViolations(page);

    // Another browser, without this one's draft, sees what the server holds.
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await openCheckout(other, code);
    await openStep(other, 'Dados do contato');
    await expect(contact(other).getByLabel('Nome')).toHaveValue('Mariana Recarregada');
    await expect(contact(other).getByLabel('E-mail')).toHaveValue('mariana.recarregada@exemplo.com.br');
    await elsewhere.close();
  });

  test('leaving a contact field saves it at once and says Salvo', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-shopper');
    await installPageClock(page);
    await openCheckout(page, code);
    await openStep(page, 'Dados do contato');
    const saved = page.waitForRequest(
      (r) => r.url().endsWith('/api/customer/update') && r.method() === 'POST',
    );
    // With the page's clock stopped no timer, the 3-second autosave's among them, can send the save:
    // leaving the field does.
    await stopPageClock(page);
    await contact(page).getByLabel('Nome').fill('Mariana Sem Espera');
    await contact(page).getByLabel('Nome').press('Tab');
    expect((await saved).postDataJSON()).toMatchObject({ name: 'Mariana Sem Espera' });
    await page.clock.resume();
    await expect(saveState(page)).toHaveText('Salvo');
    await expectNoAxeViolations(page);
  });

  test('an invalid e-mail stays after a reload, with its error, and is not saved', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, 'demo-shopper');
    await openCheckout(page, code);
    await openStep(page, 'Dados do contato');
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/customer/update')) saves.push(r.url());
    });
    await contact(page).getByLabel('E-mail').fill('mariana@');
    await contact(page).getByLabel('E-mail').press('Tab');
    await expect(saveState(page)).toHaveText('Não salvo: verifique E-mail.');
    await page.reload();
    await openStep(page, 'Dados do contato');

    const email = contact(page).getByLabel('E-mail');
    await expect(email).toHaveValue('mariana@');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(
      contact(page).getByText(
        'O e-mail digitado é inválido. Verifique se há espaços ou caracteres incorretos.',
      ),
    ).toBeVisible();
    await expect(saveState(page)).toHaveText('Não salvo: verifique E-mail.');
    expect(saves).toEqual([]);
    await expectNoAxeViolations(page);
  });
});

test.describe('A closed order says so', () => {
  test('checkout of a canceled order shows Pedido cancelado, no form, and the cart link says canceled', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, 'demo-sem-cobranca');
    await openCheckout(page, code);
    await expect(page.getByRole('link', { name: 'Ver carrinho, 3 itens no carrinho' })).toBeVisible();
    await cancelTheOrder(page);

    await openCheckout(page, code);
    await expect(page.getByRole('heading', { level: 2, name: 'Pedido cancelado' })).toBeVisible();
    await expect(page.getByText('Este pedido foi cancelado e não pode mais ser alterado.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Receber pedido' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Dados do contato' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ver carrinho: o pedido foi cancelado' })).toBeVisible();
    await expect(page.getByText(/itens no carrinho/)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a shopper’s cart after canceling says the order was canceled and leads back to WhatsApp', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, 'demo-shopper');
    await openCheckout(page, code);
    await cancelTheOrder(page);

    await page.goto(`/order#${code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Pedido cancelado' })).toBeVisible();
    await expect(
      page.getByText('Para fazer um novo pedido ou mudar algo, fale com a loja pela conversa.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar para o WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5511940028922',
    );
    await expect(page.getByRole('button', { name: 'Confirmar pedido' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('Footer and items', () => {
  test('the flow switch says Atualizando fluxo... while switching, and a double tap switches once', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, 'demo-sem-cobranca');
    let calls = 0;
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/order/semiautomatic', async (route) => {
      calls += 1;
      await answered;
      await route.continue();
    });
    await openCheckout(page, code);

    // Two taps in the same instant, before the page can re-render.
    await page
      .getByRole('button', { name: 'Enviar para fluxo semiautomático' })
      .evaluate((button: HTMLButtonElement) => {
        button.click();
        button.click();
      });
    const busy = page.getByRole('button', { name: 'Atualizando fluxo...' });
    await expect(busy).toBeDisabled();
    await expectNoAxeViolations(page);
    release();
    await expect(page.getByRole('button', { name: 'Voltar para fluxo assistido' })).toBeEnabled();
    expect(calls).toBe(1);
  });

  test('a subscription item shows its frequency in the checkout list', async ({ page, request }) => {
    const code = await freshSession(request, 'demo-shopper');
    // From the catalogue, as a shopper gets there: subscribing goes back to it.
    await page.goto(`/catalog#${code}`);
    const search = page.getByRole('searchbox', { name: /Pesquisar/ });
    await search.fill('galao bonafont');
    await search.press('Enter');
    await page
      .getByRole('link', { name: /Água Mineral Bonafont Galão 20L/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/product\/2014/);
    // The catalogue, with its cards' own 'Assinar', stays until the product screen has come.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Água Mineral Bonafont Galão 20L' }),
    ).toBeVisible();
    await page.getByRole('button', { name: /^Assinar/ }).click();
    await page.getByRole('button', { name: 'A cada 2 Semanas' }).click();
    await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
    await expect(page).toHaveURL(/\/catalog/);

    await openCheckout(page, code);
    await openStep(page, 'Itens do pedido');
    const items = page.getByRole('list', { name: 'Itens do pedido' });
    const water = items.getByRole('listitem').filter({ hasText: 'Água Mineral Bonafont Galão 20L' });
    await expect(water.getByText('Assinatura: a cada 2 Semanas')).toBeVisible();
    await expect(items.getByText(/Assinatura/)).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});
