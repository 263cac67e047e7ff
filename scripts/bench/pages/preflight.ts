/** Preflight: is each URL the intended screen, and does loading it leave the data alone? */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, devices } from '@playwright/test';
import { ROOT } from '@server/build-state.ts';
import { isWrite, PAGES, type PageSpec, urlOf } from './pages.ts';
import { CHROME_PATH, RESULTS_DIR } from './settings.ts';

export type PreflightNotes = Record<string, { finalUrl: string; writes: string[]; consoleErrors: string[] }>;

/**
 * Opens each page once in a phone-sized Chromium, waits for text only the intended screen shows
 * (not 'Sessão Inválida', not an empty cart), saves a screenshot to look at, and lists any write
 * the page sends: runs must not change the order, or run 5 would measure another page than run 1.
 * It also warms the server, so the first Lighthouse run does not pay for cold server caches.
 */
export async function preflight(base: string, names: string[]): Promise<PreflightNotes> {
  const shotsDir = path.join(RESULTS_DIR, 'pages-screenshots');
  mkdirSync(shotsDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const notes: PreflightNotes = {};
  try {
    for (const name of names) {
      const spec = PAGES[name] as PageSpec;
      const context = await browser.newContext({ ...devices['Pixel 7'], locale: 'pt-BR' });
      const page = await context.newPage();
      const writes: string[] = [];
      const consoleErrors: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (isWrite(request.method(), url)) writes.push(`${request.method()} ${url.pathname}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.goto(urlOf(base, spec), { waitUntil: 'load' });
      const shot = path.join(shotsDir, `${name}.png`);
      try {
        await page.getByText(spec.expectText).first().waitFor({ state: 'visible', timeout: 20_000 });
        await page.waitForLoadState('networkidle');
      } catch {
        await page.screenshot({ path: shot });
        throw new Error(
          `${name}: ${page.url()} does not show "${spec.expectText}" (wrong screen or empty order?); see ${path.relative(ROOT, shot)}`,
        );
      }
      await page.screenshot({ path: shot });
      const finalPath = new URL(page.url()).pathname;
      if (finalPath !== spec.path) throw new Error(`${name}: ended on ${page.url()}, expected ${spec.path}`);
      notes[name] = { finalUrl: page.url(), writes, consoleErrors };
      console.log(
        `  ${name.padEnd(9)} ${page.url()}  ok (${path.relative(ROOT, shot)})${writes.length ? `  WRITES: ${writes.join(', ')}` : ''}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return notes;
}
