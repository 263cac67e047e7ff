// The page a shopper gets when the BFF sheds a page request (server/bff/overloaded-page.ts): the exact
// bytes and headers the overload guard writes, served here by a bare server, since a test cannot hold
// the real server's event loop behind while Chromium asks it for a page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
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

/**
 * axe waits on the page's timers: with the clock stopped, the test moves it on in small steps while
 * axe works, and stops well short of the page's own reload (5 s at the soonest).
 */
async function expectNoAxeViolationsOnStoppedClock(page: Page) {
  let done = false;
  const audit = expectNoAxeViolations(page).finally(() => {
    done = true;
  });
  audit.catch(() => {});
  // A step that meets the blank page axe opens and closes for its report fails, and is skipped.
  for (let moved = 0; !done && moved < 4_000; moved += 20) await page.clock.runFor(20).catch(() => {});
  await audit;
}

test('a shopper opening a chat link while the store is shedding reads why and comes back with the session code kept', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  shedUntil = 2;
  // The page's clock stands still until the test moves it on: on a busy machine its own reload (5 to
  // 10 s after it opens) cannot come in the middle of the test's steps.
  await page.clock.install({ time: new Date('2030-01-01T12:00:00Z') });
  await page.clock.pauseAt(new Date('2030-01-01T12:01:00Z'));
  await page.goto(`${base}/catalog#demo-shopper`);
  await expect(
    page.getByRole('heading', { name: 'Nossa loja está com muitos acessos agora.' }),
  ).toBeVisible();
  await expect(page.getByText('Tente novamente em instantes.')).toBeVisible();
  await expectNoAxeViolationsOnStoppedClock(page);

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
