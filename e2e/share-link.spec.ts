import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFresh } from './support/fresh-session.ts';

// Share links and the way back to the chat (issue 37, decision 0024). The sandbox has the chat app's
// extensions on: the seeded shop is `emporio-bom-preco` with WhatsApp 5511940028922, Messenger and
// Instagram `emporiobompreco`; `emporio-sem-chat` has no chat addresses.

const SHOP = 'emporio-bom-preco';
const RICE = { id: '1001', name: 'Arroz Branco Tipo 1 Camil 5kg' };

/** The storefront's own calls the page made (paths under /api). */
function apiCallsOf(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/sandbox/media/')) {
      calls.push(`${request.method()} ${url.pathname}`);
    }
  });
  return calls;
}

/** The storefront's cookies in the browser: a session's (`sf_s_…`) or a visitor's (`sf_v`). */
async function storefrontCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name).filter((name) => name.includes('sf_'));
}

test.describe('a share link opened by someone without a session', () => {
  test('shows the product read-only, with the shop’s branding, and Pedir pelo WhatsApp names it; no session is opened', async ({
    page,
    context,
    baseURL,
  }) => {
    const calls = apiCallsOf(page);
    const path = `/s/${SHOP}/p/${RICE.id}`;
    await page.goto(path);

    await expect(page.getByRole('heading', { level: 1, name: RICE.name })).toBeVisible();
    await expect(page.getByText('R$ 27,90')).toBeVisible();
    // The product's pictures (the product page's gallery): the first one shown and loaded.
    const picture = page.locator(`img[alt^="${RICE.name}"][src*="produto-${RICE.id}"]`).first();
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(page.getByText('Arroz agulhinha tipo 1, grãos soltinhos e macios.')).toBeVisible();
    await expect(page.getByText('Empório Bom Preço')).toBeVisible();
    await expect(page).toHaveTitle(`${RICE.name} | Empório Bom Preço`);

    const text = `Olá! Quero pedir este produto: ${RICE.name}\n${baseURL}${path}`;
    const whatsApp = page.getByRole('link', { name: 'Pedir pelo WhatsApp' });
    await expect(whatsApp).toHaveAttribute(
      'href',
      `https://wa.me/5511940028922?text=${encodeURIComponent(text)}`,
    );
    await expect(page.getByRole('link', { name: 'Pedir pelo Messenger' })).toHaveAttribute(
      'href',
      'https://m.me/emporiobompreco',
    );
    await expect(page.getByRole('link', { name: 'Pedir pelo Instagram' })).toHaveAttribute(
      'href',
      'https://ig.me/m/emporiobompreco',
    );
    // Same-tab links: the chat apps' own browsers block new windows.
    for (const link of await page.getByRole('link').all())
      expect(await link.getAttribute('target')).toBeNull();

    await expectNoAxeViolations(page);
    // The page's one call is the public read: no session was opened, not even the anonymous one.
    expect(calls).toEqual([`GET /api/public/shops/${SHOP}/products/${RICE.id}`]);
    expect(await storefrontCookies(context)).toEqual([]);
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('session'))),
    ).toEqual([]);
  });

  test('a promotional price strikes the price through, as on the product page', async ({ page }) => {
    await page.goto(`/s/${SHOP}/p/1006`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Molho de Tomate Tradicional Pomarola 300g' }),
    ).toBeVisible();
    await expect(page.locator('s', { hasText: 'R$ 3,29' })).toBeVisible();
    await expect(page.getByText('R$ 2,79')).toBeVisible();
  });

  test('a shop without chat addresses shows the product and no button to order', async ({ page }) => {
    await page.goto(`/s/emporio-sem-chat/p/${RICE.id}`);
    await expect(page.getByRole('heading', { level: 1, name: RICE.name })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Pedir pelo/ })).toHaveCount(0);
    await expect(page.getByRole('link')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('an inactive product says it is unavailable', async ({ page }) => {
    await page.goto(`/s/${SHOP}/p/1019`);
    await expect(page.getByText('Este produto está indisponível no estoque')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pedir pelo WhatsApp' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Falar pelo WhatsApp' })).toBeVisible();
  });

  test('an unknown product gets a clear page with a way on, and opens no session', async ({
    page,
    context,
  }) => {
    const calls = apiCallsOf(page);
    await page.goto(`/s/${SHOP}/p/999999`);
    await expect(page.getByRole('heading', { level: 1, name: 'Produto não encontrado' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Abrir o WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/',
    );
    await expectNoAxeViolations(page);
    expect(calls.filter((call) => call.includes('/api/session'))).toEqual([]);
    expect(await storefrontCookies(context)).toEqual([]);
  });
});

test.describe("the shopper's Compartilhar on the product page", () => {
  test('without the Web Share API it is a WhatsApp link with the share link, which opens the product for anyone', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'share');
    });
    await openFresh(page, 'demo-shopper', `/product/${RICE.id}`);
    await expect(page.getByRole('heading', { level: 1, name: RICE.name })).toBeVisible();
    const share = page.getByRole('link', { name: 'Compartilhar' });
    const shareUrl = `${baseURL}/s/${SHOP}/p/${RICE.id}`;
    await expect(share).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Veja este produto: ${RICE.name}\n${shareUrl}`)}`,
    );
    await expectNoAxeViolations(page);

    // A friend opens the link: the product, without the shopper's session.
    const friend = await browser.newContext();
    const friendPage = await friend.newPage();
    await friendPage.goto(shareUrl);
    await expect(friendPage.getByRole('heading', { level: 1, name: RICE.name })).toBeVisible();
    expect(await storefrontCookies(friend)).toEqual([]);
    await friend.close();
  });

  test('with the Web Share API it opens the share sheet with the share link', async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.defineProperty(window, 'sharedForTest', { value: shared });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          shared.push(data);
        },
      });
    });
    await openFresh(page, 'demo-shopper', `/product/${RICE.id}`);
    await page.getByRole('button', { name: 'Compartilhar' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedForTest: ShareData[] }).sharedForTest))
      .toEqual([
        {
          title: RICE.name,
          text: `Veja este produto: ${RICE.name}`,
          url: `${baseURL}/s/${SHOP}/p/${RICE.id}`,
        },
      ]);
    // The shopper stays on the product page.
    await expect(page).toHaveURL(new RegExp(`/product/${RICE.id}$`));
  });
});

test.describe('the way back to the chat on the end pages', () => {
  for (const [from, label, href] of [
    ['demo-messenger', 'Voltar para o Messenger', 'https://m.me/emporiobompreco'],
    ['demo-instagram', 'Voltar para o Instagram', 'https://ig.me/m/emporiobompreco'],
  ] as const) {
    test(`'Pedido finalizado' on a ${from.slice(5)} session offers '${label}'`, async ({ page }) => {
      await openFresh(page, from, '/finish');
      await expect(page.getByRole('heading', { level: 1, name: 'Pedido finalizado' })).toBeVisible();
      const back = page.getByRole('link', { name: label });
      await expect(back).toHaveAttribute('href', href);
      expect(await back.getAttribute('target')).toBeNull();
      await expectNoAxeViolations(page);
    });
  }
});
