import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { FAKE_RECAPTCHA_SCRIPT, fillCard, goToCardPage, payByCard } from './support/card-page.ts';
import { freshSession } from './support/fresh-session.ts';

// Issue 20: what the card page shows when the charge, a provider's script or the payment's time
// does not go as planned. Each test works on its own fresh copy of a demo session.

const APPROVED = '4111111111111111';
const INVALID_DATA = '4000000000000002';
const ASKS_CAPTCHA = '4000000000000101';

const GOOGLE_SCRIPTS = 'https://www.google.com/recaptcha/**';
const MERCADO_PAGO_SDK = 'https://sdk.mercadopago.com/**';
/** How long the card page waits for a provider's script (src/features/payment/components/use-provider-load.ts). */
const PROVIDER_LOAD_TIMEOUT_MS = 8_000;

/** 'R$ 1.234,56' → 123456. */
const centsOf = (shown: string) => Number(shown.replace(/[^\d]/g, ''));

async function shownTotalCents(page: Page): Promise<number> {
  const text = await page.getByText(/Total do pedido:/).textContent();
  return centsOf(/R\$\s*([\d.,]+)/.exec(text ?? '')?.[1] ?? '');
}

test.describe('Installments without interest', () => {
  test('add up to the order total to the cent, on the screen and in what the card is charged', async ({
    page,
  }) => {
    const offered = page.waitForResponse(
      (answer) => answer.request().method() === 'GET' && answer.url().endsWith('/api/order/payment/credit'),
    );
    // Pinheiros charges no service tax: the order is R$ 60,88, which does not divide by 3.
    await goToCardPage(page, 'demo-messenger', { store: /Pinheiros/ });
    const total = await shownTotalCents(page);
    expect(total).toBe(6088);
    const labels = await page.getByLabel('Parcelas').locator('option').allTextContents();
    expect(labels).toContain('3x sem juros: 1x de R$\u00A020,30 + 2x de R$\u00A020,29');
    for (const label of labels.filter((text) => text.includes('sem juros'))) {
      const groups = [...label.matchAll(/(\d+)x de R\$\s([\d.,]+)/g)];
      const count = Number(/^(\d+)x/.exec(label)?.[1]);
      expect(
        groups.reduce((sum, [, times], i) => sum + Number(times) * centsOf(groups[i]?.[2] ?? ''), 0),
        label,
      ).toBe(total);
      expect(
        groups.reduce((sum, [, times]) => sum + Number(times), 0),
        label,
      ).toBe(count);
    }

    // What the server offers to charge for each interest-free count is the total itself.
    const { data } = (await (await offered).json()) as {
      data: { installments: { count: number; total: number; interestFree: boolean }[] }[];
    };
    const free = data[0]?.installments.filter((plan) => plan.interestFree) ?? [];
    expect(free.map((plan) => plan.count)).toEqual([1, 2, 3]);
    for (const plan of free) expect(Math.round(plan.total * 100), `${plan.count}x`).toBe(total);

    await page.getByLabel('Parcelas').selectOption('3');
    await fillCard(page, APPROVED);
    await expectNoAxeViolations(page);
    await payByCard(page);
    await expect(page).toHaveURL(/\/finish$/);
  });
});

test.describe('reCAPTCHA that cannot load', () => {
  test('says so in the dialog, and trying again once Google answers goes through', async ({ page }) => {
    await page.route(GOOGLE_SCRIPTS, (route) => route.abort('blockedbyclient'));
    await goToCardPage(page, 'demo-messenger');
    await fillCard(page, ASKS_CAPTCHA);
    await payByCard(page);

    const dialog = page.getByRole('dialog', { name: 'Confirme que você não é um robô' });
    await expect(dialog.getByRole('alert')).toContainText(
      'Não foi possível carregar a verificação de segurança',
    );
    await expect(dialog.getByText(/desative o bloqueador de anúncios/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Alterar forma de pagamento' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The blocker is turned off: Google's script (a stand-in here) now answers.
    await page.unroute(GOOGLE_SCRIPTS);
    await page.route(GOOGLE_SCRIPTS, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_RECAPTCHA_SCRIPT }),
    );
    await dialog.getByRole('button', { name: 'Tentar novamente' }).click();
    await dialog.getByRole('button', { name: 'Não sou um robô' }).click();
    await expect(page).toHaveURL(/\/finish$/);
  });

  test("offers 'Alterar forma de pagamento', which leaves the card for another method", async ({ page }) => {
    await page.route(GOOGLE_SCRIPTS, (route) => route.abort('blockedbyclient'));
    await goToCardPage(page, 'demo-messenger');
    await fillCard(page, ASKS_CAPTCHA);
    await payByCard(page);

    const dialog = page.getByRole('dialog', { name: 'Confirme que você não é um robô' });
    await dialog.getByRole('button', { name: 'Alterar forma de pagamento' }).click();
    await expect(page).toHaveURL(/\/change-payment$/);
    await expect(page.getByRole('heading', { name: 'Aguardando alteração...' })).toBeVisible();
  });
});

test.describe('Mercado Pago without its SDK', () => {
  test('shows the total, says the form could not load and offers the ways on', async ({ page }) => {
    await page.route(MERCADO_PAGO_SDK, (route) => route.abort('blockedbyclient'));
    await goToCardPage(page, 'demo-mercadopago');

    expect(await shownTotalCents(page)).toBeGreaterThan(0);
    await expect(page.getByRole('alert')).toContainText(
      'Não foi possível carregar o formulário de pagamento do Mercado Pago',
    );
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Alterar forma de pagamento' }).click();
    await expect(page).toHaveURL(/\/change-payment$/);
  });

  test('an SDK that never answers is given up on after a few seconds', async ({ page }) => {
    // A proxy that holds the request: no error ever comes.
    await page.route(MERCADO_PAGO_SDK, () => {});
    const code = await freshSession(page.request, 'demo-mercadopago');
    await page.clock.install();
    await page.goto(`/order/payment#${code}`);

    await expect(page.getByText(/Total do pedido:/)).toBeVisible();
    // The page's clock moves on by the wait the page allows the SDK.
    await page.clock.runFor(PROVIDER_LOAD_TIMEOUT_MS);
    await expect(page.getByRole('alert')).toContainText(
      'Não foi possível carregar o formulário de pagamento do Mercado Pago',
    );
    await expectNoAxeViolations(page);
  });
});

test.describe('An expired payment', () => {
  test('is final: no form to fill, after a reload either, and the shopper can change the method', async ({
    page,
  }) => {
    const code = await goToCardPage(page, 'demo-messenger');
    // A declined attempt starts the payment and its 30 minutes.
    await fillCard(page, INVALID_DATA);
    await payByCard(page);
    const declined = page.getByRole('alertdialog', { name: 'Os dados do cartão são inválidos' });
    await declined.getByRole('button', { name: 'Modificar dados' }).click();

    // The 30 minutes pass (sandbox only), then the shopper tries again.
    const expire = await page.request.post('/api/sandbox/payments/expire', { data: { session: code } });
    expect(expire.status(), await expire.text()).toBe(200);
    await page.getByLabel('Número do cartão').fill(APPROVED);
    await page.getByLabel('Código de segurança').fill('123');
    await payByCard(page);

    const expired = page.getByRole('alert').filter({ hasText: 'O tempo para pagamento expirou' });
    await expect(expired).toBeVisible();
    await expect(page.getByText(/nada foi cobrado.*volte para o Messenger/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Modificar dados' })).toHaveCount(0);
    await expect(page.getByLabel('Número do cartão')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(expired).toBeVisible();
    await expect(page.getByLabel('Número do cartão')).toHaveCount(0);

    await page.getByRole('button', { name: 'Alterar forma de pagamento' }).click();
    await expect(page).toHaveURL(/\/change-payment$/);
  });
});

test.describe('Without a payment method', () => {
  test('a Messenger shopper is sent back to Messenger, not to WhatsApp', async ({ page }) => {
    const code = await freshSession(page.request, 'demo-messenger');
    await page.goto(`/order/payment#${code}`);

    await expect(page.getByRole('alert')).toHaveText('Método de pagamento não encontrado');
    await expect(page.getByText('Volte para o Messenger para escolher a forma de pagamento.')).toBeVisible();
    await expect(page.getByText(/WhatsApp/)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
