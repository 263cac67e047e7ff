// The page a shopper gets when the BFF sheds a page request (server/bff/overloaded-page.ts): the exact
// bytes and headers the overload guard writes, served here by a bare server, since a test cannot hold
// the real server's event loop behind while Chromium asks it for a page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { OVERLOADED_PAGE_BODY, overloadedPageHead } from '../server/bff/overloaded-page.ts';
import { expectNoAxeViolations } from './support/axe.ts';

let server: Server;
let base = '';
/** Page requests answered 503 until this many have come; then the storefront's stand-in answers. */
let shedUntil = 0;
let requests = 0;

test.beforeAll(async () => {
  server = createServer((_req, res) => {
    requests += 1;
    if (requests <= shedUntil) {
      res.writeHead(503, overloadedPageHead('1'));
      res.end(OVERLOADED_PAGE_BODY);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html lang="pt-BR"><title>Loja</title><h1>Catálogo</h1></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
test.beforeEach(() => {
  requests = 0;
});

test('a shopper opening a chat link while the store is shedding reads why and comes back with the session code kept', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  shedUntil = 2;
  await page.clock.install();
  await page.goto(`${base}/catalog#demo-shopper`);
  await expect(
    page.getByRole('heading', { name: 'Nossa loja está com muitos acessos agora.' }),
  ).toBeVisible();
  await expect(page.getByText('Tente novamente em instantes.')).toBeVisible();
  await expectNoAxeViolations(page);

  // 'Tentar novamente' reloads the same address: the fragment with the session code stays.
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect.poll(() => requests).toBe(2);
  await expect(
    page.getByRole('heading', { name: 'Nossa loja está com muitos acessos agora.' }),
  ).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#demo-shopper');

  // Left alone, the page tries again by itself within 10 s of its clock, and the storefront opens.
  await page.clock.runFor(10_000);
  await expect(page.getByRole('heading', { name: 'Catálogo' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#demo-shopper');
  expect(violations).toEqual([]);
});
