import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end flows in Debian's Chromium against the built SPA served by the BFF over a fresh,
 * in-memory sandbox (npm start's own entry, so the e2e run is what a user runs).
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
/** The Tray consumer key of the e2e server (public by nature; e2e/tray.spec.ts expects it). */
export const E2E_TRAY_CONSUMER_KEY = 'e2e-tray-consumer-key';
/** The e2e server's metrics token: e2e/rum.spec.ts reads the Web Vitals histograms with it. */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-not-secret';

/**
 * The layout tests count what fits on a phone's screen, so the page's text is set in one font on every
 * machine: Roboto from the dev dependencies, through e2e/support/fonts.conf, which finds it there.
 */
const FONTS_CONF = fileURLToPath(new URL('e2e/support/fonts.conf', import.meta.url));
const ROBOTO = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf',
);
if (!ROBOTO.startsWith(fileURLToPath(new URL('node_modules/@expo-google-fonts/roboto/', import.meta.url)))) {
  throw new Error(`e2e/support/fonts.conf expects Roboto in ./node_modules, not at ${ROBOTO}: run npm ci`);
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // A test that passes only on a second try fails the run: no retries hide a flaky one.
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Budgets for a busy 2-core machine (two browsers, the server and whatever else runs). They cost a
  // passing test nothing: its waits end as soon as the page says what they wait for.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      env: { ...process.env, FONTCONFIG_FILE: FONTS_CONF },
      // Root in a container needs --no-sandbox; the rest keeps Chromium off the (closed) network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'mobile-chromium', use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium' } }],
  webServer: {
    // As `npm start` runs it: the server bundled into plain JavaScript first.
    command: 'exec node --max-semi-space-size=32 scripts/start.mjs',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      COMMERCE_API_URL: '',
      SANDBOX_DB: ':memory:',
      LOG_LEVEL: 'warn',
      // Tray linking (e2e/tray.spec.ts): the authorize address is checked, never followed.
      TRAY_CONSUMER_KEY: E2E_TRAY_CONSUMER_KEY,
      TRAY_CALLBACK_URL: `${baseURL}/tray/register/callback`,
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      // Every e2e page reports its Web Vitals from one address: the per-IP beacon limit is not under test here.
      RATE_LIMIT_RUM_PER_MIN: '100000',
      // The BFF shares this machine with two browsers and the sandbox shares its event loop: a busy
      // runner must not make it shed the very calls under test (server/bff/attacks/overload-guard.test.ts
      // tests the guard itself).
      MAX_EVENT_LOOP_DELAY_MS: '1000',
    },
  },
});
