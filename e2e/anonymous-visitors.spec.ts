import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';

// A link without a code opens 'anonymous-session', the same code for everyone: the BFF's visitor
// cookie is what gives each browser a cart of its own (docs/decisions/0019-anonymous-visitors.md).
const FEIJAO = 'Feijão Carioca Kicaldo 1kg';
/** The visitor cookie: `__Host-sf_v` (Secure), or `sf_v` over plain http. */
const VISITOR_COOKIE = /^(?:__Host-)?sf_v$/;

const cart = (page: Page) => page.getByRole('link', { name: /Ver carrinho/ });

async function openWithoutCode(page: Page) {
  await page.goto('/catalog');
  await expect(page.getByRole('tab', { name: 'Todos' })).toBeVisible();
}

test.describe('visitors without a code', () => {
  test("two browsers each get a cart of their own; a reload and a second tab keep the first one's item", async ({
    browser,
  }) => {
    const first = await browser.newContext();
    const second = await browser.newContext();
    try {
      const a = await first.newPage();
      const b = await second.newPage();
      await openWithoutCode(a);
      await openWithoutCode(b);
      await expect(cart(a)).toHaveAccessibleName('Ver carrinho');
      await expect(cart(b)).toHaveAccessibleName('Ver carrinho');

      await a.getByRole('button', { name: `Adicionar ${FEIJAO} ao carrinho` }).click();
      await expect(a.getByText('Produto adicionado ao carrinho')).toBeVisible();
      await expect(cart(a)).toHaveAccessibleName('Ver carrinho, 1 item no carrinho');

      // The other browser, read afresh from the server: nothing of it.
      await b.reload();
      await expect(b.getByRole('tab', { name: 'Todos' })).toBeVisible();
      await expect(cart(b)).toHaveAccessibleName('Ver carrinho');
      await cart(b).click();
      await expect(b.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
      await expect(b.getByText('Seu carrinho está vazio.')).toBeVisible();
      await expect(b.getByText(FEIJAO)).toHaveCount(0);
      await expectNoAxeViolations(b);

      // The first browser after a reload, and in a second tab opened without a code: its item.
      await a.reload();
      await expect(cart(a)).toHaveAccessibleName('Ver carrinho, 1 item no carrinho');
      const secondTab = await first.newPage();
      await openWithoutCode(secondTab);
      await expect(cart(secondTab)).toHaveAccessibleName('Ver carrinho, 1 item no carrinho');
      await cart(secondTab).click();
      const lines = secondTab
        .getByRole('listitem')
        .filter({ has: secondTab.getByText(FEIJAO, { exact: true }) });
      await expect(lines).toHaveCount(1);

      // Each browser has its own visitor cookie, which page scripts cannot read.
      const visitorCookies = [
        ...(await first.cookies()).filter((cookie) => VISITOR_COOKIE.test(cookie.name)),
        ...(await second.cookies()).filter((cookie) => VISITOR_COOKIE.test(cookie.name)),
      ];
      expect(visitorCookies).toHaveLength(2);
      expect(visitorCookies[0]?.value).not.toBe(visitorCookies[1]?.value);
      for (const cookie of visitorCookies) {
        expect(cookie.httpOnly).toBe(true);
        expect(cookie.sameSite).toBe('Strict');
        expect(cookie.path).toBe('/');
        expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3_600_000);
      }
      expect(await a.evaluate(() => document.cookie)).not.toMatch(/sf_v/);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
