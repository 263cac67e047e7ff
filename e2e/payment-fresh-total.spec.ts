import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { fillCard, goToCardPage, payByCard } from './support/card-page.ts';
import { centsOf, openCheckout, openStep } from './support/checkout-page.ts';

// Issue 34: the card page charges what it shows, even when the order changes behind it (another tab
// of the same link, another device). Each test works on its own fresh copy of demo-messenger (1 rice,
// 2 coffees), reaching the card page as a shopper does. With a sandbox that enforces `expectedTotal`
// or one that ignores it, the same holds: what was shown is what is charged.

const APPROVED = '4111111111111111';
const CAFE = 'Café Torrado e Moído Pilão 500g';

type Plan = { count: number; total: number; interestFree: boolean };
type HeldOrder = {
  totalAmout: number;
  items: { name?: string; quantity: number }[];
  payment?: { status?: number; installments?: number; providerId?: string } | null;
};

/**
 * Reads, with the tab's own session handle, the order and the card plans the server holds (the
 * plans are what a count charges for the order's total). Call before the tab opens its session.
 */
function followServer(page: Page) {
  let handle = '';
  page.on('request', (request) => {
    handle = request.headers()['x-session-handle'] ?? handle;
  });
  const read = async (path: string) => {
    const answer = await page.request.get(path, { headers: { 'x-session-handle': handle } });
    return (await answer.json()).data;
  };
  return {
    order: async () => (await read('/api/order/current')) as HeldOrder,
    plans: async () =>
      ((await read('/api/order/payment/credit')) as { installments: Plan[] }[])[0]?.installments ?? [],
  };
}

const header = (page: Page) => page.getByText(/^Total do pedido:/);
/** The amount in the bar beside the pay button: what the chosen plan charges. */
const bar = (page: Page) => page.locator('.card-form__total strong');
const coffeeLine = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByText(CAFE, { exact: true }) });

/** '3x sem juros: 1x de R$ 40,09 + 2x de R$ 40,08' → the sum of its installments, in cents. */
function installmentsSum(label: string): number {
  return [...label.matchAll(/(\d+)x de R\$\s([\d.,]+)/g)].reduce(
    (sum, [, times, value]) => sum + Number(times) * centsOf(value ?? ''),
    0,
  );
}

/** The total, the bar and every plan label read from one and the same total. */
async function expectOneTotal(page: Page, totalCents: number) {
  await expect(header(page)).toHaveText(/R\$/);
  expect(centsOf((await header(page).textContent()) ?? '')).toBe(totalCents);
  const labels = await page.getByLabel('Parcelas').locator('option').allTextContents();
  for (const label of labels) {
    const sum = installmentsSum(label);
    if (label.includes('sem juros')) expect(sum, label).toBe(totalCents);
    else expect(sum, label).toBeGreaterThan(totalCents);
  }
}

test.describe('The card page while another tab changes the order', () => {
  test('shows the new total, its bar and its plans together, and the card is charged what it showed', async ({
    context,
    page,
  }) => {
    const server = followServer(page);
    const code = await goToCardPage(page, 'demo-messenger');
    await page.getByLabel('Parcelas').selectOption('3');
    const before = await server.order();
    await expectOneTotal(page, Math.round(before.totalAmout * 100));

    // A second tab with the same link adds 3 coffees.
    const other = await context.newPage();
    await openCheckout(other, code);
    await openStep(other, 'Itens do pedido');
    const more = coffeeLine(other).getByRole('button', { name: 'Adicionar mais um item' });
    for (let i = 0; i < 3; i++) await more.click();
    await expect
      .poll(async () => (await server.order()).items.find((item) => item.name === CAFE)?.quantity)
      .toBe(5);
    const after = await server.order();
    const afterCents = Math.round(after.totalAmout * 100);
    expect(afterCents).toBeGreaterThan(Math.round(before.totalAmout * 100));

    // Back on the card page: the header, the bar and the plans all say the new total.
    await page.bringToFront();
    await expect.poll(async () => centsOf((await header(page).textContent()) ?? '')).toBe(afterCents);
    await expect(page.getByRole('button', { name: 'Finalizar pagamento' })).toBeEnabled();
    await expectOneTotal(page, afterCents);
    const plans = await server.plans();
    const chosen = Number(await page.getByLabel('Parcelas').inputValue());
    const plan = plans.find((item) => item.count === chosen);
    expect(plan, `${chosen}x is offered for the new total`).toBeDefined();
    await expect(bar(page)).toHaveText(/R\$/);
    const shownCharge = centsOf((await bar(page).textContent()) ?? '');
    expect(shownCharge).toBe(Math.round((plan?.total ?? 0) * 100));
    await expectNoAxeViolations(page);

    await fillCard(page, APPROVED);
    await payByCard(page);
    await expect(page).toHaveURL(/\/finish$/);

    // What was charged: the plan of the chosen count for the order's total, which the page showed.
    const paid = await server.order();
    expect(paid.payment?.status).toBe(1); // Paid
    expect(paid.payment?.installments).toBe(chosen);
    expect(Math.round(paid.totalAmout * 100)).toBe(afterCents);
    const charged = (await server.plans()).find((item) => item.count === chosen);
    expect(Math.round((charged?.total ?? 0) * 100)).toBe(shownCharge);
  });
});

test.describe('An order paid in another tab', () => {
  test("the card page left open says 'Este pedido já foi pago.' and goes to the finish page", async ({
    context,
    page,
  }) => {
    const code = await goToCardPage(page, 'demo-messenger');
    await fillCard(page, APPROVED);

    const other = await context.newPage();
    await other.goto(`/order/payment#${code}`);
    await fillCard(other, APPROVED);
    await payByCard(other);
    await expect(other).toHaveURL(/\/finish$/);

    await page.bringToFront();
    await expect(page.getByRole('status').filter({ hasText: 'Este pedido já foi pago.' })).toBeVisible();
    await expect(page).toHaveURL(/\/finish$/);
    await expect(page.getByText('Pedido finalizado', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Modificar dados' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("paid on another device, the shopper's attempt says 'Este pedido já foi pago.' and goes to the finish page", async ({
    browser,
    page,
  }) => {
    const code = await goToCardPage(page, 'demo-messenger');
    // Choosing the installments starts the card payment on the server (another browser has no draft
    // saying the card was chosen at checkout).
    const chosen = page.waitForResponse((answer) => answer.url().endsWith('/payment/credit/installments'));
    await page.getByLabel('Parcelas').selectOption('2');
    expect((await chosen).ok()).toBe(true);
    await fillCard(page, APPROVED);

    // Another browser (no message reaches this tab) pays the same order.
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto(`/order/payment#${code}`);
    await fillCard(other, APPROVED);
    await payByCard(other);
    await expect(other).toHaveURL(/\/finish$/);
    await elsewhere.close();

    const attempt = page.waitForResponse(
      (answer) => answer.request().method() === 'POST' && answer.url().endsWith('/api/order/payment/credit'),
    );
    await payByCard(page);
    expect((await attempt).status()).toBe(409);
    await expect(page.getByRole('status').filter({ hasText: 'Este pedido já foi pago.' })).toBeVisible();
    await expect(page).toHaveURL(/\/finish$/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByText('Pedido finalizado', { exact: true })).toBeVisible();
  });
});
