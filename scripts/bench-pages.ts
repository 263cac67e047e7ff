/**
 * `npm run bench:pages`: Lighthouse (mobile defaults: simulated slow 4G and 4× CPU) in Debian's
 * Chromium against the production server, five cold runs per page, medians compared with the bars
 * of ../shared/design/quality-bars.md. Writes bench-results/pages.json (every run and the medians),
 * an HTML report of each page's median run and one screenshot per page.
 *
 *   npm run bench:pages                                   starts its own server (fresh in-memory sandbox)
 *   BENCH_URL=http://localhost:3000 npm run bench:pages   measures a running `npm start` instead
 *   BENCH_RUNS=3 BENCH_PAGES=catalog,product npm run bench:pages
 *   CHROME_PATH=/path/to/chrome                           another browser (default /usr/bin/chromium)
 *
 * Exits 0 when the measurement worked, even if a bar is missed (the table says FAIL); non-zero
 * only when the measurement itself failed (server did not start, a page is not the intended screen,
 * Lighthouse kept failing).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, generateReport, type Result, type RunnerResult } from 'lighthouse';
import { ensureBuild, ROOT } from '../server/build-state.ts';
import { SEEDED_CATEGORIES } from '../server/sandbox/seed/categories.ts';
import { SEEDED_PRODUCTS } from '../server/sandbox/seed/products.ts';
import { DEMO_SESSION_CODES, SEEDED_SESSIONS } from '../server/sandbox/seed/sessions.ts';

// ---------------------------------------------------------------------------------------------
// What is measured
// ---------------------------------------------------------------------------------------------

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RESULTS_DIR = path.join(ROOT, 'bench-results');

/** The bars (quality-bars.md): median Lighthouse mobile on /catalog and a product page. */
const BARS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0.02,
};

const seedProduct = (id: string) => {
  const product = SEEDED_PRODUCTS.find((p) => p.id === id);
  if (!product) throw new Error(`Seeded product ${id} is gone: choose another one in scripts/bench-pages.ts`);
  return product;
};

// The demo shopper's cart is not empty, so /order and /order/checkout show a real order; the
// product page is the T-shirt with two attributes (colour and size, one size priced differently),
// the richest variant picker of the seed. Checked here so a seed change cannot silently turn the
// benchmark into one of an empty cart or of a plain product.
const SHOPPER = SEEDED_SESSIONS.find((s) => s.code === DEMO_SESSION_CODES.shopper);
const CART_ITEM_ID = SHOPPER?.cart[0]?.productId;
if (!CART_ITEM_ID) throw new Error('The demo shopper has no item in the cart: /order would be empty');
const VARIANT_PRODUCT = seedProduct('11103');
if ((VARIANT_PRODUCT.variants?.attributes.length ?? 0) < 2) {
  throw new Error(`Product ${VARIANT_PRODUCT.id} has lost its variants: choose another one`);
}
const CART_ITEM_NAME = seedProduct(CART_ITEM_ID).name;
const FIRST_CATEGORY = SEEDED_CATEGORIES[0]?.name ?? 'Mercearia';

type PageSpec = {
  /** Where the screen lives (the session code goes in the hash, as in a chat link). */
  path: string;
  /** Text from the seed data the intended screen shows (and an error or empty screen does not). */
  expectText: string;
  /** Whether the quality bars apply (quality-bars.md names /catalog and a product page). */
  hasBars: boolean;
};

const PAGES: Record<string, PageSpec> = {
  catalog: { path: '/catalog', expectText: FIRST_CATEGORY, hasBars: true },
  product: { path: `/product/${VARIANT_PRODUCT.id}`, expectText: VARIANT_PRODUCT.name, hasBars: true },
  order: { path: '/order', expectText: CART_ITEM_NAME, hasBars: false },
  checkout: { path: '/order/checkout', expectText: CART_ITEM_NAME, hasBars: false },
};

/**
 * Each Lighthouse run opens a fresh tab in a fresh profile, like a shopper tapping a WhatsApp link,
 * so every URL carries the session code; the SPA then removes it from the address bar.
 */
const urlOf = (base: string, page: PageSpec) => `${base}${page.path}#${DEMO_SESSION_CODES.shopper}`;

/**
 * Third parties never count: the payment providers' and Google's hosts are blocked by name (they
 * belong only to the payment pages anyway), and Chromium resolves no host but the tested one, so an
 * unknown third party fails at once instead of waiting on the closed network. Any attempt is reported.
 */
const BLOCKED_URL_PATTERNS = [
  '*mercadopago.com*',
  '*mercadolibre.com*',
  '*mercadolivre.com*',
  '*mlstatic.com*',
  '*google.com*',
  '*gstatic.com*',
  '*googleapis.com*',
  '*recaptcha.net*',
  '*googletagmanager.com*',
  '*google-analytics.com*',
  '*doubleclick.net*',
  '*facebook.net*',
];

/** POSTs that only read (catalogue searches); any other write during a run is reported. */
const READ_ONLY_POSTS = ['/api/catalog/products/search', '/api/catalog/products/searchText'];

// ---------------------------------------------------------------------------------------------
// Settings from the environment
// ---------------------------------------------------------------------------------------------

function settings() {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50)
    throw new Error('BENCH_RUNS must be a whole number 1–50');
  const names = (process.env.BENCH_PAGES ?? Object.keys(PAGES).join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(name in PAGES));
  if (unknown.length || !names.length) {
    throw new Error(
      `BENCH_PAGES: unknown page(s) ${unknown.join(', ')}; choose from ${Object.keys(PAGES).join(', ')}`,
    );
  }
  const benchUrl = process.env.BENCH_URL?.replace(/\/+$/, '');
  return { runs, names, benchUrl };
}

// ---------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------

type Cleanup = () => Promise<void> | void;
const cleanups: Cleanup[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(base: string, server: ChildProcess | undefined, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`The server exited (code ${server.exitCode})`);
    try {
      const response = await fetch(`${base}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${base}/readyz did not answer within ${timeoutMs / 1000} s`);
}

/**
 * The production server on a free port over a fresh in-memory sandbox (the developer's .data/ is
 * never touched), serving a private copy of the build: the frontend is edited and rebuilt while we
 * measure, and a rebuild empties dist/ under a running benchmark.
 */
async function startOwnServer(): Promise<{ base: string; build: string }> {
  console.log('Checking the build (rebuilds when the sources changed)...');
  if (!ensureBuild((line) => console.log(line))) throw new Error('The build failed: see the messages above');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
  cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));
  const staticDir = path.join(scratch, 'dist');
  cpSync(path.join(ROOT, 'dist'), staticDir, { recursive: true });
  const build = entryScript(readFileSync(path.join(staticDir, 'index.html'), 'utf8'));

  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      COMMERCE_API_URL: '', // always the sandbox, whatever the developer's environment says
      SANDBOX_DB: ':memory:',
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // If this script dies any other way, the server must not outlive it.
  const killNow = () => server.exitCode === null && server.kill('SIGKILL');
  process.once('exit', killNow);
  cleanups.push(async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    // SIGINT: the BFF stops at once (SIGTERM would first answer 503 for a while, for a load
    // balancer there is not), then closes the sandbox (server/bff/index.ts).
    server.kill('SIGINT');
    const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  });

  // localhost, not 127.0.0.1: the session cookie is Secure, which Chromium accepts over plain http
  // only on localhost (the e2e tests do the same).
  const base = `http://localhost:${port}`;
  try {
    await waitUntilReady(base, server, 300_000);
  } catch (error) {
    console.error(output);
    throw error;
  }
  return { base, build };
}

/** An already running server (BENCH_URL): it must answer, and must not be the Vite dev server. */
async function attachToRunningServer(base: string): Promise<{ base: string; build: string }> {
  await waitUntilReady(base, undefined, 10_000);
  const html = await (await fetch(`${base}/catalog`)).text();
  if (html.includes('/@vite/client')) {
    throw new Error(`${base} is the Vite dev server (npm run dev): measure the production build (npm start)`);
  }
  return { base, build: entryScript(html) };
}

/** The entry chunk's hashed name identifies the build that was measured. */
const entryScript = (html: string) => /<script[^>]+src="([^"]+)"/.exec(html)?.[1] ?? 'unknown';

// ---------------------------------------------------------------------------------------------
// Preflight: is each URL the intended screen, and does loading it leave the data alone?
// ---------------------------------------------------------------------------------------------

/**
 * Opens each page once in a phone-sized Chromium, waits for text only the intended screen shows
 * (not 'Sessão Inválida', not an empty cart), saves a screenshot to look at, and lists any write
 * the page sends: runs must not change the order, or run 5 would measure another page than run 1.
 * It also warms the server, so the first Lighthouse run does not pay for cold server caches.
 */
async function preflight(base: string, names: string[]) {
  const shotsDir = path.join(RESULTS_DIR, 'pages-screenshots');
  mkdirSync(shotsDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const notes: Record<string, { finalUrl: string; writes: string[]; consoleErrors: string[] }> = {};
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

function isWrite(method: string, url: URL): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(method)) return false;
  return !READ_ONLY_POSTS.includes(url.pathname.replace(/\/+$/, ''));
}

// ---------------------------------------------------------------------------------------------
// One Lighthouse run
// ---------------------------------------------------------------------------------------------

type Run = {
  page: string;
  run: number;
  url: string;
  finalUrl: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
  ttiMs: number;
  jsBytes: number;
  jsRequests: number;
  totalBytes: number;
  requests: number;
  lcpElement: string;
  lcpPhases: Record<string, number>;
  failingAudits: { category: string; id: string; title: string; score: number | null; items: string[] }[];
  thirdPartyRequests: string[];
  writes: string[];
  warnings: string[];
};

let currentChrome: chromeLauncher.LaunchedChrome | undefined;
/** Set on Ctrl-C: no retry or new browser may start while we clean up. */
let stopping = false;
// Chromium runs in its own process group; it must not outlive this script however it ends.
process.once('exit', () => currentChrome?.kill());

async function killChrome() {
  const chrome = currentChrome;
  currentChrome = undefined;
  if (!chrome || chrome.process.exitCode !== null) return;
  // Wait until it is really gone: the next run must not share the two cores with a dying browser.
  const closed = new Promise((resolve) => chrome.process.once('close', resolve));
  chrome.kill();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

async function lighthouseRun(base: string, name: string, run: number): Promise<{ result: Run; lhr: Result }> {
  const spec = PAGES[name] as PageSpec;
  const url = urlOf(base, spec);
  const host = new URL(base).hostname;
  if (stopping) throw new Error('stopped');
  // A new Chromium with a new temporary profile every run: a cold cache and no session left over.
  currentChrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox', // root in a container
      '--disable-gpu', // no GPU here; avoids a crashing GPU process in headless
      `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${host}`,
    ],
    handleSIGINT: false, // our own handler also stops the server
  });
  try {
    const flags: Flags = {
      port: currentChrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      blockedUrlPatterns: BLOCKED_URL_PATTERNS,
    };
    // No config: Lighthouse's default, i.e. mobile with simulated throttling.
    const runner: RunnerResult | undefined = await lighthouse(url, flags);
    if (!runner) throw new Error('Lighthouse returned nothing');
    const { lhr } = runner;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const finalUrl = lhr.finalDisplayedUrl;
    if (new URL(finalUrl).pathname !== spec.path) {
      throw new Error(`ended on ${finalUrl}, not ${spec.path} (session refused?)`);
    }
    return { result: summarize(name, run, url, runner), lhr };
  } finally {
    await killChrome();
  }
}

/** A run with retries: a headless hiccup should not cost the whole benchmark. */
async function measure(base: string, name: string, run: number) {
  const attempts = 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(base, name, run);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= attempts || stopping)
        throw new Error(`${name} run ${run}: ${message} (after ${attempts} attempts)`);
      console.warn(`  ${name} run ${run}: ${message}; trying again`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a Lighthouse result
// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function numeric(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`audit ${id} has no value`);
  return value;
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The `items` of an audit's details (tables, lists of tables, opportunities). */
function itemsOf(details: unknown): Json[] {
  if (!isObject(details)) return [];
  if (details.type === 'list' && Array.isArray(details.items)) return details.items.flatMap(itemsOf);
  return Array.isArray(details.items) ? details.items.filter(isObject) : [];
}

/** A readable line for one audit item: a DOM node's label and snippet, a URL, or a description. */
function describe(item: Json): string {
  for (const value of Object.values(item)) {
    if (isObject(value) && value.type === 'node') {
      const label =
        typeof value.nodeLabel === 'string' ? value.nodeLabel.replace(/\s+/g, ' ').slice(0, 80) : '';
      const snippet = typeof value.snippet === 'string' ? value.snippet.slice(0, 160) : '';
      return [label && `"${label}"`, snippet].filter(Boolean).join(' ');
    }
  }
  const text = [item.description, item.source, item.url, item.value].find((v) => typeof v === 'string');
  return typeof text === 'string'
    ? text.replace(/\s+/g, ' ').slice(0, 200)
    : JSON.stringify(item).slice(0, 200);
}

function summarize(page: string, run: number, url: string, runner: RunnerResult): Run {
  const { lhr } = runner;
  const origin = new URL(url).origin;
  const requests = itemsOf(lhr.audits['network-requests']?.details);
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const bytes = (list: Json[]) =>
    list.reduce((sum, r) => sum + (typeof r.transferSize === 'number' ? r.transferSize : 0), 0);
  const thirdParty = requests
    .map((r) => String(r.url))
    .filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin);

  // LCP: the element, and where its time goes (TTFB, load delay, load time, render delay).
  const lcpItems = itemsOf(lhr.audits['largest-contentful-paint-element']?.details);
  const lcpElement = lcpItems.length ? describe(lcpItems[0] as Json) : '(none reported)';
  const lcpPhases: Record<string, number> = {};
  for (const item of lcpItems) {
    if (typeof item.phase === 'string' && typeof item.timing === 'number')
      lcpPhases[item.phase] = Math.round(item.timing);
  }

  // What keeps accessibility and best practices below 100.
  const failingAudits: Run['failingAudits'] = [];
  for (const category of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      failingAudits.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        items: itemsOf(audit.details).slice(0, 5).map(describe),
      });
    }
  }

  const writes = writesOf(runner, origin);
  return {
    page,
    run,
    url,
    finalUrl: lhr.finalDisplayedUrl,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    cls: Number(numeric(lhr, 'cumulative-layout-shift').toFixed(4)),
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    speedIndexMs: Math.round(numeric(lhr, 'speed-index')),
    ttiMs: Math.round(numeric(lhr, 'interactive')),
    jsBytes: bytes(scripts),
    jsRequests: scripts.length,
    totalBytes: bytes(requests),
    requests: requests.length,
    lcpElement,
    lcpPhases,
    failingAudits,
    thirdPartyRequests: [...new Set(thirdParty)],
    writes: writes ?? [],
    warnings: [
      ...lhr.runWarnings.map(String),
      ...(writes ? [] : ['No DevTools log in the result: writes during the run were not checked']),
    ],
  };
}

/**
 * Writes the page sent during the run, from the DevTools protocol log (its requests carry the
 * method); undefined when the log is missing (an internal artifact: a Lighthouse update may move it).
 */
function writesOf(runner: RunnerResult, origin: string): string[] | undefined {
  const log: unknown = (runner.artifacts as unknown as Json).DevtoolsLog;
  if (!Array.isArray(log)) return undefined;
  const writes: string[] = [];
  let seen = 0;
  for (const event of log) {
    if (!isObject(event) || event.method !== 'Network.requestWillBeSent' || !isObject(event.params)) continue;
    const request = event.params.request;
    if (!isObject(request) || typeof request.url !== 'string' || typeof request.method !== 'string') continue;
    seen++;
    if (!request.url.startsWith(origin)) continue;
    const url = new URL(request.url);
    if (isWrite(request.method, url)) writes.push(`${request.method} ${url.pathname}`);
  }
  return seen ? writes : undefined;
}

// ---------------------------------------------------------------------------------------------
// Medians and the printed table
// ---------------------------------------------------------------------------------------------

const METRICS = [
  'performance',
  'accessibility',
  'bestPractices',
  'lcpMs',
  'tbtMs',
  'cls',
  'fcpMs',
  'speedIndexMs',
  'ttiMs',
  'jsBytes',
  'jsRequests',
  'totalBytes',
  'requests',
] as const;
type Metric = (typeof METRICS)[number];
type Medians = Record<Metric, number>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2) return sorted[middle] as number;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function mediansOf(runs: Run[]): Medians {
  return Object.fromEntries(
    METRICS.map((metric) => [metric, median(runs.map((run) => run[metric]))]),
  ) as Medians;
}

/**
 * The run that stands for the page (its LCP element, failing audits and HTML report): the middle
 * one by performance score, ties broken by LCP, so it is a real run with the median score.
 */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)] as Run;
}

function barResults(m: Medians) {
  return [
    { bar: `performance ≥ ${BARS.performance}`, pass: m.performance >= BARS.performance },
    { bar: `accessibility ${BARS.accessibility}`, pass: m.accessibility >= BARS.accessibility },
    { bar: `best practices ${BARS.bestPractices}`, pass: m.bestPractices >= BARS.bestPractices },
    { bar: `LCP ≤ ${BARS.lcpMs} ms`, pass: m.lcpMs <= BARS.lcpMs },
    { bar: `TBT ≤ ${BARS.tbtMs} ms`, pass: m.tbtMs <= BARS.tbtMs },
    { bar: `CLS ≤ ${BARS.cls}`, pass: m.cls <= BARS.cls },
  ];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(names: string[], medians: Record<string, Medians>, runsPerPage: number) {
  const columns: [string, (m: Medians) => string][] = [
    ['perf', (m) => String(m.performance)],
    ['a11y', (m) => String(m.accessibility)],
    ['best pr.', (m) => String(m.bestPractices)],
    ['LCP ms', (m) => String(Math.round(m.lcpMs))],
    ['TBT ms', (m) => String(Math.round(m.tbtMs))],
    ['CLS', (m) => m.cls.toFixed(3)],
    ['FCP ms', (m) => String(Math.round(m.fcpMs))],
    ['SI ms', (m) => String(Math.round(m.speedIndexMs))],
    ['JS transfer', (m) => `${kb(m.jsBytes)} / ${m.jsRequests} req`],
    ['all transfer', (m) => `${kb(m.totalBytes)} / ${m.requests} req`],
    ['bars', (m) => (barResults(m).every((b) => b.pass) ? 'PASS' : 'FAIL')],
  ];
  const rows = names.map((name) => {
    const m = medians[name] as Medians;
    const cells = columns.map(([title, cell]) => (title === 'bars' && !PAGES[name]?.hasBars ? '—' : cell(m)));
    return [name, ...cells];
  });
  const header = ['page', ...columns.map(([title]) => title)];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] as string).length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(`\nMedian of ${runsPerPage} Lighthouse mobile run(s) per page (simulated slow 4G, 4× CPU):\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function cleanup() {
  await killChrome();
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await step();
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    console.error(`\n${signal}: stopping Chromium and the server...`);
    void cleanup().finally(() => process.exit(130));
  });
}

const git = (...args: string[]) =>
  spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() ?? '';

/** bench-results/ holds local measurements, never commits (another script may add the line too). */
function ignoreResultsFolder() {
  const file = path.join(ROOT, '.gitignore');
  const text = readFileSync(file, 'utf8');
  if (
    text
      .split('\n')
      .some((line) => ['bench-results', 'bench-results/', '/bench-results/'].includes(line.trim()))
  )
    return;
  writeFileSync(file, `${text.endsWith('\n') ? text : `${text}\n`}bench-results/\n`);
}

async function main() {
  const { runs, names, benchUrl } = settings();
  mkdirSync(RESULTS_DIR, { recursive: true });
  ignoreResultsFolder();

  const { base, build } = benchUrl ? await attachToRunningServer(benchUrl) : await startOwnServer();
  console.log(`\nMeasuring ${base} (build ${build}), ${runs} run(s) each of: ${names.join(', ')}`);

  console.log('\nChecking each page shows the intended screen:');
  const preflightNotes = await preflight(base, names);

  // Round-robin over the pages (run 1 of each page, then run 2...), so a burst of load from
  // something else on the machine spreads over every page instead of skewing one page's median.
  console.log('\nLighthouse runs, one at a time:');
  const runsByPage: Record<string, Run[]> = Object.fromEntries(names.map((name) => [name, []]));
  const lhrs = new Map<Run, Result>();
  for (let run = 1; run <= runs; run++) {
    for (const name of names) {
      const started = Date.now();
      const { result, lhr } = await measure(base, name, run);
      if (stopping) return;
      runsByPage[name]?.push(result);
      lhrs.set(result, lhr);
      console.log(
        `  ${name.padEnd(9)} run ${run}/${runs}: perf ${result.performance}, a11y ${result.accessibility}, ` +
          `best ${result.bestPractices}, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls} ` +
          `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  }

  const medians: Record<string, Medians> = {};
  const representative: Record<string, Run> = {};
  for (const name of names) {
    const pageRuns = runsByPage[name] as Run[];
    medians[name] = mediansOf(pageRuns);
    const chosen = medianRun(pageRuns);
    representative[name] = chosen;
    // The median run's full report, to open in a browser when hunting what to fix.
    writeFileSync(
      path.join(RESULTS_DIR, `pages-${name}.html`),
      generateReport(lhrs.get(chosen) as Result, 'html'),
    );
  }

  printTable(names, medians, runs);

  for (const name of names) {
    const m = medians[name] as Medians;
    const chosen = representative[name] as Run;
    const pageRuns = runsByPage[name] as Run[];
    console.log(`\n${name}  ${chosen.url}`);
    console.log(`  performance per run: ${pageRuns.map((r) => r.performance).join(' ')}`);
    if (PAGES[name]?.hasBars) {
      console.log(
        `  bars: ${barResults(m)
          .map((b) => `${b.pass ? 'PASS' : 'FAIL'} ${b.bar}`)
          .join(', ')}`,
      );
    }
    const phases = Object.entries(chosen.lcpPhases)
      .map(([phase, ms]) => `${phase} ${ms} ms`)
      .join(', ');
    console.log(`  LCP element (run ${chosen.run}): ${chosen.lcpElement}${phases ? `\n    ${phases}` : ''}`);
    if (!chosen.failingAudits.length) console.log('  accessibility and best practices: no failing audit');
    for (const audit of chosen.failingAudits) {
      console.log(`  FAILING ${audit.category}: ${audit.id}: ${audit.title}`);
      for (const item of audit.items) console.log(`      ${item}`);
    }
    const thirdParties = [...new Set(pageRuns.flatMap((r) => r.thirdPartyRequests))];
    if (thirdParties.length) console.log(`  third-party requests (blocked): ${thirdParties.join(', ')}`);
    const writes = [...new Set(pageRuns.flatMap((r) => r.writes))];
    if (writes.length) console.log(`  WARNING: the page wrote during the runs: ${writes.join(', ')}`);
    const warnings = [...new Set(pageRuns.flatMap((r) => r.warnings))];
    for (const warning of warnings) console.log(`  Lighthouse warning: ${warning}`);
    const consoleErrors = preflightNotes[name]?.consoleErrors ?? [];
    for (const error of consoleErrors) console.log(`  console error (preflight): ${error}`);
  }

  const first = lhrs.values().next().value as Result;
  const report = {
    date: new Date().toISOString(),
    url: base,
    build,
    commit: git('rev-parse', 'HEAD'),
    uncommittedChanges: git('status', '--porcelain').split('\n').filter(Boolean).length,
    lighthouse: first.lighthouseVersion,
    browser: first.environment.hostUserAgent,
    settings: {
      runsPerPage: runs,
      formFactor: first.configSettings.formFactor,
      throttlingMethod: first.configSettings.throttlingMethod,
      throttling: first.configSettings.throttling,
      blockedUrlPatterns: BLOCKED_URL_PATTERNS,
    },
    bars: BARS,
    pages: Object.fromEntries(
      names.map((name) => [
        name,
        {
          url: urlOf(base, PAGES[name] as PageSpec),
          hasBars: PAGES[name]?.hasBars,
          medians: medians[name],
          bars: PAGES[name]?.hasBars ? barResults(medians[name] as Medians) : undefined,
          medianRun: representative[name]?.run,
          preflight: preflightNotes[name],
          runs: runsByPage[name],
        },
      ]),
    ),
  };
  const reportFile = path.join(RESULTS_DIR, 'pages.json');
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nWrote ${path.relative(ROOT, reportFile)}, the median runs' reports (bench-results/pages-<page>.html) and screenshots (bench-results/pages-screenshots/).`,
  );
}

main()
  .then(cleanup)
  .catch(async (error: unknown) => {
    if (stopping) return; // the signal handler cleans up and exits
    console.error(`\nbench:pages failed: ${error instanceof Error ? error.message : String(error)}`);
    await cleanup();
    process.exit(1);
  });
