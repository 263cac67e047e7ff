import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { fillCard, goToCardPage, payByCard, serveRecaptchaStandIn, TEST_CARDS } from './support/card-page.ts';
import { finishWithMethod } from './support/checkout-page.ts';
import { IN_APP_PROFILES, inAppContext, windowsTried } from './support/in-app-browsers.ts';

// Inside the chat apps' own browsers (issue 37, decision 0024): no pop-up (window.open answers null,
// a link to a new window opens nothing) and no navigator.clipboard. In each, a shopper pays by card,
// copies a Pix code and gets a boleto, and the page never tries to open a window.

/** The text selected in the page's focused text field (the copy's fallback selects the code). */
const selectedText = (page: Page) =>
  page.evaluate(() => {
    const field = document.activeElement;
    if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement)) return '';
    return field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0);
  });

/** Nothing opened: no window tried, and the context still holds the one page. */
async function expectNoWindowOpened(page: Page, context: BrowserContext) {
  expect(await windowsTried(page)).toEqual([]);
  expect(context.pages()).toHaveLength(1);
}

for (const profile of IN_APP_PROFILES) {
  test.describe(`In ${profile.name}'s browser`, () => {
    let context: BrowserContext;
    let page: Page;
    test.beforeEach(async ({ browser, baseURL }) => {
      context = await inAppContext(browser, profile, baseURL);
      page = await context.newPage();
    });
    test.afterEach(() => context.close());

    test('a shopper pays by card, through the captcha, and reaches Pedido finalizado', async () => {
      // The anti-fraud asks for the captcha: it shows in the page (Google's iframe; here its stand-in).
      await serveRecaptchaStandIn(page);
      await goToCardPage(page, 'demo-messenger');
      await fillCard(page, TEST_CARDS.asksCaptcha);
      await payByCard(page);
      const captcha = page.getByRole('dialog', { name: 'Confirme que você não é um robô' });
      await captcha.getByRole('button', { name: 'Não sou um robô' }).click();
      await expect(page).toHaveURL(/\/finish$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Pedido finalizado' })).toBeVisible();
      await expectNoWindowOpened(page, context);
      await expectNoAxeViolations(page);
    });

    test('a Pix code that nothing can copy is selected, and the page says how to copy it', async () => {
      const { serverOrder } = await finishWithMethod(page, 'demo-pix', 'PIX');
      await expect(page).toHaveURL(/\/finish\/pix$/);
      const code = page.getByRole('textbox', { name: 'Código Pix copia e cola' });
      await expect(code).toBeVisible();
      // The worst case: no Clipboard API (the profile) and the old command refused too.
      await page.evaluate(() => {
        document.execCommand = () => false;
      });
      await page.getByRole('button', { name: 'Copiar código Pix' }).click();
      const said = page.getByRole('status').filter({ hasText: 'Selecione e copie o código' });
      await expect(said).toContainText('toque e segure no texto e escolha “Copiar”');
      const { pixCharge } = (await serverOrder()) as unknown as { pixCharge: { brCode: string } };
      expect(await selectedText(page)).toBe(pixCharge.brCode);
      await expectNoWindowOpened(page, context);
      await expectNoAxeViolations(page);
    });

    test('a boleto shows its line to copy and a same-tab link to its PDF', async () => {
      const { serverOrder } = await finishWithMethod(page, 'demo-pix', 'Boleto');
      await expect(page).toHaveURL(/\/finish$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Pague o boleto' })).toBeVisible();
      const { payment } = (await serverOrder()) as unknown as {
        payment: { boleto: { digitableLine: string; pdfUrl: string } };
      };
      await expect(page.getByRole('textbox', { name: 'Linha digitável do boleto' })).toHaveValue(
        payment.boleto.digitableLine,
      );
      // No Clipboard API: the old command copies the selected line.
      await page.getByRole('button', { name: 'Copiar linha digitável' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Código copiado!' })).toBeVisible();
      expect(await selectedText(page)).toBe(payment.boleto.digitableLine);
      const pdf = page.getByRole('link', { name: 'Abrir ou baixar o boleto (PDF)' });
      await expect(pdf).toHaveAttribute('href', payment.boleto.pdfUrl);
      expect(await pdf.getAttribute('target')).toBeNull();
      await expectNoWindowOpened(page, context);
      await expectNoAxeViolations(page);
    });
  });
}
