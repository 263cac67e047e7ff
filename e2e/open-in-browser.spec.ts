import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { freshSession } from './support/fresh-session.ts';
import { IN_APP_PROFILES, inAppContext, windowsTried } from './support/in-app-browsers.ts';

// 'Abrir no navegador' (issue 37, decision 0024): a shopper in a chat app's own browser continues the
// same cart in the phone's browser through a one-time transfer link; a spent or forged link gets a
// clear page and never opens a session. `demo-cnpj` holds 1 rice and 2 coffees when it starts.

const SESSION = 'demo-cnpj';
const ARROZ = 'Arroz Branco Tipo 1 Camil 5kg';
const CAFE = 'Café Torrado e Moído Pilão 500g';

const line = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
const quantityOf = (page: Page, name: string) =>
  line(page, name).getByRole('spinbutton', { name: 'Quantidade' });

/** A browser of the phone's own, with nothing of the webview: its own cookies and storage. */
const phoneBrowser = (browser: Browser, baseURL: string | undefined) =>
  browser.newContext({ baseURL, locale: 'pt-BR', viewport: { width: 390, height: 844 } });

/** The session and visitor cookies a context holds: none means no session was ever opened there. */
async function sessionCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name).filter((name) => /sf_[sv]/.test(name));
}

async function expectRefusedPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Link expirado' })).toBeVisible();
  await expect(page.getByText('Este link para abrir no navegador já foi usado ou expirou.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para o WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/',
  );
  await expect(page).toHaveTitle('Link expirado');
}

for (const profile of IN_APP_PROFILES) {
  test(`${profile.name}: 'Abrir no navegador' continues the same cart in a fresh browser, once`, async ({
    browser,
    baseURL,
  }) => {
    const webview = await inAppContext(browser, profile, baseURL);
    const page = await webview.newPage();
    const code = await freshSession(page.request, SESSION);
    await page.goto(`/order#${code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    await expect(quantityOf(page, ARROZ)).toHaveValue('1');

    // The shopper adds a rice; the server holds it before the shopper moves on.
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes('/api/order/items/'),
    );
    await line(page, ARROZ).getByRole('button', { name: 'Adicionar mais um item' }).click();
    expect((await saved).status()).toBe(200);
    await expect(quantityOf(page, ARROZ)).toHaveValue('2');

    // The top bar's menu, in the chat app's browser only.
    const more = page.getByRole('button', { name: 'Mais opções' });
    await expect(more).toBeVisible();
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Abrir no navegador' }).click();

    // The phone's browser may not open from here: the link is on the page, to copy.
    const dialog = page.getByRole('dialog', { name: 'Abrir no navegador' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByRole('textbox', { name: 'Link para abrir no navegador' });
    const link = await field.inputValue();
    expect(link).toMatch(/\/abrir\/[A-Za-z0-9_-]{43}\?para=%2Forder$/);
    expect(link).not.toContain(code);
    await dialog.getByRole('button', { name: 'Copiar link' }).click();
    await expect(dialog.getByRole('status')).toHaveText(/Link copiado!|Selecione e copie o link/);
    await expectNoAxeViolations(page);
    // Nothing tried a new window (the chat apps' browsers answer null).
    expect(await windowsTried(page)).toEqual([]);

    // A fresh browser opens the link: the same cart, on the page the shopper was on, and the token
    // gone from the address.
    const phone = await phoneBrowser(browser, baseURL);
    const there = await phone.newPage();
    await there.goto(link);
    await expect(there).toHaveURL(/\/order$/);
    await expect(there.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    await expect(quantityOf(there, ARROZ)).toHaveValue('2');
    await expect(quantityOf(there, CAFE)).toHaveValue('2');
    expect(await sessionCookies(phone)).not.toEqual([]);
    // A phone's own browser gets no 'Abrir no navegador': once the page has settled, nothing.
    const menuCode = there.waitForResponse((response) => response.url().includes('open-in-browser-menu'));
    await there.mouse.wheel(0, 200);
    await menuCode;
    await expect(there.getByRole('button', { name: 'Mais opções' })).toHaveCount(0);
    await expect(there.getByRole('button', { name: 'Abrir no navegador' })).toHaveCount(0);

    // The link again, in yet another browser: spent. A clear page, and no session at all.
    const late = await phoneBrowser(browser, baseURL);
    const again = await late.newPage();
    await again.goto(link);
    await expectRefusedPage(again);
    await expectNoAxeViolations(again);
    expect(await sessionCookies(late)).toEqual([]);

    await Promise.all([webview.close(), phone.close(), late.close()]);
  });
}

test('a forged transfer link gets the clear page and opens no session', async ({ browser, baseURL }) => {
  const context = await phoneBrowser(browser, baseURL);
  const page = await context.newPage();
  const opens: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/session') && request.method() === 'POST') {
      opens.push(request.postData() ?? '');
    }
  });
  await page.goto(`/abrir/${'A'.repeat(43)}?para=%2Forder`);
  await expectRefusedPage(page);
  await expect(page).not.toHaveURL(/\/order$/);
  expect(await sessionCookies(context)).toEqual([]);
  // The one open asked was the token's: never the anonymous session.
  expect(opens.map((body) => JSON.parse(body))).toEqual([{ transfer: 'A'.repeat(43) }]);

  await page.goto('/abrir/nao-e-um-token');
  await expectRefusedPage(page);
  expect(await sessionCookies(context)).toEqual([]);
  await context.close();
});
