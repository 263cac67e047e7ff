import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { freshSession } from './support/fresh-session.ts';
import { followHandle } from './support/server-order.ts';

// The cart on a phone (issue 38): five or more lines on the first screen with the confirm bar, which
// says what is confirmed; the money still missing for the minimum and the gift, from the server's
// own order; and nothing overlapping or out of reach at 200 % zoom.

const brl = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value);

type ServerOrder = {
  items: { index: number; providerId: string; quantity: number; isGift?: boolean }[];
  itemsAmout: number;
  totalAmout: number;
  minOrderValue: number;
  nextGift?: { missingAmount: number } | null;
  gifts?: { id: string }[];
};

/** The cart of a fresh demo-shopper, with its handle to call the BFF as the tab does. */
async function openCart(page: Page) {
  const handle = followHandle(page);
  const code = await freshSession(page.request, 'demo-shopper');
  await page.goto(`/order#${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
  await expect(lines(page).first()).toBeVisible();
  const server = {
    order: async (): Promise<ServerOrder> => {
      const answer = await page.request.get('/api/order/current', {
        headers: { 'x-session-handle': handle() },
      });
      return (await answer.json()).data;
    },
    /** Sets the cart to exactly these lines (through the BFF, as the tab would), then reloads. */
    setCart: async (wanted: { providerId: string; quantity: number }[]) => {
      const post = async (data: object) => {
        const answer = await page.request.post('/api/order/items/', {
          headers: { 'x-session-handle': handle() },
          data,
        });
        expect(answer.status(), await answer.text()).toBe(200);
      };
      for (const item of (await server.order()).items.filter((i) => !i.isGift)) {
        await post({ index: String(item.index), providerId: item.providerId, quantity: 0 });
      }
      for (const item of wanted) await post(item);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    },
  };
  return server;
}

const lines = (page: Page) => page.getByRole('list', { name: 'Itens do pedido' }).getByRole('listitem');
const confirm = (page: Page) => page.getByRole('button', { name: /^Confirmar pedido/ });
const footer = (page: Page) => page.getByRole('region', { name: 'Ações do pedido' });

test.describe('the cart on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows at least 5 whole lines above the confirm bar, which says the count and the server’s total', async ({
    page,
  }) => {
    const server = await openCart(page);
    await server.setCart([
      { providerId: '1008', quantity: 2 },
      { providerId: '1001', quantity: 1 },
      { providerId: '1002', quantity: 1 },
      { providerId: '1003', quantity: 1 },
      { providerId: '1005', quantity: 1 },
      { providerId: '1007', quantity: 1 },
    ]);
    await expect(lines(page)).toHaveCount(6);
    const held = await server.order();
    const count = held.items.filter((i) => !i.isGift).reduce((sum, i) => sum + i.quantity, 0);
    await expect(confirm(page)).toHaveText(`Confirmar pedido · ${count} itens · ${brl(held.totalAmout)}`);

    const barTop = (await footer(page).boundingBox())?.y ?? 0;
    let whole = 0;
    for (const line of await lines(page).all()) {
      const box = await line.boundingBox();
      if (box && box.y >= 0 && box.y + box.height <= barTop) whole += 1;
    }
    expect(whole, 'whole lines on the first screen above the bar').toBeGreaterThanOrEqual(5);
    await page.screenshot({ path: 'test-results/phone-screens/cart-390x844.png' });
    await expectNoAxeViolations(page);
  });

  test('says what is missing for the minimum and the gift, as the server counts it, and a lost gift once', async ({
    page,
  }) => {
    const server = await openCart(page);
    // One Feijão (R$ 8,49): under the shop's R$ 25,00 minimum and far from the R$ 100,00 gift.
    await server.setCart([{ providerId: '1002', quantity: 1 }]);
    let held = await server.order();
    await expect(footer(page)).toContainText(
      `Faltam ${brl(held.minOrderValue - held.itemsAmout)} para o pedido mínimo`,
    );
    await expect(footer(page)).toContainText(
      `Faltam ${brl(held.nextGift?.missingAmount ?? Number.NaN)} para ganhar o brinde`,
    );

    // Four Arroz reach the gift: neither line is left.
    await server.setCart([{ providerId: '1001', quantity: 4 }]);
    held = await server.order();
    expect(held.nextGift ?? null).toBeNull();
    await expect(footer(page).getByText(/^Faltam/)).toHaveCount(0);

    // Taking two out drops under the gift: the page says so once, with what the server says is missing.
    const arroz = lines(page).first();
    await arroz.getByRole('button', { name: 'Remover um item' }).click();
    await arroz.getByRole('button', { name: 'Remover um item' }).click();
    await expect.poll(async () => (await server.order()).nextGift?.missingAmount ?? 0).toBeGreaterThan(0);
    held = await server.order();
    const lost = page.getByText(`Você perdeu o brinde: faltam ${brl(held.nextGift?.missingAmount ?? 0)}`);
    await expect(lost).toHaveCount(1);
    await expect(footer(page)).toContainText(
      `Faltam ${brl(held.nextGift?.missingAmount ?? 0)} para ganhar o brinde`,
    );
    // A later change (adding one back, still under the gift) does not say it again.
    await arroz.getByRole('button', { name: 'Adicionar mais um item' }).click();
    await expect
      .poll(async () => (await server.order()).items.find((i) => i.providerId === '1001')?.quantity)
      .toBe(3);
    await expect(page.getByText(/Você perdeu o brinde/)).toHaveCount(1);
  });
});

/** Whether two boxes share any area (touching edges do not count). */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;
type Box = { x: number; y: number; width: number; height: number };

async function boxesOf(locator: Locator): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const part of await locator.all()) {
    const box = await part.boundingBox();
    if (box && box.width > 0 && box.height > 0) boxes.push(box);
  }
  return boxes;
}

for (const { width, height, what } of [
  { width: 195, height: 422, what: '200 % zoom on a 390 px phone' },
  { width: 320, height: 640, what: 'a 320 px phone' },
]) {
  test.describe(`the cart at ${what}`, () => {
    test.use({ viewport: { width, height } });

    test('keeps every top-bar action in view and no two texts of a line overlap', async ({ page }) => {
      const server = await openCart(page);
      await server.setCart([
        { providerId: '1001', quantity: 2 },
        { providerId: '1008', quantity: 1 },
      ]);
      const bar = page.getByRole('banner');
      for (const action of [
        bar.getByRole('link', { name: 'Voltar ao catálogo' }),
        bar.getByRole('link', { name: 'Ir para o catálogo' }),
        bar.getByRole('link', { name: /^Ver carrinho/ }),
      ]) {
        const box = await action.boundingBox();
        expect(box, (await action.getAttribute('aria-label')) ?? '').not.toBeNull();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width + 0.5);
      }
      for (const line of await lines(page).all()) {
        const texts = await boxesOf(
          line.locator(
            '.cart-lines__name, .cart-lines__total, .cart-lines__options, .cart-lines__price, .cart-lines__controls, .cart-lines__preferences button',
          ),
        );
        expect(texts.length).toBeGreaterThanOrEqual(4);
        for (let i = 0; i < texts.length; i++) {
          for (let j = i + 1; j < texts.length; j++) {
            expect(overlap(texts[i] as Box, texts[j] as Box), `boxes ${i} and ${j} of a line`).toBe(false);
          }
        }
      }
      // The confirm label wraps instead of running out of the bar.
      const button = await confirm(page).boundingBox();
      expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(width + 0.5);
      const overflows = await confirm(page).evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(overflows).toBe(false);
    });
  });
}
