import { expect, type Page, type Request, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  centsOf,
  openCheckout,
  openStep,
  pickUpAt,
  section,
  summaryAmounts,
} from './support/checkout-page.ts';
import { freshSession } from './support/fresh-session.ts';

// Issue 34: what the checkout confirms is the total the shopper saw. Defect 2 (another tab or the API
// changes the order behind the screen), defect 3 (a fast thumb outruns the quantity sends) and
// defect 4 ('Pagar na entrega' stuck on the server after a switch of method). After each step the
// bar's total, the summary's total and the server's order total agree.

const SESSION = 'demo-messenger';
/** 'Pagar na entrega' as the server holds it (PaymentMethod.OnDelivery). */
const ON_DELIVERY = 5;
const TOTAL_CHANGED = 'O total do pedido mudou. Confira e tente de novo.';

const finishButton = (page: Page) => page.locator('.checkout-footer__finish');
const barTotal = async (page: Page) =>
  centsOf((await page.locator('.checkout-footer__total strong').textContent()) ?? '');
const summaryTotal = async (page: Page) => (await summaryAmounts(page)).get('Total') ?? Number.NaN;
const reais = (cents: number) => `R$\u00a0${(cents / 100).toFixed(2).replace('.', ',')}`;

type Held = {
  id: string;
  totalAmout: number;
  status: number | null;
  items: { index: number; providerId: string; quantity: number }[];
  payment?: { method?: number | null; onDelivery?: { group?: string | null } | null } | null;
};

/** Reads the order as the server holds it, with the tab's own session handle (as the tab would). */
function followHeld(page: Page) {
  let handle = '';
  page.on('request', (request: Request) => {
    handle = request.headers()['x-session-handle'] ?? handle;
  });
  const headers = () => ({ 'x-session-handle': handle });
  return {
    headers,
    read: async (): Promise<Held> =>
      (await (await page.request.get('/api/order/current', { headers: headers() })).json()).data as Held,
    /** A change of the order through the API: no page of the shopper hears of it. */
    setQuantity: async (item: Held['items'][number], quantity: number) => {
      const answer = await page.request.post('/api/order/items/', {
        headers: headers(),
        data: { index: String(item.index), providerId: item.providerId, quantity },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    },
  };
}

/** The bar's total, the summary's total and the server's total agree; answers it (cents). */
async function expectTotalsAgree(page: Page, held: ReturnType<typeof followHeld>, step: string) {
  await expect
    .poll(
      async () => {
        const server = Math.round((await held.read()).totalAmout * 100);
        return [await barTotal(page), await summaryTotal(page)].every((shown) => shown === server);
      },
      { message: `bar, summary and server agree after: ${step}` },
    )
    .toBe(true);
  return barTotal(page);
}

async function choosePayment(page: Page, label: string) {
  await openStep(page, 'Pagamento');
  await section(page, 'Pagamento')
    .getByRole('combobox', { name: 'Forma de pagamento' })
    .selectOption({ label });
}

/** A checkout ready to finish with PIX at the first pick-up store. */
async function readyWithPix(page: Page, code: string) {
  await openCheckout(page, code);
  const held = followHeld(page);
  await pickUpAt(page, /Pinheiros/);
  await choosePayment(page, 'PIX');
  await expect(finishButton(page)).toHaveText('Finalizar e enviar PIX');
  return held;
}

/** The cart of the same link in a second tab of the same browser. */
async function cartInAnotherTab(page: Page, code: string) {
  const other = await page.context().newPage();
  await other.goto(`/order#${code}`);
  await expect(other.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
  return other;
}

/** Three taps on the first line's +, as fast as a thumb. */
async function threeMore(cart: Page) {
  const plus = cart.getByRole('button', { name: 'Adicionar mais um item' }).first();
  for (let tap = 0; tap < 3; tap++) await plus.click();
}

const isConfirm = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/order/confirm';

test.describe('The checkout confirms the total it shows', () => {
  test('another tab changes the quantities: the checkout shows the new total and confirms at it', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, SESSION);
    const held = await readyWithPix(page, code);
    const before = await expectTotalsAgree(page, held, 'the checkout is ready');

    // A second tab with the same link: three more of the first line, in the cart.
    const other = await cartInAnotherTab(page, code);
    await threeMore(other);
    await expect.poll(async () => Math.round((await held.read()).totalAmout * 100)).not.toBe(before);

    // Back on the checkout: it has read the order again.
    await page.bringToFront();
    await expect.poll(() => barTotal(page)).not.toBe(before);
    const shown = await expectTotalsAgree(page, held, 'the other tab changed the quantities');
    await expect(finishButton(page)).toHaveText('Finalizar e enviar PIX');
    await expectNoAxeViolations(page);

    const confirm = page.waitForRequest(isConfirm);
    await finishButton(page).click();
    expect((await confirm).postDataJSON()).toMatchObject({ expectedTotal: shown / 100 });
    await expect(page).toHaveURL(/\/finish\/pix$/);
    const confirmed = await held.read();
    expect(Math.round(confirmed.totalAmout * 100)).toBe(shown);
  });

  test('the order changes through the API with no focus: the finish says so with the new total, and the server refuses a stale total', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, SESSION);
    const held = await readyWithPix(page, code);
    const before = await expectTotalsAgree(page, held, 'the checkout is ready');
    const sentTotals: number[] = [];
    page.on('request', (r) => {
      if (isConfirm(r)) sentTotals.push((r.postDataJSON() as { expectedTotal: number }).expectedTotal);
    });

    const [first] = (await held.read()).items;
    if (!first) throw new Error('the demo order has no items');
    await held.setQuantity(first, first.quantity + 4);
    const now = Math.round((await held.read()).totalAmout * 100);
    expect(now).not.toBe(before);
    // No focus, no message: the screen still shows the total it had.
    expect(await barTotal(page)).toBe(before);

    // The finish reads the order before it commits: it says the total changed and confirms nothing.
    await finishButton(page).click();
    const modal = page.getByRole('alertdialog', { name: 'Finalizar Pedido' });
    await expect(modal).toContainText(TOTAL_CHANGED);
    await expect(modal).toContainText(`Novo total: ${reais(now)}`);
    expect(sentTotals).toEqual([]);
    expect((await held.read()).status ?? 0).toBe(0);
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Ok' }).click();
    expect(await expectTotalsAgree(page, held, 'the finish saw the new total')).toBe(now);

    // The order changes again between that read and the confirm (the read answers the old order):
    // the confirm carries the total shown, and the server refuses it with the newer one.
    const stale = await (await page.request.get('/api/order/current', { headers: held.headers() })).text();
    await held.setQuantity(first, first.quantity + 6);
    const newer = Math.round((await held.read()).totalAmout * 100);
    await page.route(
      '**/api/order/current',
      (route) => route.fulfill({ contentType: 'application/json', body: stale }),
      {
        times: 1,
      },
    );
    const refused = page.waitForResponse((response) => isConfirm(response.request()));
    await finishButton(page).click();
    const answer = await refused;
    expect(answer.status()).toBe(409);
    expect(sentTotals).toEqual([now / 100]);
    await expect(modal).toContainText(TOTAL_CHANGED);
    await expect(modal).toContainText(`Novo total: ${reais(newer)}`);
    expect((await held.read()).status ?? 0).toBe(0);
    await modal.getByRole('button', { name: 'Ok' }).click();
    expect(await expectTotalsAgree(page, held, 'the refused confirm')).toBe(newer);

    // Asked again, the shopper confirms the total now on screen.
    await finishButton(page).click();
    await expect(page).toHaveURL(/\/finish\/pix$/);
    expect(sentTotals).toEqual([now / 100, newer / 100]);
    expect(Math.round((await held.read()).totalAmout * 100)).toBe(newer);
  });

  test('three quick + and a tap on the finish within 1 s: the finish waits, then confirms the total shown', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, SESSION);
    const held = await readyWithPix(page, code);
    const before = await expectTotalsAgree(page, held, 'the checkout is ready');
    let confirms = 0;
    page.on('request', (r) => {
      if (isConfirm(r)) confirms += 1;
    });

    await openStep(page, 'Itens do pedido');
    const plus = section(page, 'Itens do pedido')
      .getByRole('button', { name: 'Adicionar mais um item' })
      .first();
    for (let tap = 0; tap < 3; tap++) await plus.click();
    // Within the quantities' 1-second pause: the finish says it is updating and cannot be used.
    await expect(finishButton(page)).toHaveText('Atualizando pedido');
    await expect(finishButton(page)).toBeDisabled();
    await finishButton(page).evaluate((button: HTMLElement) => button.click());
    expect(confirms).toBe(0);
    await expect(page).not.toHaveURL(/\/finish(\/pix)?$/);

    // The quantities are saved: the finish comes back with the new total on screen.
    await expect(finishButton(page)).toHaveText('Finalizar e enviar PIX');
    const shown = await expectTotalsAgree(page, held, 'the three + were saved');
    expect(shown).not.toBe(before);
    const confirm = page.waitForRequest(isConfirm);
    await finishButton(page).click();
    expect((await confirm).postDataJSON()).toMatchObject({ expectedTotal: shown / 100 });
    await expect(page).toHaveURL(/\/finish\/pix$/);
    expect(confirms).toBe(1);
    expect(Math.round((await held.read()).totalAmout * 100)).toBe(shown);
  });

  test('another tab taps + three times and this tab finishes within 1 s: the order is confirmed at a total the checkout showed', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, SESSION);
    const held = await readyWithPix(page, code);
    const before = await expectTotalsAgree(page, held, 'the checkout is ready');
    const other = await cartInAnotherTab(page, code);

    // Three + in the cart, and at once back to the checkout's finish: the cart's sends are still in
    // their pause, or go out as its tab is hidden. Either way the order must not be confirmed at a
    // total the checkout never showed.
    await threeMore(other);
    await page.bringToFront();
    const firstConfirm = page.waitForResponse((response) => isConfirm(response.request()));
    await finishButton(page).click();
    const answer = await firstConfirm;
    const sent = answer.request().postDataJSON() as { expectedTotal: number };
    let confirmedAt = Math.round(sent.expectedTotal * 100);
    if (answer.status() === 409) {
      // The cart's change landed first: the checkout says so with the new total, and asks again.
      const modal = page.getByRole('alertdialog', { name: 'Finalizar Pedido' });
      await expect(modal).toContainText(TOTAL_CHANGED);
      await modal.getByRole('button', { name: 'Ok' }).click();
      confirmedAt = await expectTotalsAgree(page, held, 'the refused confirm');
      expect(confirmedAt).not.toBe(before);
      const again = page.waitForRequest(isConfirm);
      await finishButton(page).click();
      expect((await again).postDataJSON()).toMatchObject({ expectedTotal: confirmedAt / 100 });
    } else {
      expect(answer.status()).toBe(200);
      expect(confirmedAt).toBe(before);
    }
    await expect(page).toHaveURL(/\/finish\/pix$/);
    await expect.poll(async () => (await held.read()).status).toBe(1); // Received
    expect(Math.round((await held.read()).totalAmout * 100)).toBe(confirmedAt);

    // The cart tab left open says the order was received (its late taps, if any, refused), and never
    // shows an editable cart of an order the store has.
    await other.bringToFront();
    await expect(
      other.getByText('A loja já recebeu este pedido, por isso ele não pode mais ser alterado.'),
    ).toBeVisible();
    await expect(other.getByRole('spinbutton')).toHaveCount(0);
    await expectNoAxeViolations(other);
  });

  test('leaving Pagar na entrega clears it on the server, and a reload does not bring it back', async ({
    page,
    request,
  }) => {
    const code = await freshSession(request, SESSION);
    await openCheckout(page, code);
    const held = followHeld(page);
    await pickUpAt(page, /Pinheiros/);
    await choosePayment(page, 'Pagar na entrega');
    const payment = section(page, 'Pagamento');
    await payment.getByRole('combobox', { name: 'Tipo de pagamento' }).selectOption({ label: 'Dinheiro' });
    await payment.getByRole('textbox', { name: 'Valor em espécie' }).fill('100,00');
    await expect.poll(async () => (await held.read()).payment?.method).toBe(ON_DELIVERY);
    await expectTotalsAgree(page, held, 'Pagar na entrega, Dinheiro, R$ 100,00');

    await choosePayment(page, 'Cartão de Crédito');
    await expect(payment.getByRole('combobox', { name: 'Tipo de pagamento' })).toHaveCount(0);
    await expect.poll(async () => (await held.read()).payment?.method ?? null).not.toBe(ON_DELIVERY);
    await expectTotalsAgree(page, held, 'switched to Cartão de Crédito');
    await expect(finishButton(page)).toHaveText('Finalizar e enviar Cartão de Crédito');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
    await openStep(page, 'Pagamento');
    const method = payment.getByRole('combobox', { name: 'Forma de pagamento' });
    await expect(method.locator('option:checked')).toHaveText('Cartão de Crédito');
    await expect(payment.getByRole('combobox', { name: 'Tipo de pagamento' })).toHaveCount(0);
    expect((await held.read()).payment?.method ?? null).not.toBe(ON_DELIVERY);
    await expectTotalsAgree(page, held, 'the reload after Cartão de Crédito');

    await method.selectOption({ label: 'PIX' });
    await expect(finishButton(page)).toHaveText('Finalizar e enviar PIX');
    await expectTotalsAgree(page, held, 'switched to PIX');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
    await openStep(page, 'Pagamento');
    await expect(method.locator('option:checked')).toHaveText('PIX');
    await expect(payment.getByRole('combobox', { name: 'Tipo de pagamento' })).toHaveCount(0);
    await expect(finishButton(page)).toHaveText('Finalizar e enviar PIX');
    expect((await held.read()).payment?.method ?? null).not.toBe(ON_DELIVERY);
    await expectTotalsAgree(page, held, 'the reload after PIX');
    await expectNoAxeViolations(page);
  });
});
