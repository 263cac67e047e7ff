// Model-based test of the tab's session (issue 33), in Chromium against the real BFF and sandbox.
// fast-check drives random sequences of what shoppers, operators and visitors do: open a chat link
// (reloading at a random instant while its session opens on a slow line, or after), reload, go to
// the cart and Back and forward, open the filter panel, open a second tab, visit without a code from
// other browsers, type an item's note and confirm, leave or reload. After every step:
// - every tab works in the session of the last link opened in it (the handle its calls carry);
// - the address never holds a session code once the app has started (nor did any address the page wrote);
// - no two browsers ever share an order;
// - every quantity and note the shopper saw is what the server holds.
// A failure prints the seed, the shrunk sequence and what each step did; replay it with
// SESSION_MODEL_SEED=<seed> SESSION_MODEL_PATH=<path>. SESSION_MODEL_RUNS sets the number of sequences.
import { createHash } from 'node:crypto';
import { type Browser, type BrowserContext, devices, expect, type Page, test } from '@playwright/test';
import fc from 'fast-check';
import { freshSession } from './support/fresh-session.ts';

const RUNS = Number(process.env.SESSION_MODEL_RUNS ?? 15);
const MAX_STEPS = 7;
/** The session call on the slow line: a reload lands during it, or after it. */
const SLOW_SESSION_MS = 2500;

type Who = 'shopper' | 'operator' | 'anonymous';
type TabName = 'A0' | 'A1';
type VisitorName = 'B' | 'C';

/** What the sequence did so far: the last link each tab of browser A opened, and who visited. */
type Model = { tabs: Partial<Record<TabName, { code: string; who: Who }>>; visitors: Set<VisitorName> };

/** The browsers and tabs, what each tab last sent, and a log of what each step did. */
type Real = {
  browser: Browser;
  contexts: Partial<Record<'A' | VisitorName, BrowserContext>>;
  pages: Partial<Record<TabName | VisitorName, Page>>;
  /** The session handle of each page's latest call. */
  handles: Map<Page, string>;
  log: string[];
};

const ANONYMOUS = 'anonymous-session';
const handleOf = (code: string) => createHash('sha256').update(code).digest('base64url').slice(0, 22);
// Wall time on purpose: the model draws when a reload lands against the session's slow line, and every
// invariant must hold whenever it lands.
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cartLink = (page: Page) => page.getByRole('link', { name: /Ver carrinho/ });

/** Every address the page's history was asked to write, kept by the page itself. */
const RECORD_WRITTEN_ADDRESSES = () => {
  const written: string[] = [];
  (window as unknown as { writtenAddresses: string[] }).writtenAddresses = written;
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = History.prototype[name];
    History.prototype[name] = function (
      this: History,
      data: unknown,
      unused: string,
      url?: string | URL | null,
    ) {
      written.push(String(url ?? ''));
      return original.call(this, data, unused, url);
    };
  }
};

async function newContext(real: Real, name: 'A' | VisitorName): Promise<BrowserContext> {
  const existing = real.contexts[name];
  if (existing) return existing;
  const { use } = test.info().project;
  // A phone, as every e2e test is (playwright.config.ts), with its own cookies and storage.
  const { defaultBrowserType: _type, ...phone } = devices['Pixel 7'];
  const context = await real.browser.newContext({
    ...phone,
    baseURL: use.baseURL,
    locale: use.locale,
    timezoneId: use.timezoneId,
  });
  await context.addInitScript(RECORD_WRITTEN_ADDRESSES);
  // wa.me is outside the sandbox: the shopper's jump to the chat lands here.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title><p>WhatsApp</p>' }),
  );
  real.contexts[name] = context;
  return context;
}

async function newPage(real: Real, name: TabName | VisitorName): Promise<Page> {
  const page = await (await newContext(real, name === 'A0' || name === 'A1' ? 'A' : name)).newPage();
  page.on('request', (request) => {
    const handle = request.headers()['x-session-handle'];
    if (handle && new URL(request.url()).pathname.startsWith('/api/')) real.handles.set(page, handle);
  });
  real.pages[name] = page;
  return page;
}

async function pageOf(real: Real, name: TabName | VisitorName): Promise<Page> {
  return real.pages[name] ?? newPage(real, name);
}

/** The session's calls take SLOW_SESSION_MS on this page until the returned function is called. */
async function slowSessionLine(page: Page): Promise<() => Promise<void>> {
  const slow = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    await wait(SLOW_SESSION_MS);
    await route.continue().catch(() => {});
  };
  await page.route('**/api/session', slow);
  return () => page.unroute('**/api/session', slow);
}

/** The page has loaded its session and shows a screen of the store. */
async function settled(page: Page) {
  await expect(cartLink(page)).toBeVisible();
}

/** Back in the store when the last step left it (for the chat), as the shopper's tab would be. */
async function inStore(page: Page) {
  if (!page.url().startsWith(test.info().project.use.baseURL ?? '')) await page.goto('/catalog');
  await settled(page);
}

/** The order the server holds for the session whose handle the page's calls carry. */
async function heldOrder(page: Page, handle: string) {
  const answer = await page.request.get('/api/order/current', { headers: { 'x-session-handle': handle } });
  expect(answer.status(), `GET /api/order/current with the page's handle`).toBe(200);
  return (await answer.json()).data as {
    id: string;
    items: { index: number; name?: string; quantity: number; preferences?: string; isGift?: boolean }[];
  };
}

// ---------------------------------------------------------------------------------------------
// The invariants, after every step

async function checkInvariants(model: Model, real: Real) {
  const ordersOf: Record<'A' | VisitorName, Set<string>> = { A: new Set(), B: new Set(), C: new Set() };
  for (const [name, page] of Object.entries(real.pages) as [TabName | VisitorName, Page][]) {
    const url = new URL(page.url());
    if (url.origin !== new URL(test.info().project.use.baseURL ?? '').origin) continue;
    expect(url.hash, `${name}: the address holds no code (${page.url()})`).toBe('');
    const written = await page.evaluate(
      () => (window as unknown as { writtenAddresses?: string[] }).writtenAddresses ?? [],
    );
    expect(
      written.filter((address) => address.includes('#')),
      `${name}: no address the page wrote holds a fragment`,
    ).toEqual([]);
    await expect(page.getByRole('heading', { name: 'Sessão Inválida' })).toHaveCount(0);

    const expected = name === 'A0' || name === 'A1' ? model.tabs[name]?.code : ANONYMOUS;
    const handle = real.handles.get(page);
    if (!expected || !handle) continue;
    expect(handle, `${name}: its calls are those of the last link opened in it`).toBe(handleOf(expected));
    const stored = await page.evaluate(() => sessionStorage.getItem('storefront:session_handle'));
    expect(
      stored && (JSON.parse(stored) as { value: string }).value,
      `${name}: the tab keeps that session`,
    ).toBe(handleOf(expected));
    const browser = name === 'A0' || name === 'A1' ? 'A' : name;
    ordersOf[browser].add((await heldOrder(page, handle)).id);
  }
  for (const [one, other] of [
    ['A', 'B'],
    ['A', 'C'],
    ['B', 'C'],
  ] as const) {
    const shared = [...ordersOf[one]].filter((id) => ordersOf[other].has(id));
    expect(shared, `browsers ${one} and ${other} share no order`).toEqual([]);
  }
}

// ---------------------------------------------------------------------------------------------
// The steps

type Step = fc.AsyncCommand<Model, Real>;

/** A step in a tab of browser A that has opened a link already. */
abstract class TabStep implements Step {
  readonly tab: TabName;
  constructor(tab: TabName) {
    this.tab = tab;
  }
  check = (model: Readonly<Model>) => model.tabs[this.tab] !== undefined;
  abstract run(model: Model, real: Real): Promise<void>;
}

class OpenLink implements Step {
  readonly tab: TabName;
  readonly who: 'shopper' | 'operator';
  /** When the shopper reloads after tapping the link (ms), on the slow line; null: no reload. */
  readonly reloadAt: number | null;
  constructor(tab: TabName, who: 'shopper' | 'operator', reloadAt: number | null) {
    this.tab = tab;
    this.who = who;
    this.reloadAt = reloadAt;
  }
  check = () => true;
  async run(model: Model, real: Real) {
    const page = await pageOf(real, this.tab);
    const code = await freshSession(page.request, this.who === 'shopper' ? 'demo-shopper' : 'demo-operator');
    if (this.reloadAt === null) {
      await page.goto(`/catalog#${code}`);
    } else {
      const fast = await slowSessionLine(page);
      await page.goto(`/catalog#${code}`, { waitUntil: 'commit' });
      await wait(this.reloadAt);
      await page.reload({ waitUntil: 'commit' });
      await settled(page);
      await fast();
    }
    await settled(page);
    model.tabs[this.tab] = { code, who: this.who };
    real.log.push(`${this}: ${code}`);
    await checkInvariants(model, real);
  }
  toString = () =>
    `OpenLink(${this.tab}, ${this.who}${this.reloadAt === null ? '' : `, reload at ${this.reloadAt} ms`})`;
}

class Reload extends TabStep {
  /** A second reload this long after the first, while its session call is on the slow line. */
  readonly againAt: number | null;
  constructor(tab: TabName, againAt: number | null) {
    super(tab);
    this.againAt = againAt;
  }
  async run(model: Model, real: Real) {
    const page = await pageOf(real, this.tab);
    const fast = await slowSessionLine(page);
    await page.reload({ waitUntil: 'commit' });
    if (this.againAt !== null) {
      await wait(this.againAt);
      await page.reload({ waitUntil: 'commit' });
    }
    await settled(page);
    await fast();
    real.log.push(`${this}`);
    await checkInvariants(model, real);
  }
  toString = () => `Reload(${this.tab}${this.againAt === null ? '' : `, again at ${this.againAt} ms`})`;
}

class CartThenBackAndForward extends TabStep {
  async run(model: Model, real: Real) {
    const page = await pageOf(real, this.tab);
    await inStore(page);
    await cartLink(page).click();
    await expect(page).toHaveURL(/\/order(\/checkout)?$/);
    await settled(page);
    await page.goBack();
    await settled(page);
    await page.goForward();
    await settled(page);
    real.log.push(`${this}: ${new URL(page.url()).pathname}`);
    await checkInvariants(model, real);
  }
  toString = () => `CartThenBackAndForward(${this.tab})`;
}

class FilterPanel extends TabStep {
  async run(model: Model, real: Real) {
    const page = await pageOf(real, this.tab);
    await inStore(page);
    // On the catalogue the link landed on, or back to it through the logo.
    if (new URL(page.url()).pathname !== '/catalog') {
      await page.getByRole('link', { name: 'Ir para o catálogo' }).click();
      await expect(page).toHaveURL(/\/catalog$/);
    }
    await page.getByRole('button', { name: 'Filtrar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Fechar' })).toBeVisible();
    expect(new URL(page.url()).hash, 'the open filter panel puts no code in the address').toBe('');
    await page.getByRole('button', { name: 'Fechar' }).click();
    await expect(page.getByRole('button', { name: 'Fechar' })).toBeHidden();
    real.log.push(`${this}`);
    await checkInvariants(model, real);
  }
  toString = () => `FilterPanel(${this.tab})`;
}

class NewTabWithoutCode implements Step {
  check = () => true;
  async run(model: Model, real: Real) {
    await real.pages.A1?.close();
    real.pages.A1 = undefined;
    const page = await newPage(real, 'A1');
    await page.goto('/catalog');
    await settled(page);
    model.tabs.A1 = { code: ANONYMOUS, who: 'anonymous' };
    real.log.push(`${this}`);
    await checkInvariants(model, real);
  }
  toString = () => 'NewTabWithoutCode(A1)';
}

class VisitorWithoutCode implements Step {
  readonly visitor: VisitorName;
  readonly adds: boolean;
  constructor(visitor: VisitorName, adds: boolean) {
    this.visitor = visitor;
    this.adds = adds;
  }
  check = () => true;
  async run(model: Model, real: Real) {
    const page = await pageOf(real, this.visitor);
    await page.goto('/catalog');
    await settled(page);
    if (this.adds) {
      const add = page.getByRole('button', { name: /^Adicionar .+ ao carrinho$/ }).first();
      await add.click();
      await expect(page.getByText('Produto adicionado ao carrinho').first()).toBeVisible();
    }
    model.visitors.add(this.visitor);
    real.log.push(`${this}`);
    await checkInvariants(model, real);
  }
  toString = () => `VisitorWithoutCode(${this.visitor}${this.adds ? ', adds a product' : ''})`;
}

class TypeNote extends TabStep {
  readonly text: string;
  readonly afterwards: 'confirm' | 'leave' | 'reload';
  constructor(tab: TabName, text: string, afterwards: 'confirm' | 'leave' | 'reload') {
    super(tab);
    this.text = text;
    this.afterwards = afterwards;
  }
  override check = (model: Readonly<Model>) => model.tabs[this.tab]?.who === 'shopper';
  async run(model: Model, real: Real) {
    const page = await pageOf(real, this.tab);
    await inStore(page);
    await cartLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeVisible();
    const line = page.getByRole('list', { name: 'Itens do pedido' }).getByRole('listitem').first();
    const name = (await line.locator('.cart-lines__name').textContent()) ?? '';
    const handle = real.handles.get(page) ?? '';
    // The quantities the shopper sees are the server's.
    const shown = await page
      .getByRole('spinbutton', { name: 'Quantidade' })
      .evaluateAll((inputs) => inputs.map((input) => Number((input as HTMLInputElement).value)));
    const before = await heldOrder(page, handle);
    expect(shown, 'the quantities on screen are the server’s').toEqual(
      before.items.filter((item) => !item.isGift).map((item) => item.quantity),
    );

    await line.getByRole('button', { name: /^(Adicionar|Editar) observação/ }).click();
    await line.getByRole('textbox', { name: 'Observações' }).fill(this.text);
    if (this.afterwards === 'confirm') {
      await page.getByRole('button', { name: 'Confirmar pedido' }).click();
      await page.waitForURL(/^https:\/\/wa\.me\//);
    } else if (this.afterwards === 'leave') {
      await page.goto('/catalog');
    } else {
      await page.reload();
    }
    await expect
      .poll(
        async () => (await heldOrder(page, handle)).items.find((item) => item.name === name)?.preferences,
        { message: `the server holds the note typed on ${name}` },
      )
      .toBe(this.text);
    real.log.push(`${this}: ${name}`);
    await inStore(page);
    await checkInvariants(model, real);
  }
  toString = () => `TypeNote(${this.tab}, ${JSON.stringify(this.text)}, then ${this.afterwards})`;
}

const tab = fc.constantFrom<TabName>('A0', 'A1');
const openLink = fc
  .tuple(
    tab,
    fc.constantFrom<'shopper' | 'operator'>('shopper', 'operator'),
    // Half the links are reloaded while they open (or just after), half are not.
    fc.option(fc.constantFrom(150, 600, 1200, 2000, 3200), { freq: 2 }),
  )
  .map(([t, who, reloadAt]) => new OpenLink(t, who, reloadAt));
const filterPanel = tab.map((t) => new FilterPanel(t));
// Opening links and the filter panel come twice as often: what lands right after a link is where
// the session and the address are most fragile.
const steps = [
  openLink,
  openLink,
  fc.tuple(tab, fc.option(fc.constantFrom(300, 1500))).map(([t, again]) => new Reload(t, again)),
  tab.map((t) => new CartThenBackAndForward(t)),
  filterPanel,
  filterPanel,
  fc.constant(new NewTabWithoutCode()),
  fc
    .tuple(fc.constantFrom<VisitorName>('B', 'C'), fc.boolean())
    .map(([v, adds]) => new VisitorWithoutCode(v, adds)),
  fc
    .tuple(
      tab,
      fc.constantFrom('Sem cebola', 'Bem madura', 'Entregar pela manhã'),
      fc.integer({ min: 1, max: 999 }),
      fc.constantFrom<'confirm' | 'leave' | 'reload'>('confirm', 'leave', 'reload'),
    )
    .map(([t, text, n, then]) => new TypeNote(t, `${text} ${n}`, then)),
];

/** How long the shrinking of a failed sequence may take: each try replays it in the browser. */
const SHRINK_BUDGET_MS = 6 * 60_000;

test.describe('the tab’s session, over random sequences of links, reloads, tabs and visitors', () => {
  test(`over ${RUNS} sequences: each tab keeps its last link’s session, no code in the address, no shared order, nothing typed lost`, async ({
    browser,
  }) => {
    test.setTimeout(RUNS * 90_000 + SHRINK_BUDGET_MS + 60_000);
    const seed = process.env.SESSION_MODEL_SEED ? Number(process.env.SESSION_MODEL_SEED) : undefined;
    const path = process.env.SESSION_MODEL_PATH;
    let runs = 0;
    const property = fc.asyncProperty(
      // Every sequence starts with a link opened in a tab, reloaded during its opening or not.
      openLink,
      fc.commands(steps, { maxCommands: MAX_STEPS }),
      async (first, rest) => {
        runs += 1;
        const real: Real = { browser, contexts: {}, pages: {}, handles: new Map(), log: [] };
        const model: Model = { tabs: {}, visitors: new Set() };
        try {
          await fc.asyncModelRun(() => ({ model, real }), [first, ...rest]);
        } catch (error) {
          throw new Error(`${(error as Error).message}\nsteps taken:\n${real.log.join('\n')}`);
        } finally {
          for (const context of Object.values(real.contexts)) await context?.close();
        }
        if (process.env.SESSION_MODEL_VERBOSE) process.stdout.write(`${real.log.join('\n')}\n\n`);
      },
    );
    // First the sequences, stopping at the first failure; then that failure shrunk, within a budget
    // (every try is a replay in the browser), and reported with its seed, path and steps.
    const found = await fc.check(property, {
      numRuns: RUNS,
      ...(seed !== undefined ? { seed } : {}),
      ...(path ? { path } : {}),
      endOnFailure: true,
    });
    if (found.failed) {
      await fc.assert(property, {
        seed: found.seed,
        ...(found.counterexamplePath ? { path: found.counterexamplePath } : {}),
        interruptAfterTimeLimit: SHRINK_BUDGET_MS,
        markInterruptAsFailure: true,
      });
    }
    expect(found.failed, 'the sequences found no failure').toBe(false);
    expect(runs).toBeGreaterThanOrEqual(RUNS);
  });
});
