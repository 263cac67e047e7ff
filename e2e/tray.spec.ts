import { expect, type Page, test } from '@playwright/test';
import { E2E_TRAY_CONSUMER_KEY } from '../playwright.config.ts';
import { expectNoAxeViolations } from './support/axe.ts';

// Tray store linking against the sandbox. The store's host is intercepted: the authorize address is
// checked, never followed to the internet. Store ids 88100xx are used by no other test.

const STORE_HOST = 'https://www.lojae2e-tray.com.br';
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Vincular loja Tray' });

function callbackPath(store: string, code: string) {
  const query = new URLSearchParams({
    store,
    adm_user: '7',
    code,
    api_address: `${STORE_HOST}/web_api`,
    store_host: STORE_HOST,
  });
  return `/tray/register/callback?${query}`;
}

test.describe('Tray store linking', () => {
  test('register: Autorizar goes to the store authorization address the BFF built', async ({
    page,
    baseURL,
  }) => {
    const reached: string[] = [];
    await page.route(`${STORE_HOST}/**`, async (route) => {
      reached.push(route.request().url());
      await route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><html lang="pt-BR"><title>Tray</title><h1>Autorização Tray</h1></html>',
      });
    });
    await page.goto(`/tray/register?url=${encodeURIComponent(STORE_HOST)}`);
    await expect(heading(page)).toBeVisible();
    await expect(page.getByText(STORE_HOST)).toBeVisible();
    const authorize = page.getByRole('button', { name: 'Autorizar' });
    await expect(authorize).toBeEnabled();
    await expectNoAxeViolations(page);

    await authorize.click();
    await expect(page.getByRole('heading', { name: 'Autorização Tray' })).toBeVisible();
    expect(reached).toHaveLength(1);
    const target = new URL(reached[0] ?? '');
    expect(target.origin).toBe(STORE_HOST);
    expect(target.pathname).toBe('/auth.php');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      response_type: 'code',
      consumer_key: E2E_TRAY_CONSUMER_KEY,
      callback: `${baseURL}/tray/register/callback`,
    });
  });

  test('register: an invalid store address is refused at once and never redirected to', async ({ page }) => {
    const reached: string[] = [];
    await page.route('**/evil.example/**', async (route) => {
      reached.push(route.request().url());
      await route.abort();
    });
    for (const url of ['http://evil.example', 'https://user:senha@evil.example', 'https://evil.example/x']) {
      await page.goto(`/tray/register?url=${encodeURIComponent(url)}`);
      await expect(heading(page)).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(
        'Endereço da loja inválido. Abra esta página pelo painel da sua loja Tray.',
      );
      await expect(page.getByRole('button', { name: 'Autorizar' })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
    expect(reached).toEqual([]);
    await expect(page).toHaveURL(/\/tray\/register\?url=/);
  });

  test('callback: links the store, locks the form; a second visit shows the linked chatbot', async ({
    page,
  }) => {
    const code = 'e2e-codigo-de-autorizacao-8810001';
    await page.goto(callbackPath('8810001', code));
    await expect(heading(page)).toBeVisible();
    const chatbot = page.getByRole('textbox', { name: 'Chatbot' });
    await expect(chatbot).toBeEditable();
    // The authorization code is not left in the address bar.
    await expect(page).toHaveURL(/\/tray\/register\/callback$/);
    expect(page.url()).not.toContain(code);

    const link = page.getByRole('button', { name: 'Vincular' });
    await expect(link).toBeDisabled();
    await chatbot.fill('chatbot-e2e-8810001');
    await expect(link).toBeDisabled();
    const token = page.getByLabel('Token');
    await expect(token).toHaveAttribute('type', 'password');
    await token.fill('tok_e2e_segredo_8810001');
    await expect(link).toBeEnabled();
    await expectNoAxeViolations(page);

    await link.click();
    // The page's own status line (every page also has the empty network notice, also a status region).
    await expect(page.getByRole('status').filter({ hasText: 'Loja vinculada' })).toHaveText('Loja vinculada');
    await expect(chatbot).toHaveValue('chatbot-e2e-8810001');
    await expect(chatbot).not.toBeEditable();
    await expect(token).not.toBeEditable();
    await expect(page.getByRole('button', { name: 'Vincular' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Tray opens the callback again (a new authorization): the store's chatbot is shown, locked.
    await page.goto(callbackPath('8810001', 'e2e-codigo-de-autorizacao-8810001-b'));
    await expect(page.getByRole('status').filter({ hasText: 'Loja vinculada' })).toHaveText('Loja vinculada');
    await expect(chatbot).toHaveValue('chatbot-e2e-8810001');
    await expect(chatbot).not.toBeEditable();
    await expect(page.getByRole('button', { name: 'Vincular' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('callback: without the authorization asks to open the page from the Tray admin', async ({ page }) => {
    await page.goto('/tray/register/callback?store=8810002');
    await expect(page.getByRole('alert')).toHaveText(
      'Autorização da Tray ausente ou incompleta. Abra esta página pelo painel da sua loja Tray.',
    );
    await expect(page.getByRole('button', { name: 'Vincular' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
