import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { freshSession } from './support/fresh-session.ts';

/** A session cookie's name: `__Host-sf_s_<handle>` (Secure), or `sf_s_<handle>` over plain http. */
const SESSION_COOKIE = /^(?:__Host-)?sf_s_([A-Za-z0-9_-]{22})$/;
const CHAT_LINKS = 40;
const COOKIE_CAP = 30;

/** The handle the tab keeps (session/tab-storage.ts: sessionStorage, JSON with its expiry). */
async function handleOf(page: Page): Promise<string> {
  const stored = await page.evaluate(() => sessionStorage.getItem('storefront:session_handle'));
  return (JSON.parse(stored ?? '{}') as { value?: string }).value ?? '';
}

test.describe('an operator opening chat link after chat link in one browser', () => {
  test('keeps at most 30 session cookies: the newest tab works, a tab whose cookie went is told to open its link again', async ({
    context,
    request,
  }) => {
    test.setTimeout(240_000);
    const codes: string[] = [];
    for (let n = 0; n < CHAT_LINKS; n++) codes.push(await freshSession(request, 'demo-shopper'));

    // Each link in a tab of its own, one after the other; the first two and the last stay open.
    const tabs: { page: Page; handle: string }[] = [];
    for (const [n, code] of codes.entries()) {
      const page = await context.newPage();
      await page.goto(`/catalog#${code}`);
      await expect(page.getByRole('link', { name: /Ver carrinho/ })).toHaveAccessibleName(
        'Ver carrinho, 3 itens no carrinho',
      );
      tabs.push({ page, handle: await handleOf(page) });
      if (n >= 2 && n < CHAT_LINKS - 1) await page.close();
    }
    const [first, second] = tabs;
    const newest = tabs.at(-1);
    if (!first || !second || !newest) throw new Error('tabs missing');
    expect(new Set(tabs.map((tab) => tab.handle)).size).toBe(CHAT_LINKS);

    const sessionCookies = (await context.cookies()).filter((cookie) => SESSION_COOKIE.test(cookie.name));
    expect(sessionCookies).toHaveLength(COOKIE_CAP);
    for (const cookie of sessionCookies) {
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Strict');
      expect(cookie.path).toBe('/');
      // An operator's shift: about 12 hours from the open.
      expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(11.5 * 3_600_000);
      expect(cookie.expires * 1000 - Date.now()).toBeLessThanOrEqual(12 * 3_600_000);
    }
    const held = new Set(sessionCookies.map((cookie) => SESSION_COOKIE.exec(cookie.name)?.[1]));
    expect(held.has(newest.handle)).toBe(true);
    expect(held.has(first.handle)).toBe(false);
    expect(held.has(second.handle)).toBe(false);

    // The newest tab works.
    await newest.page.bringToFront();
    await newest.page.getByRole('tab', { name: 'Bebidas' }).click();
    await expect(newest.page.getByRole('heading', { name: 'Bebidas' })).toBeVisible();

    // The first tab's next action: its call is refused, and the tab says what to do.
    await first.page.bringToFront();
    await first.page
      .getByRole('button', { name: 'Adicionar Feijão Carioca Kicaldo 1kg ao carrinho' })
      .click();
    await expect(
      first.page.getByRole('heading', { level: 1, name: 'Abra o link do chat novamente' }),
    ).toBeVisible();
    await expect(first.page).toHaveURL(/\/session-ended$/);
    await expectNoAxeViolations(first.page);

    // The second tab reloaded: the resume finds no session, the same page.
    await second.page.bringToFront();
    await second.page.reload();
    await expect(
      second.page.getByRole('heading', { level: 1, name: 'Abra o link do chat novamente' }),
    ).toBeVisible();
    await expect(second.page.getByText(/A sessão desta aba foi encerrada/)).toBeVisible();
    // Not the bad-link page, and still the same after one more reload.
    await expect(second.page.getByRole('heading', { name: 'Sessão Inválida' })).toHaveCount(0);
    await second.page.reload();
    await expect(
      second.page.getByRole('heading', { level: 1, name: 'Abra o link do chat novamente' }),
    ).toBeVisible();

    // Opening the link again from the chat brings the tab back.
    await second.page.goto(`/catalog#${codes[1]}`);
    await expect(second.page.getByRole('link', { name: /Ver carrinho/ })).toHaveAccessibleName(
      'Ver carrinho, 3 itens no carrinho',
    );
    const after = (await context.cookies()).filter((cookie) => SESSION_COOKIE.test(cookie.name));
    expect(after).toHaveLength(COOKIE_CAP);
  });
});
