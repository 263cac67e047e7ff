import { getPixPayloadInfo, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { choosePayment, deliverAtLastDay, openCheckout, section } from './support/checkout-page.ts';
import { freshSession } from './support/fresh-session.ts';
import { followServerOrder } from './support/server-order.ts';

// Pix paid on the page where the shopper is (issue 36, decision 0023). `demo-pix` is a WhatsApp
// shopper whose order is ready to finish with Pix; the sandbox stands for the payment provider:
// `POST /api/sandbox/pix/paid` is its 'paid' notification, `/expire` ends a code's time now.

type ServerCharge = { txid: string; brCode: string; amount: number; status: string };

/** The Pix page and the operator's panel read the charge this often (src/order/pix/pix-charge.ts). */
const PIX_POLL_MS = 1000;

/**
 * The provider's news reaches the page at its next read of the charge: the page's clock (Playwright's,
 * installed before the page loads) moves on by one poll, so the read is due however busy the machine;
 * what the page then shows is waited for.
 */
const nextPoll = (page: Page) => page.clock.runFor(PIX_POLL_MS);

async function finishWithPix(page: Page, from = 'demo-pix') {
  const code = await freshSession(page.request, from);
  const held = followServerOrder(page);
  await page.clock.install();
  await openCheckout(page, code);
  await choosePayment(page, 'PIX');
  await page.getByRole('button', { name: 'Finalizar e enviar PIX' }).click();
  return { code, held };
}

const provider = (page: Page, what: 'paid' | 'expire', session: string) =>
  page.request.post(`/api/sandbox/pix/${what}`, { data: { session } });

const codeField = (page: Page) => page.getByRole('textbox', { name: 'Código Pix copia e cola' });

/** The charge as the server holds it (the order's `pixCharge`). */
async function serverCharge(held: () => Promise<unknown>): Promise<ServerCharge> {
  return ((await held()) as { pixCharge: ServerCharge }).pixCharge;
}

/**
 * Pays through the provider and answers how long the page took to show it, in ms of wall time. The
 * 2 s are the page's 1-second poll, checked on its clock, and the read's answer, checked to come.
 */
async function paidSeenWithin(page: Page, session: string): Promise<number> {
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const answer = await provider(page, 'paid', session);
  expect(answer.status(), await answer.text()).toBe(200);
  const notified = Date.now();
  await nextPoll(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento recebido' })).toBeVisible();
  const took = Date.now() - notified;
  // No reload: the document is the one that was showing the code.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  return took;
}

async function expectPayable(page: Page, held: () => Promise<unknown>) {
  await expect(page).toHaveURL(/\/finish\/pix$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pague com Pix' })).toBeVisible();
  const charge = await serverCharge(held);
  // The code on the page is a valid BR Code for the order's total, with the charge's txid.
  const shown = await codeField(page).inputValue();
  expect(shown).toBe(charge.brCode);
  expect(isValidPixPayload(shown)).toBe(true);
  const info = getPixPayloadInfo(shown);
  expect(info?.amount).toBeCloseTo(((await held()) as { totalAmout: number }).totalAmout, 2);
  expect(info?.txid).toBe(charge.txid);
  await expect(page.getByRole('img', { name: 'QR Code do Pix' })).toBeVisible();
  await expect(page.getByText(/Expira em \d\d:\d\d/)).toBeVisible();
  return charge;
}

test.describe('Pix paid on the page', () => {
  test('a WhatsApp shopper copies the code, pays, and sees Pagamento recebido within 2 s without a reload', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { code, held } = await finishWithPix(page);
    const charge = await expectPayable(page, held);
    // On a phone, copying comes first; the way back to the chat right under the code.
    const copy = page.getByRole('button', { name: 'Copiar código Pix' });
    const qr = page.getByRole('img', { name: 'QR Code do Pix' });
    expect((await copy.boundingBox())?.y ?? 0).toBeLessThan((await qr.boundingBox())?.y ?? 0);
    await expect(page.getByRole('link', { name: 'Voltar para o WhatsApp' })).toBeVisible();
    await expectNoAxeViolations(page);

    await copy.click();
    await expect(page.getByText('Código copiado!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(charge.brCode);

    const took = await paidSeenWithin(page, code);
    test.info().annotations.push({ type: 'paid seen after', description: `${took} ms` });
    await expect(codeField(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copiar código Pix' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Voltar para o WhatsApp' })).toBeVisible();
    await expectNoAxeViolations(page);
    // The order knows it was paid, and a reload never offers payment again.
    expect((await serverCharge(held)).status).toBe('paid');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamento recebido' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copiar código Pix' })).toHaveCount(0);
  });

  test("in a chat app's browser without navigator.clipboard the copy still works, and the payment still shows", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { configurable: true, get: () => undefined });
    });
    const { code, held } = await finishWithPix(page);
    await expectPayable(page, held);
    await page.getByRole('button', { name: 'Copiar código Pix' }).click();
    await expect(page.getByText('Código copiado!')).toBeVisible();
    await paidSeenWithin(page, code);
  });

  test('a code that ran out says Pix expirado, and Gerar novo Pix gives a new code with a new txid', async ({
    page,
  }) => {
    const { code, held } = await finishWithPix(page);
    const first = await expectPayable(page, held);
    await provider(page, 'expire', code);
    await nextPoll(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Pix expirado' })).toBeVisible();
    // The old code is never shown as payable again.
    await expect(codeField(page)).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'QR Code do Pix' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Gerar novo Pix' }).click();
    const second = await expectPayable(page, held);
    expect(second.txid).not.toBe(first.txid);
    expect(second.brCode).not.toBe(first.brCode);
    expect(second.amount).toBe(first.amount);
  });

  test('two tabs on an expired Pix both tap Gerar novo Pix: both end on the same new code', async ({
    page,
  }) => {
    const { code, held } = await finishWithPix(page);
    const first = await expectPayable(page, held);
    // The chat link opened again in a second tab, on the same charge.
    const other = await page.context().newPage();
    await other.goto(`/order/checkout#${code}`);
    await other.getByRole('link', { name: 'Pagar com Pix' }).click();
    await expect(codeField(other)).toHaveValue(first.brCode);

    await provider(page, 'expire', code);
    // One clock moves both tabs: it is their browser context's.
    await nextPoll(page);
    for (const tab of [page, other]) {
      await expect(tab.getByRole('heading', { level: 1, name: 'Pix expirado' })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Gerar novo Pix' }).click();
    const renewed = await expectPayable(page, held);
    expect(renewed.txid).not.toBe(first.txid);
    // The second tap is refused (the new code is still payable); that tab reads the charge again.
    await other.getByRole('button', { name: 'Gerar novo Pix' }).click();
    await expect(codeField(other)).toHaveValue(renewed.brCode);
    await expect(other.getByRole('heading', { level: 1, name: 'Pix expirado' })).toHaveCount(0);
    expect((await serverCharge(held)).txid).toBe(renewed.txid);
  });

  test('a reload, or the chat link opened again, shows the same charge and the same countdown', async ({
    page,
  }) => {
    const { code, held } = await finishWithPix(page);
    const charge = await expectPayable(page, held);
    const secondsLeft = async () => {
      const [minutes, seconds] = ((await page.locator('.pix-page__clock').textContent()) ?? '').split(':');
      return Number(minutes) * 60 + Number(seconds);
    };
    const before = await secondsLeft();
    await page.reload();
    await expect(codeField(page)).toHaveValue(charge.brCode);
    expect(Math.abs((await secondsLeft()) - before)).toBeLessThanOrEqual(3);

    // The chat's link opens the checkout: a received order with a pending Pix leads to the page.
    await page.goto(`/order/checkout#${code}`);
    await page.getByRole('link', { name: 'Pagar com Pix' }).click();
    await expect(codeField(page)).toHaveValue(charge.brCode);
  });

  test('the operator finishes with Pix for the contact, sends the code, and sees the panel turn paid', async ({
    page,
  }) => {
    // demo-lojas: an operator's order with items, in a shop with the seller and schedule steps.
    const code = await freshSession(page.request, 'demo-lojas');
    await page.clock.install();
    await openCheckout(page, code);
    const seller = section(page, 'Loja').getByRole('combobox', { name: /loja/i }).first();
    await expect(seller.locator('option').nth(1)).toBeAttached();
    await seller.selectOption({ index: 1 });
    await deliverAtLastDay(page);
    await choosePayment(page, 'PIX');
    await page.getByRole('button', { name: 'Finalizar e enviar PIX' }).click();
    await expect(page).toHaveURL(/\/finish\/pix$/);
    const panel = page.getByRole('region', { name: /Pix/ });
    await expect(panel.getByRole('status')).toContainText('Aguardando pagamento');
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Enviar código Pix' }).click();
    await expect(page.getByText('Código Pix enviado para o contato.')).toBeVisible();

    await provider(page, 'paid', code);
    await nextPoll(page);
    await expect(panel.getByRole('status')).toContainText('Pagamento recebido');
    await expect(panel.getByRole('button', { name: 'Enviar código Pix' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a backend without the Pix charge: finishing with Pix is the spec's 'Pedido finalizado'", async ({
    page,
  }) => {
    const { held } = await finishWithPix(page, 'demo-pix-classico');
    await expect(page).toHaveURL(/\/finish$/);
    await expect(page.getByText('Pedido finalizado', { exact: true })).toBeVisible();
    await expect(page.getByText('Pedido finalizado, você pode fechar essa aba!')).toBeVisible();
    expect(((await held()) as { pixCharge?: unknown }).pixCharge ?? null).toBeNull();
    await expectNoAxeViolations(page);
  });
});
