import type { CallName, Calls } from '../../src/contract/calls.ts';

/**
 * The policy of every call the BFF serves, in one object per call: method, timeout, rate limit,
 * circuit breaker, effects, payment and what the payment page's Content-Security-Policy must allow.
 * `CALL_POLICIES` is typed `satisfies` a record of every call name, so a call added to the contract
 * (src/contract/calls.ts) without its policy here fails the typecheck (call-policy-typecheck.test.ts
 * shows the error): nothing about a call is decided by a list it might be forgotten in.
 */

/** Each breaker group has its own circuit: a dead payment provider must not close the catalogue. */
export type BreakerGroup = 'session' | 'catalog' | 'order' | 'payment' | 'tray' | 'sandbox';

/** The rate limits (rate-limits.ts), by the family of calls they guard. */
export type LimitName =
  | 'cardPayments'
  | 'coupons'
  | 'pixCharges'
  | 'sessionOpens'
  | 'sessionTransfers'
  | 'trayLinks'
  | 'rum'
  | 'publicReads';

/**
 * The BFF keeps a call's answers (answer-cache.ts) for everyone: only a GET without a session and
 * without effects may have this, since its answer is the same whoever asks. The key is the call's
 * path parameters alone, checked and encoded again (never a header, never the query string, which is
 * not sent); only 200 and 404 envelopes are kept, a 404 for less time. A bounded LRU per call.
 */
export type AnswerCachePolicy = {
  readonly ttlMs: number;
  readonly notFoundTtlMs: number;
  readonly maxEntries: number;
};

/** Third parties a page may load (security-headers.ts holds their hosts). */
export type CspSourceName = 'mercadoPago' | 'recaptcha';

/** The calls the BFF answers itself (their rows carry a handle instead of being forwarded). */
export type OwnCallName = 'openSession' | 'resumeSession' | 'rum' | 'trayAuthorize';

/** The sandbox's own calls (server/sandbox/app.ts), served when SANDBOX_ROUTES is on. */
export type SandboxCallName =
  | 'sandboxMedia'
  | 'sandboxOutbox'
  | 'sandboxSessionCopy'
  | 'sandboxExpirePayment'
  | 'sandboxPixPaid'
  | 'sandboxPixExpire'
  | 'sandboxBoletoPdf';

export type PolicyName = CallName | OwnCallName | SandboxCallName;

type CommonPolicy = {
  readonly method: 'GET' | 'POST';
  readonly breaker: BreakerGroup;
  /** Card payments may take the provider a while: they get the longer timeout. */
  readonly timeout: 'standard' | 'payment';
  readonly rateLimit?: LimitName;
  /**
   * The call changes something upstream. A GET with effects (confirm, cancel, send to the chat) is
   * never retried; no GET is ever run for a HEAD.
   */
  readonly effects: boolean;
  /** The shopper session's bearer goes with it (the Tray calls carry none: the admin is no chat contact). */
  readonly session: boolean;
  /** Path parameters the log may show, as a keyed hash (logger.ts): catalogue ids, never a CEP or a code. */
  readonly loggedParams?: readonly string[];
  /** 'raw': the answer is streamed as is (media); otherwise it must be the JSON envelope. */
  readonly answer?: 'raw';
};

/** A payment call names the page it is made from and the third parties that page must load. */
export type CallPolicy = CommonPolicy &
  (
    | { readonly payment: true; readonly timeout: 'payment'; readonly csp: PaymentPageCsp }
    | { readonly payment?: false; readonly csp?: never }
  ) &
  // A kept answer is everyone's: only a sessionless GET without effects, answered as an envelope.
  (
    | {
        readonly cache: AnswerCachePolicy;
        readonly session: false;
        readonly effects: false;
        readonly method: 'GET';
      }
    | { readonly cache?: never }
  );

type PaymentPageCsp = { readonly page: '/order/payment'; readonly sources: readonly CspSourceName[] };

type More = Omit<Partial<CommonPolicy>, 'method'>;
const read = (breaker: BreakerGroup, more: More = {}) =>
  ({ method: 'GET', breaker, timeout: 'standard', effects: false, session: true, ...more }) as const;
const write = (breaker: BreakerGroup, more: More = {}) =>
  ({ method: 'POST', breaker, timeout: 'standard', effects: true, session: true, ...more }) as const;
/** A GET anyone may make, whose answers the BFF keeps for everyone (answer-cache.ts). */
const publicRead = (
  breaker: BreakerGroup,
  cache: AnswerCachePolicy,
  more: Pick<More, 'rateLimit' | 'loggedParams'> = {},
) => ({ ...read(breaker, more), session: false, effects: false, cache }) as const;
/** A POST that only reads (the searches): a body, no effect upstream. */
const search = (breaker: BreakerGroup) => ({ ...write(breaker), effects: false }) as const;
const ID = ['id'] as const;

/**
 * The public product read (decision 0024): a minute is fresh enough for a price shown to someone who
 * has not opened the shop yet; an unknown product is kept ten seconds, so guessing ids costs the
 * backend one call per id and ten seconds, and a product just published shows soon.
 */
const PUBLIC_PRODUCT_CACHE: AnswerCachePolicy = { ttlMs: 60_000, notFoundTtlMs: 10_000, maxEntries: 5_000 };

export const CALL_POLICIES = {
  // The BFF's own calls.
  openSession: write('session', { rateLimit: 'sessionOpens', effects: false }),
  resumeSession: read('session', { rateLimit: 'sessionOpens' }),
  rum: write('session', { rateLimit: 'rum', session: false }),
  trayAuthorize: read('tray', { session: false }),
  // The session read upstream, which only the session open makes.
  getSession: read('session'),
  getShopSettings: read('session'),
  // Catalogue.
  listCategories: read('catalog'),
  listTopProducts: read('catalog'),
  searchProducts: search('catalog'),
  listCollectionProducts: read('catalog', { loggedParams: ID }),
  searchProductsByText: search('catalog'),
  getProductFacets: read('catalog'),
  getProductsByIds: read('catalog'),
  getProduct: read('catalog', { loggedParams: ID }),
  // Order.
  getCurrentOrder: read('order'),
  updateOrderItem: write('order'),
  updateGifts: write('order'),
  confirmOrder: read('order', { effects: true }),
  sendProduct: write('order', { loggedParams: ID }),
  sendOrderSummary: read('order', { effects: true }),
  sendCatalog: read('order', { effects: true }),
  agentConfirmOrder: write('order'),
  cancelOrder: read('order', { effects: true }),
  toggleSemiAutomatic: write('order'),
  updateCustomer: write('order'),
  listLogisticOptions: read('order'),
  setLogistic: write('order'),
  setManualLogistic: write('order'),
  listStores: read('order'),
  listSellers: read('order'),
  setSeller: write('order'),
  getSchedule: read('order'),
  setSchedule: write('order'),
  applyCoupon: write('order', { rateLimit: 'coupons' }),
  applyDiscount: write('order'),
  listPriceTables: read('order'),
  setPriceTable: write('order', { loggedParams: ID }),
  lookupCep: read('order'),
  addAddress: write('order'),
  // Payment: never retried (its breaker group), the two that charge a card rate-limited per tab.
  setInstallments: write('payment'),
  payWithCard: {
    ...write('payment', { rateLimit: 'cardPayments', timeout: 'payment' }),
    timeout: 'payment',
    payment: true,
    csp: { page: '/order/payment', sources: ['recaptcha'] },
  },
  listCardOptions: read('payment'),
  changePaymentMethod: read('payment', { effects: true }),
  payWithMercadoPago: {
    ...write('payment', { rateLimit: 'cardPayments', timeout: 'payment' }),
    timeout: 'payment',
    payment: true,
    csp: { page: '/order/payment', sources: ['mercadoPago', 'recaptcha'] },
  },
  listPaymentOptions: read('payment'),
  setPaymentOnDelivery: write('payment'),
  getManualPixKey: search('payment'),
  // The Pix charge (an optional extension, decision 0023). Not `payment` calls: no card data goes
  // through them, the provider is not waited on (the backend answers what it holds), and the Pix page
  // loads no third party. The read is polled every second while a charge is pending and the page
  // visible, so it is a plain order read: the standard timeout, one retry on a failed connection,
  // limited only by the guard's per-client share. A new code and a send to the chat change something
  // upstream (a new charge, a chat message): never retried, and rate-limited per tab.
  getPixCharge: read('order'),
  renewPixCharge: write('order', { rateLimit: 'pixCharges' }),
  sendPixCharge: write('order', { rateLimit: 'pixCharges' }),
  // The chat app's extensions (decision 0024). The public product read is the one call without a
  // session: anyone may make it (the share link's page and its preview read it too, share-page.ts),
  // so it is rate-limited per client and its answers are kept for everyone.
  getShopPublicProfile: read('session'),
  getPublicProduct: publicRead('catalog', PUBLIC_PRODUCT_CACHE, {
    loggedParams: ['slug', 'productId'],
    rateLimit: 'publicReads',
  }),
  // 'Abrir no navegador': a transfer token for the tab's session, a few per tab a minute. Its
  // redemption is the session open's own upstream call (session-open.ts), never forwarded
  // (call-table.ts NOT_SERVED), like getSession: a page never sees a session code.
  createSessionTransfer: write('session', { rateLimit: 'sessionTransfers' }),
  redeemSessionTransfer: write('session', { session: false }),
  // Tray: the store admin's calls, without a shopper session.
  linkStore: write('tray', { rateLimit: 'trayLinks', session: false }),
  getLinkedChatbot: read('tray', { session: false, loggedParams: ID }),
  // Sandbox.
  sandboxMedia: read('sandbox', { loggedParams: ['file'], answer: 'raw' }),
  sandboxOutbox: read('sandbox'),
  sandboxSessionCopy: write('sandbox'),
  sandboxExpirePayment: write('sandbox'),
  sandboxPixPaid: write('sandbox'),
  sandboxPixExpire: write('sandbox'),
  // A boleto's PDF (decision 0023): the provider's public address, opened in the phone's browser,
  // where the session's cookie may not be; its name holds the boleto's token, so it is never logged.
  sandboxBoletoPdf: read('sandbox', { session: false, answer: 'raw' }),
} as const satisfies Record<PolicyName, CallPolicy> & {
  // A contract call's policy names the contract's own method.
  readonly [N in CallName]: { readonly method: Calls[N]['method'] };
};

/** The third parties each page must load, from the payment calls' policies. */
export function paymentPagesCsp(): Record<string, readonly CspSourceName[]> {
  const pages: Record<string, CspSourceName[]> = {};
  for (const policy of Object.values(CALL_POLICIES) as CallPolicy[]) {
    if (!policy.payment) continue;
    const sources = pages[policy.csp.page] ?? [];
    pages[policy.csp.page] = sources;
    for (const source of policy.csp.sources) if (!sources.includes(source)) sources.push(source);
    // One order whatever the calls' order: the policy a page gets never changes with the table's.
    sources.sort();
  }
  return pages;
}
