import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { choosePayment, openCheckout } from './support/checkout-page.ts';
import { freshSession } from './support/fresh-session.ts';
import { followServerOrder } from './support/server-order.ts';

// Boleto and payment link shown where the shopper is (issue 36, decision 0023). `demo-pix` is a
// WhatsApp shopper whose order is ready to finish (pick-up chosen, contact complete) in a shop with
// the extension; the sandbox stands for the provider: it issues the boleto (its PDF at a public
// address) and gives PagBrasil's page for a Link payment. `demo-pix-classico` has no extension.

type ServerPayment = {
  method: number;
  link: string | null;
  boleto?: { digitableLine: string; pdfUrl?: string; dueDate?: string };
};

/** Finishes a fresh copy of `from` with the method labelled `label` ('Boleto', 'Link'). */
async function finishWith(page: Page, label: 'Boleto' | 'Link', from = 'demo-pix') {
  const code = await freshSession(page.request, from);
  const held = followServerOrder(page);
  await openCheckout(page, code);
  await choosePayment(page, label);
  await page.getByRole('button', { name: `Finalizar e enviar ${label}` }).click();
  await expect(page).toHaveURL(/\/finish$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido finalizado' })).toBeVisible();
  const payment = async () => ((await held()) as unknown as { payment: ServerPayment }).payment;
  return { held, payment };
}

test.describe('Boleto and payment link where the shopper is', () => {
  test('a shopper who finishes with Boleto copies the linha digitável and opens the PDF in the same tab', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { held, payment } = await finishWith(page, 'Boleto');
    await expect(page.getByRole('heading', { level: 2, name: 'Pague o boleto' })).toBeVisible();

    // The line on the page is the server's, a valid slip for the order's total and due date.
    const boleto = (await payment()).boleto;
    expect(boleto).toBeDefined();
    const line = await page.getByRole('textbox', { name: 'Linha digitável do boleto' }).inputValue();
    expect(line).toBe(boleto?.digitableLine);
    expect(isValidBoleto(line)).toBe(true);
    const info = getBoletoInfo(line);
    expect(info?.amount).toBe(Math.round((await held()).totalAmout * 100));
    const [year, month, day] = (boleto?.dueDate ?? '').split('-');
    await expect(page.getByText(`Vencimento: ${day}/${month}/${year}`)).toBeVisible();

    await page.getByRole('button', { name: 'Copiar linha digitável' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Código copiado!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);

    // A same-tab link (a chat app's browser answers a new window with nothing, issue 37) that says
    // where the PDF goes; its address answers a PDF at the app's own origin.
    const pdfLink = page.getByRole('link', { name: 'Abrir ou baixar o boleto (PDF)' });
    expect(await pdfLink.getAttribute('target')).toBeNull();
    await expect(
      page.getByText(
        'No app da conversa, o PDF pode abrir no navegador do celular ou ser baixado. A linha digitável acima já basta para pagar.',
      ),
    ).toBeVisible();
    const href = (await pdfLink.getAttribute('href')) ?? '';
    expect(href).toBe(boleto?.pdfUrl);
    const pdfUrl = new URL(href, page.url());
    expect(pdfUrl.origin).toBe(new URL(page.url()).origin);
    const pdf = await page.request.get(pdfUrl.href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Still to pay: the page does not say the tab may be closed.
    await expect(page.getByText('Pedido finalizado, você pode fechar essa aba!')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a shopper who finishes with Link gets a big 'Ir para a página de pagamento' to the provider's page", async ({
    page,
  }) => {
    const { held, payment } = await finishWith(page, 'Link');
    const server = await payment();
    expect(server.link).toBe(`https://pagamento.exemplo.com.br/pagbrasil/${(await held()).id}`);
    const button = page.getByRole('link', { name: 'Ir para a página de pagamento' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('href', server.link ?? '');
    await expect(page.getByText('Falta pagar: o pagamento é feito na página do provedor.')).toBeVisible();
    // A big button: a thumb's height at least.
    expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await expect(page.getByRole('heading', { name: 'Pague o boleto' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  for (const label of ['Boleto', 'Link'] as const) {
    test(`a backend without the extension: finishing with ${label} is exactly the spec's 'Pedido finalizado'`, async ({
      page,
    }) => {
      const { payment } = await finishWith(page, label, 'demo-pix-classico');
      await expect(page.getByText('Pedido finalizado, você pode fechar essa aba!')).toBeVisible();
      const server = await payment();
      expect(server.boleto ?? null).toBeNull();
      expect(server.link).toBeNull();
      await expect(page.getByRole('heading', { name: 'Pague o boleto' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Ir para a página de pagamento' })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }
});
