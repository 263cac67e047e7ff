// Every call of the contract registry answers successfully THROUGH THE BFF against the real sandbox,
// as a browser tab calls it: the tab opens its session (cookie + handle), then sends the cookie and
// the handle header on every /api call; the Tray calls carry no session at all. Each call is checked
// against the registry (method and path) and its answer parsed with the call's envelope schema. The
// last test proves no call of the registry was left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerSchemaOf,
  type CallData,
  type CallName,
  calls,
  type HttpMethod,
} from '../../src/contract/calls.ts';
import { LogisticFormValue, OrderState, PaymentMethod, PaymentStatus } from '../../src/contract/enums.ts';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import {
  openSessionCall,
  startTestBff,
  startTestSandbox,
  type TestSandbox,
} from '../../tests/server-harness.ts';
import { approvedCardPayload } from '../sandbox/testing/fixtures.ts';

let sandbox: TestSandbox;
let bff: Awaited<ReturnType<typeof startTestBff>>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  bff = await startTestBff({ upstreamUrl: sandbox.url });
});
afterAll(async () => {
  await bff?.stop();
  await sandbox?.close();
});

// ---------------------------------------------------------------------------------------------
// A browser tab

type Reply = { method: HttpMethod; path: string; status: number; body: unknown };
type Call = (method: HttpMethod, path: string, body?: unknown) => Promise<Reply>;

/** Every session code this file opens: none may reach the BFF's log. */
const openedCodes = new Set<string>();
/** The registry calls answered successfully so far. */
const exercised = new Set<CallName>();

async function send(method: HttpMethod, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${bff.url}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text: the assertion on the answer shows it.
  }
  return { method, path, status: response.status, body: parsed };
}

/**
 * Opens a session like a tab does (POST /api/session with the code in the body: the answer sets the
 * cookie and gives the handle) and returns the tab's `call`, which sends the cookie and the handle header.
 */
async function openTab(code: string): Promise<Call> {
  openedCodes.add(code);
  const response = await openSessionCall(bff.url, code);
  const body: unknown = await response.json();
  // The registry's call (GET /api/session/{code}) is the one the BFF makes upstream for the tab's open.
  succeeded('getSession', { method: 'GET', path: `/api/session/${code}`, status: response.status, body });
  const handle = response.headers.get(SESSION_HANDLE_HEADER) ?? '';
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  expect(handle).not.toBe('');
  expect(cookie).toMatch(new RegExp(`^__Host-sf_s_${handle}=`));
  return (method, callPath, callBody) =>
    send(method, callPath, { cookie, [SESSION_HANDLE_HEADER]: handle }, callBody);
}

/** The Tray admin page's calls: no chat session, no cookie (the admin is no chat contact). */
const withoutSession: Call = (method, path, body) => send(method, path, {}, body);

/** The registry path as a pattern: `:param` is one segment; trailing slash and query are free. */
function registryPathPattern(path: string): RegExp {
  const escaped = path
    .replace(/\/$/, '')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:[A-Za-z0-9_]+/g, '[^/?]+');
  return new RegExp(`^${escaped}/?(\\?.*)?$`);
}

/**
 * The reply is a success of the named call: sent with the registry's method to the registry's path,
 * HTTP 200, and the body parses with the call's envelope schema with success true. Returns the data.
 */
function succeeded<N extends CallName>(name: N, reply: Reply): CallData<N> {
  const call = calls[name];
  expect(reply.method, `${name}: method`).toBe(call.method);
  expect(reply.path, `${name}: path`).toMatch(registryPathPattern(call.path));
  expect(reply.status, `${name}: ${JSON.stringify(reply.body)}`).toBe(200);
  const parsed = answerSchemaOf(name).safeParse(reply.body);
  expect(parsed.success, `${name}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`).toBe(true);
  expect((reply.body as { success?: unknown }).success, name).toBe(true);
  exercised.add(name);
  return (reply.body as { data: CallData<N> }).data;
}

// ---------------------------------------------------------------------------------------------
// Test data

const CARD_NUMBER = '4111111111111111';

const card = {
  ...approvedCardPayload({ providerId: 'cartao-loja', installments: 2 }),
  number: CARD_NUMBER,
  name: 'TITULAR TODAS AS CHAMADAS',
  securityCode: '739',
};

/** The operator's contact, valid as the agent's form sends it. */
const contact = {
  name: 'Carlos Eduardo Lima',
  email: 'carlos.lima@exemplo.com.br',
  document: '111.444.777-35',
  isCorporate: false,
};

// ---------------------------------------------------------------------------------------------

describe('every call of the registry through the BFF', () => {
  it('the shopper browses the catalogue: settings, categories, top products, search, collection, facets, product pages', async () => {
    const shopper = await openTab('demo-shopper');

    const settings = succeeded('getShopSettings', await shopper('GET', '/api/shop/settings'));
    expect(settings).toBeTruthy();
    const categories = succeeded(
      'listCategories',
      await shopper('GET', '/api/catalog/categories?perPage=50'),
    );
    expect(categories.length).toBeGreaterThan(0);
    const top = succeeded(
      'listTopProducts',
      await shopper('GET', '/api/catalog/top?pageNumber=0&perPage=10'),
    );
    expect(top.data?.length).toBeGreaterThan(0);
    const page = succeeded(
      'searchProducts',
      await shopper('POST', '/api/catalog/products/search', { category: '1', pageNumber: 0, perPage: 4 }),
    );
    expect(page.data).toHaveLength(4);
    const collection = succeeded(
      'listCollectionProducts',
      await shopper('GET', '/api/catalog/products/collections/9001?pageNumber=0&perPage=10'),
    );
    expect(collection.data?.length).toBeGreaterThan(0);
    const found = succeeded(
      'searchProductsByText',
      await shopper('POST', '/api/catalog/products/searchText', { searchQuery: 'arroz', perPage: 10 }),
    );
    expect(found.data?.length).toBeGreaterThan(0);
    succeeded('getProductFacets', await shopper('GET', '/api/catalog/products/facets?searchQuery=1'));
    const byIds = succeeded(
      'getProductsByIds',
      await shopper('GET', '/api/catalog/products/byids/1001,1002'),
    );
    expect(byIds.map((p) => p.providerId)).toEqual(['1001', '1002']);
    const product = succeeded('getProduct', await shopper('GET', '/api/catalog/products/1001'));
    expect(product.providerId).toBe('1001');
  });

  it('the shopper fills the cart, chooses a gift and applies a coupon', async () => {
    const shopper = await openTab('demo-shopper');

    const before = succeeded('getCurrentOrder', await shopper('GET', '/api/order/current'));
    expect(before.items.length).toBeGreaterThan(0);
    // Two more bags of rice take the order past R$ 100,00, where the gift group opens.
    const order = succeeded(
      'updateOrderItem',
      await shopper('POST', '/api/order/items/', { providerId: '1001', quantity: 2 }),
    );
    const group = order.gifts?.[0];
    const gift = group?.availableGifts?.[0];
    expect(group && gift, JSON.stringify(order.gifts)).toBeTruthy();
    const withGift = succeeded(
      'updateGifts',
      await shopper('POST', '/api/order/gift/', {
        id: group?.id,
        selectedGifts: [{ id: gift?.id, index: 0 }],
      }),
    );
    expect(withGift.items.some((i) => i.isGift)).toBe(true);
    const withCoupon = succeeded(
      'applyCoupon',
      await shopper('POST', '/api/order/coupon/?coupon=BEMVINDO10'),
    );
    expect(withCoupon.coupon).toBe('BEMVINDO10');
  });

  it('the shopper checks out: contact data, CEP, new address, delivery options, stores, payment options', async () => {
    const shopper = await openTab('demo-shopper');

    succeeded(
      'updateCustomer',
      await shopper('POST', '/api/customer/update', {
        name: 'Mariana Souza Oliveira',
        email: 'mariana.oliveira@exemplo.com.br',
        document: '529.982.247-25',
        isCorporate: false,
      }),
    );
    const cep = succeeded('lookupCep', await shopper('GET', '/api/order/address/cep/20040-020'));
    expect(cep.city).toBe('Rio de Janeiro');
    const addresses = succeeded(
      'addAddress',
      await shopper('POST', '/api/order/address/', {
        name: 'Casa da praia',
        zipCode: '20040-020',
        street: 'Praça Pio X',
        number: '10',
        neighborhood: 'Centro',
        city: 'Rio de Janeiro',
        state: 'RJ',
      }),
    );
    expect(addresses.some((a) => a.name === 'Casa da praia')).toBe(true);
    const options = succeeded(
      'listLogisticOptions',
      await shopper('GET', '/api/order/logistic/?type=1&code=01310-200&number=900'),
    );
    const delivery = options[0];
    expect(delivery?.providerId).toBeTruthy();
    const withDelivery = succeeded(
      'setLogistic',
      await shopper('POST', '/api/order/logistic/', {
        providerId: delivery?.providerId,
        type: LogisticFormValue.Delivery,
        addressIndex: 0,
      }),
    );
    expect(withDelivery.logistic?.providerId).toBe(delivery?.providerId);
    const stores = succeeded('listStores', await shopper('GET', '/api/order/stores/'));
    expect(stores.length).toBeGreaterThan(0);
    const payments = succeeded('listPaymentOptions', await shopper('GET', '/api/order/payments/'));
    const machine = payments.find((o) => o.payOnDelivery && o.group !== 'Dinheiro');
    expect(machine).toBeDefined();
    const onDelivery = succeeded(
      'setPaymentOnDelivery',
      await shopper('POST', '/api/order/payment/delivery', {
        type: machine?.group,
        providerId: machine?.providerId,
      }),
    );
    expect(onDelivery.payment?.method).toBe(PaymentMethod.OnDelivery);
  });

  it('the shopper pays by card: card options, installments, change of method, then the approved payment', async () => {
    const shopper = await openTab('demo-shopper');

    const [cardOption] = succeeded('listCardOptions', await shopper('GET', '/api/order/payment/credit'));
    expect(cardOption?.installments?.some((i) => i.count === 2)).toBe(true);
    const choose = () =>
      shopper('POST', '/api/order/payment/credit/installments', {
        providerId: 'cartao-loja',
        installments: 2,
      });
    expect(succeeded('setInstallments', await choose()).payment?.installments).toBe(2);
    succeeded('changePaymentMethod', await shopper('GET', '/api/order/payment/update'));
    succeeded('setInstallments', await choose());
    // Last on this session: an approved payment finishes the order.
    const paid = succeeded('payWithCard', await shopper('POST', '/api/order/payment/credit', card));
    expect(paid).toMatchObject({ status: PaymentStatus.Paid, failureType: null });
  });

  it('a Mercado Pago shopper pays with the brick', async () => {
    const shopper = await openTab('demo-mercadopago');
    const order = succeeded('getCurrentOrder', await shopper('GET', '/api/order/current'));
    const paid = succeeded(
      'payWithMercadoPago',
      await shopper('POST', '/api/order/payment/mercadoPago', {
        token: 'APRO-todas-as-chamadas',
        payment_method_id: 'visa',
        issuer_id: '25',
        installments: 1,
        transaction_amount: order.totalAmout ?? undefined,
        payer: {
          email: 'isabela.cardoso@exemplo.com.br',
          identification: { type: 'CPF', number: '11144477735' },
        },
      }),
    );
    expect(paid?.status).toBe(PaymentStatus.Paid);
  });

  it('a manual-payment shop answers its PIX key', async () => {
    const operator = await openTab('demo-pagamento-manual');
    expect(succeeded('getManualPixKey', await operator('POST', '/api/order/pix/manual'))).toBeTruthy();
  });

  it('a shop with stores and a schedule: sellers for the CEP, a seller, the schedule and an open slot', async () => {
    const operator = await openTab('demo-lojas');

    const sellers = succeeded(
      'listSellers',
      await operator('GET', '/api/order/seller/?type=1&code=01310-200'),
    );
    const seller = sellers[0];
    expect(seller?.providerId).toBeTruthy();
    const withSeller = succeeded(
      'setSeller',
      await operator('POST', '/api/order/seller/', { providerId: seller?.providerId }),
    );
    expect(withSeller.seller?.providerId).toBe(seller?.providerId);

    // The slots close with the real clock; the days span a week, so a later day always has one open.
    const schedule = succeeded('getSchedule', await operator('GET', '/api/order/schedule'));
    const days = schedule.times ?? [];
    expect(days.length).toBeGreaterThan(1);
    const open = days
      .flatMap((day) => (day.options ?? []).map((slot) => ({ day, slot })))
      .find(({ slot }) => slot.enabled === true);
    expect(open, JSON.stringify(days)).toBeDefined();
    const chosen = succeeded(
      'setSchedule',
      await operator('POST', '/api/order/schedule', {
        day: open?.day.date ?? open?.day.header,
        startTime: open?.slot.startTime,
        endTime: open?.slot.endTime,
      }),
    );
    expect(chosen.times?.length).toBe(days.length);
  });

  it('an operator with manual prices gives a discount and sets the freight by hand', async () => {
    const operator = await openTab('demo-precos-manuais');

    const discounted = succeeded('applyDiscount', await operator('POST', '/api/order/discount?discount=2'));
    expect(discounted.discountAmout).toBeGreaterThanOrEqual(2);
    const manual = succeeded(
      'setManualLogistic',
      await operator('POST', '/api/order/logistic/manual', {
        logistic: { type: LogisticFormValue.PickUp, price: 0, providerId: 'loja-centro' },
      }),
    );
    expect(manual.logistic?.storePickUpAddress?.providerId).toBe('loja-centro');
  });

  it('the operator sends to the contact, switches the flow, uses a price table and confirms the order', async () => {
    const operator = await openTab('demo-operator');

    succeeded(
      'updateOrderItem',
      await operator('POST', '/api/order/items/', { providerId: '1001', quantity: 2 }),
    );
    succeeded(
      'sendProduct',
      await operator('POST', '/api/order/send/product/1001', { providerId: '1001', attributes: [] }),
    );
    succeeded('sendOrderSummary', await operator('GET', '/api/order/send/resume'));
    succeeded('sendCatalog', await operator('GET', '/api/order/send/catalog?categoryId=3'));
    succeeded('toggleSemiAutomatic', await operator('POST', '/api/order/semiautomatic'));

    const tables = succeeded('listPriceTables', await operator('GET', '/api/order/price-tables'));
    const table = tables[0];
    expect(table?.id).toBeTruthy();
    const repriced = succeeded(
      'setPriceTable',
      await operator('POST', `/api/order/price-tables/${table?.id}`),
    );
    expect(repriced.providerPriceTableId).toBe(table?.id);

    succeeded(
      'setLogistic',
      await operator('POST', '/api/order/logistic/', {
        providerId: 'retirada-pinheiros',
        type: LogisticFormValue.PickUp,
      }),
    );
    const confirmed = succeeded(
      'agentConfirmOrder',
      await operator('POST', '/api/order/confirm', { ...contact, paymentMethod: PaymentMethod.CreditCard }),
    );
    expect(confirmed).toMatchObject({ status: OrderState.Received });
  });

  it('a shopper sends the cart to the shop; another cancels the order', async () => {
    const confirming = await openTab('demo-cnpj');
    expect(succeeded('confirmOrder', await confirming('GET', '/api/order/confirm'))).toMatchObject({
      status: OrderState.Received,
    });

    const cancelling = await openTab('demo-messenger');
    const cancelled = succeeded('cancelOrder', await cancelling('GET', '/api/order/cancel'));
    expect(cancelled.status).toBe(OrderState.Canceled);
  });

  it('an operator finishes with Pix: reads the charge, sends the code to the chat, and asks for a new one once it expired', async () => {
    const copy = await sandbox.post('/api/sandbox/sessions', { from: 'demo-operator' });
    const code = (copy.body as { data: { code: string } }).data.code;
    const operator = await openTab(code);
    succeeded(
      'updateOrderItem',
      await operator('POST', '/api/order/items/', { providerId: '1001', quantity: 1 }),
    );
    succeeded(
      'setLogistic',
      await operator('POST', '/api/order/logistic/', {
        providerId: 'retirada-pinheiros',
        type: LogisticFormValue.PickUp,
      }),
    );
    succeeded(
      'agentConfirmOrder',
      await operator('POST', '/api/order/confirm', { ...contact, paymentMethod: PaymentMethod.Pix }),
    );
    const charge = succeeded('getPixCharge', await operator('GET', '/api/order/pix/charge'));
    expect(charge.status).toBe('pending');
    succeeded('sendPixCharge', await operator('POST', '/api/order/pix/charge/send'));
    // The provider's side is the sandbox's own: the code's deadline now, then 'Gerar novo Pix'.
    expect((await sandbox.post('/api/sandbox/pix/expire', { txid: charge.txid })).status).toBe(200);
    const renewed = succeeded('renewPixCharge', await operator('POST', '/api/order/pix/charge'));
    expect(renewed).toMatchObject({ status: 'pending', amount: charge.amount });
    expect(renewed.txid).not.toBe(charge.txid);
  });

  it("a shopper reads the shop's public profile, and anyone its share link's product, with no session", async () => {
    const shopper = await openTab('demo-shopper');
    const profile = succeeded('getShopPublicProfile', await shopper('GET', '/api/shop/public-profile'));
    const page = succeeded(
      'getPublicProduct',
      await withoutSession('GET', `/api/public/shops/${profile.slug}/products/1001`),
    );
    expect(page.product.providerId).toBe('1001');
  });

  it('a shopper continues in the phone’s browser: a transfer token opens the same session there, once', async () => {
    const copy = await sandbox.post('/api/sandbox/sessions', { from: 'demo-shopper' });
    const code = (copy.body as { data: { code: string } }).data.code;
    const webview = await openTab(code);
    const { token } = succeeded('createSessionTransfer', await webview('POST', '/api/session/transfer'));
    // The registry's redemption is the one the BFF makes upstream for an open with `{ transfer }`:
    // the phone's browser gets the session (as a chat link's open answers it), never the code.
    const opened = await send('POST', '/api/session', {}, { transfer: token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(answerSchemaOf('getSession').safeParse(opened.body).success).toBe(true);
    expect(JSON.stringify(opened.body)).not.toContain(code);
    exercised.add('redeemSessionTransfer');
    expect((await send('POST', '/api/session', {}, { transfer: token })).status).toBe(404);
  });

  it('the Tray admin links a store and looks it up, with no session', async () => {
    succeeded(
      'linkStore',
      await withoutSession('POST', '/tray/link-store', {
        admUser: '7',
        code: 'c0d1g0-todas-as-chamadas',
        apiAddress: 'https://www.lojadotreze.com.br/web_api',
        storeHost: 'https://www.lojadotreze.com.br',
        store: '391313',
        chatbotId: 'chatbot-1313',
        chatbotToken: 'token-secreto-todas-as-chamadas',
      }),
    );
    expect(succeeded('getLinkedChatbot', await withoutSession('GET', '/tray/link-store/391313'))).toBe(
      'chatbot-1313',
    );
  });

  it('exercised every call of the registry, and the BFF logged no session code, card or Tray secret', () => {
    expect([...exercised].sort()).toEqual(Object.keys(calls).sort());
    const logs = bff.logs.text;
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [
      ...openedCodes,
      CARD_NUMBER,
      'securityCode',
      'token-secreto-todas-as-chamadas',
      'c0d1g0-todas-as-chamadas',
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});
