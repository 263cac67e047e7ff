import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { fillCard, goToCardPage, payByCard, serveRecaptchaStandIn, TEST_CARDS } from './support/card-page.ts';
import { expectInView } from './support/checkout-page.ts';
import { freshSession } from './support/fresh-session.ts';

// Each test pays on its own fresh copy of a demo session. The shopper reaches the card page the way a
// real one does: checkout, pick-up at the first store, 'Cartão de Crédito', finish.

const {
  approved: APPROVED,
  invalidData: INVALID_DATA,
  limitExceeded: LIMIT_EXCEEDED,
  asksCaptcha: ASKS_CAPTCHA,
  unknown: UNKNOWN,
} = TEST_CARDS;

const pay = payByCard;

test.describe('Card payment page', () => {
  test('an approved card finishes the order', async ({ page }) => {
    await goToCardPage(page, 'demo-messenger');
    await fillCard(page, APPROVED);
    await expect(page.getByText('Bandeira: Visa')).toBeVisible();
    await expectNoAxeViolations(page);
    await pay(page);
    await expect(page).toHaveURL(/\/finish$/);
    await expect(page.getByText('Pedido finalizado', { exact: true })).toBeVisible();
  });

  test('on WhatsApp an approved card goes back to the chat', async ({ page }) => {
    await page.route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title><h1>WhatsApp</h1>' }),
    );
    await goToCardPage(page, 'demo-shopper');
    await fillCard(page, APPROVED);
    await pay(page);
    await expect(page).toHaveURL(/^https:\/\/wa\.me\/5511940028922/);
  });

  for (const [number, message] of [
    [INVALID_DATA, 'Os dados do cartão são inválidos'],
    [LIMIT_EXCEEDED, 'Limite de compras do cartão insuficiente'],
    [UNKNOWN, 'Aconteceu um erro com seu pagamento'],
  ] as const) {
    test(`a declined card says '${message}' and lets the shopper fix the data`, async ({ page }) => {
      await goToCardPage(page, 'demo-messenger');
      await fillCard(page, number);
      await pay(page);
      const modal = page.getByRole('alertdialog', { name: message });
      await expect(
        modal.getByText(
          'Você pode alterar a forma de pagamento ou modificar os dados antes de tentar novamente',
        ),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await modal.getByRole('button', { name: 'Modificar dados' }).click();
      await expect(modal).toBeHidden();
      await page.getByLabel('Número do cartão').fill(APPROVED);
      await page.getByLabel('Código de segurança').fill('123');
      await pay(page);
      await expect(page).toHaveURL(/\/finish$/);
    });
  }

  test('a declined card lets the shopper change the payment method', async ({ page }) => {
    await goToCardPage(page, 'demo-messenger');
    await fillCard(page, INVALID_DATA);
    await pay(page);
    const modal = page.getByRole('alertdialog', { name: 'Os dados do cartão são inválidos' });
    await modal.getByRole('button', { name: 'Alterar forma de pagamento' }).click();
    await expect(page).toHaveURL(/\/change-payment$/);
    await expect(page.getByRole('heading', { name: 'Aguardando alteração...' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a card the anti-fraud doubts asks for the captcha, then goes through with key and token', async ({
    page,
  }) => {
    // Google's script cannot load here: a stand-in renders a button that solves the captcha.
    await serveRecaptchaStandIn(page);
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/order/payment/credit')) {
        bodies.push(request.postDataJSON() as Record<string, unknown>);
      }
    });
    await goToCardPage(page, 'demo-messenger');
    await fillCard(page, ASKS_CAPTCHA);
    await pay(page);
    const modal = page.getByRole('dialog', { name: /captcha|robô|Verificação/i });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Não sou um robô' }).click();
    await expect(page).toHaveURL(/\/finish$/);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]?.recaptchaToken).toBe('token-de-teste');
    expect(typeof bodies[1]?.recaptchaKey).toBe('string');
  });

  test('an order paid on another provider’s page goes to its link', async ({ page }) => {
    await page.route('https://pagamento.exemplo.com.br/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<title>PagBrasil</title><h1>Pagamento PagBrasil</h1>',
      }),
    );
    const code = await freshSession(page.request, 'demo-link-pagamento');
    await page.goto(`/order/payment#${code}`);
    await expect(page).toHaveURL('https://pagamento.exemplo.com.br/pagar/pedido-demo-link-pagamento');
  });

  test('a Mercado Pago shop gets the card brick, and the page still works offline', async ({ page }) => {
    await page.route('https://sdk.mercadopago.com/**', (route) => route.abort());
    const code = await freshSession(page.request, 'demo-mercadopago');
    await page.goto(`/order/payment#${code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeVisible();
    await expect(page.getByTestId('mercado-pago-brick')).toBeAttached();
    await expect(page.getByLabel('Número do cartão')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('The card page on a desktop', () => {
  test.use({
    viewport: { width: 1366, height: 800 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });

  test('shows the accepted brands beside the number and the total with the pay button', async ({ page }) => {
    await goToCardPage(page, 'demo-messenger');
    const brands = page.getByRole('list', { name: 'Bandeiras aceitas' });
    await expect(brands.getByRole('img')).toHaveCount(5);
    await page.getByLabel('Número do cartão').pressSequentially('5555555555554444');
    await expect(brands.locator('li[aria-current="true"]').getByRole('img')).toHaveAttribute(
      'alt',
      'Mastercard',
    );
    const pay = page.getByRole('button', { name: 'Finalizar pagamento' });
    // Beside the button, not fixed: the page scrolls to it.
    await pay.scrollIntoViewIfNeeded();
    await expectInView(pay.locator('xpath=..').getByText('Total', { exact: true }));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/screenshots/cartao-1366x800.png', fullPage: true });
    await expectNoAxeViolations(page);
  });
});
