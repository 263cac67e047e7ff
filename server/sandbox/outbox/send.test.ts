// The operator's sends to the chat contact over real HTTP: each writes an outbox row with what the
// contact receives (built from the catalogue and the order, never from the call), listed by the
// sandbox's inspection call; only platform users may send.
import { type Answer, startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSessionHash } from '@/session/hash.ts';
import { SessionType } from '../contract.ts';
import { formatBrl } from '../rules/brl.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { addItems, openTestSession } from '../testing/fixtures.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const OPERATOR = 'demo-operator';
const OPERATOR_ONLY = 'Somente o atendente pode enviar mensagens ao contato.';

type Entry = { id: number; kind: string; payload: Record<string, unknown>; createdAt: string };

async function outbox(session: string): Promise<Entry[]> {
  const answer = await sandbox.get(`/api/sandbox/outbox?session=${encodeURIComponent(session)}`);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { data: Entry[] }).data;
}

async function lastSent(session = OPERATOR): Promise<Entry> {
  const entry = (await outbox(session)).at(-1);
  if (!entry) throw new Error('nothing sent');
  return entry;
}

/** Each send kind and the call that sends it: its answer is checked with that call's contract. */
const SEND_CALLS = {
  product: 'sendProduct',
  'order-summary': 'sendOrderSummary',
  catalog: 'sendCatalog',
} as const;

function expectSent(answer: Answer, kind: keyof typeof SEND_CALLS) {
  const data = expectData(SEND_CALLS[kind], answer) as { id: number; kind: string; createdAt: string };
  expect(data).toEqual({ id: expect.any(Number), kind, createdAt: expect.any(String) });
  return data;
}

/** The contact's session the link carries: a Contact session of the operator's contact. */
async function expectContactLink(link: unknown, path: string) {
  expect(typeof link).toBe('string');
  const url = new URL(String(link));
  expect(url.origin).toBe('http://localhost:3000');
  expect(url.pathname).toBe(path);
  const hash = parseSessionHash(url.hash);
  expect(hash.code).toMatch(/^contato-[0-9a-f]{32}$/);
  const session = expectData('getSession', await sandbox.get(`/api/session/${hash.code}`));
  expect(session.sessionType).toBe(SessionType.Contact);
  expect(session.userShop?.id).toBe('cliente-0002');
  return hash;
}

describe('POST /api/order/send/product/{id}', () => {
  it("sends the product's name, price, picture and a link to its page with the contact's session", async () => {
    const answer = await sandbox.post(
      '/api/order/send/product/1001',
      { providerId: '1001', attributes: [] },
      { session: OPERATOR },
    );
    const sent = expectSent(answer, 'product');
    const entry = await lastSent();
    expect(entry.id).toBe(sent.id);
    expect(entry.payload).toMatchObject({
      productId: '1001',
      providerId: '1001',
      name: 'Arroz Branco Tipo 1 Camil 5kg',
      price: 27.9,
      priceText: formatBrl(2790),
      imageUrl: expect.stringMatching(/^\/api\/sandbox\/media\//),
      attributes: [],
    });
    await expectContactLink(entry.payload.link, '/product/1001');
    expect(String(entry.payload.text)).toContain('Arroz Branco Tipo 1 Camil 5kg');
    // The operator's own code never goes to the contact.
    expect(JSON.stringify(entry.payload)).not.toContain(OPERATOR);
  });

  it('sends the next product to the same contact session', async () => {
    await sandbox.post(
      '/api/order/send/product/1002',
      { providerId: '1002', attributes: [] },
      { session: OPERATOR },
    );
    const [first, second] = (await outbox(OPERATOR)).slice(-2);
    expect(new URL(String(second?.payload.link)).hash.split('?')[0]).toBe(
      new URL(String(first?.payload.link)).hash.split('?')[0],
    );
  });

  it('refuses a contact, an anonymous visitor (403) and a call without session (401)', async () => {
    const body = { providerId: '1001', attributes: [] };
    expect(
      expectRefusal(
        await sandbox.post('/api/order/send/product/1001', body, { session: 'demo-shopper' }),
        403,
      ).message,
    ).toBe(OPERATOR_ONLY);
    expectRefusal(
      await sandbox.post('/api/order/send/product/1001', body, { session: 'anonymous-session' }),
      403,
    );
    expectRefusal(await sandbox.post('/api/order/send/product/1001', body), 401);
  });

  it('refuses an unknown product (404), a body naming another product or unknown attributes (400)', async () => {
    const count = (await outbox(OPERATOR)).length;
    expectRefusal(
      await sandbox.post(
        '/api/order/send/product/999999',
        { providerId: '999999', attributes: [] },
        { session: OPERATOR },
      ),
      404,
    );
    expectRefusal(
      await sandbox.post(
        '/api/order/send/product/1001',
        { providerId: '1002', attributes: [] },
        { session: OPERATOR },
      ),
      400,
    );
    expectRefusal(
      await sandbox.post(
        '/api/order/send/product/1001',
        { providerId: '1001', attributes: [{ providerId: 'cor', optionProviderId: 'azul' }] },
        { session: OPERATOR },
      ),
      400,
    );
    expectRefusal(
      await sandbox.post('/api/order/send/product/1001', { providerId: '1001' }, { session: OPERATOR }),
      400,
    );
    expect((await outbox(OPERATOR)).length).toBe(count);
  });

  it('refuses an unavailable product (409)', async () => {
    sandbox.db.exec("UPDATE products SET is_active = 0 WHERE id = '1003'");
    try {
      const refusal = expectRefusal(
        await sandbox.post(
          '/api/order/send/product/1003',
          { providerId: '1003', attributes: [] },
          { session: OPERATOR },
        ),
        409,
      );
      expect(refusal.message).toBe('Este produto está indisponível no estoque');
    } finally {
      sandbox.db.exec("UPDATE products SET is_active = 1 WHERE id = '1003'");
    }
  });
});

describe('GET /api/order/send/resume', () => {
  it('refuses an empty order (400) and a contact (403)', async () => {
    const operator = openTestSession(sandbox.db, 'operador-vazio', {
      userShopId: 'cliente-0002',
      sessionType: SessionType.PlatformUser,
    });
    expect(
      expectRefusal(await sandbox.get('/api/order/send/resume', { session: operator }), 400).message,
    ).toBe('O pedido não tem itens.');
    expect(
      expectRefusal(await sandbox.get('/api/order/send/resume', { session: 'demo-shopper' }), 403).message,
    ).toBe(OPERATOR_ONLY);
  });

  it("sends the order's items with quantities and totals, the total and a link to the contact's cart", async () => {
    const operator = openTestSession(sandbox.db, 'operador-resumo', {
      userShopId: 'cliente-0002',
      sessionType: SessionType.PlatformUser,
    });
    const orderId = addItems(sandbox.db, operator, [
      { productId: '1001', quantity: 2 },
      { productId: '1002', quantity: 1 },
    ]);
    expectSent(await sandbox.get('/api/order/send/resume', { session: operator }), 'order-summary');
    const order = expectData(
      'getCurrentOrder',
      await sandbox.get('/api/order/current', { session: operator }),
    );
    const { payload, kind } = await lastSent(operator);
    expect(kind).toBe('order-summary');
    expect(payload).toMatchObject({
      orderId: String(orderId),
      items: [
        {
          providerId: '1001',
          name: 'Arroz Branco Tipo 1 Camil 5kg',
          quantity: 2,
          totalAmout: 55.8,
          isGift: false,
        },
        { providerId: '1002', quantity: 1, totalAmout: 8.49, isGift: false },
      ],
      itemsAmout: order.itemsAmout,
      totalAmout: order.totalAmout,
      totalText: formatBrl(6429),
    });
    expect(order.totalAmout).toBe(64.29);
    expect(String(payload.text)).toContain(`2x Arroz Branco Tipo 1 Camil 5kg: ${formatBrl(5580)}`);
    expect(String(payload.text)).toContain(`Total: ${formatBrl(6429)}`);
    await expectContactLink(payload.link, '/order');
  });
});

describe('GET /api/order/send/catalog', () => {
  const sendCatalog = (query: string, session = OPERATOR) =>
    sandbox.get(`/api/order/send/catalog${query}`, { session });

  it('sends the standard catalogue when no option is given', async () => {
    expectSent(await sendCatalog(''), 'catalog');
    const { payload } = await lastSent();
    expect(payload).toMatchObject({ type: 'Standard', id: null });
    const hash = await expectContactLink(payload.link, '/catalog');
    expect(hash.catalogType).toBeUndefined();
  });

  it('opens on a category, a collection (with or without its COLLECTION_ prefix) or a search, as the SPA reads the hash', async () => {
    expectSent(await sendCatalog('?categoryId=3'), 'catalog');
    let { payload } = await lastSent();
    expect(payload).toMatchObject({ type: 'ShowCategory', id: '3', name: 'Hortifrúti' });
    expect(String(payload.link)).toMatch(
      /^http:\/\/localhost:3000\/catalog#contato-[0-9a-f]{32}\?type=ShowCategory&id=3$/,
    );
    expect(await expectContactLink(payload.link, '/catalog')).toMatchObject({
      catalogType: 'ShowCategory',
      catalogId: '3',
    });

    for (const id of ['9001', 'COLLECTION_9001']) {
      expectSent(await sendCatalog(`?collectionId=${id}`), 'catalog');
      ({ payload } = await lastSent());
      expect(payload).toMatchObject({ type: 'ShowCollection', id: '9001', name: 'Ofertas da Semana' });
    }

    expectSent(await sendCatalog(`?searchTerm=${encodeURIComponent(' café com leite ')}`), 'catalog');
    ({ payload } = await lastSent());
    expect(payload).toMatchObject({ type: 'ShowQuery', id: 'café com leite' });
    expect(await expectContactLink(payload.link, '/catalog')).toMatchObject({
      catalogType: 'ShowQuery',
      catalogId: 'café com leite',
    });
  });

  it('refuses unknown categories and collections (404), two options at once or unknown parameters (400), a contact (403)', async () => {
    const count = (await outbox(OPERATOR)).length;
    expect(expectRefusal(await sendCatalog('?categoryId=999'), 404).message).toBe(
      'Categoria não encontrada.',
    );
    expect(expectRefusal(await sendCatalog('?collectionId=999'), 404).message).toBe(
      'Coleção não encontrada.',
    );
    expectRefusal(await sendCatalog('?categoryId=3&searchTerm=arroz'), 400);
    expectRefusal(await sendCatalog('?category=3'), 400);
    expectRefusal(await sendCatalog('', 'demo-shopper'), 403);
    expect((await outbox(OPERATOR)).length).toBe(count);
  });
});

describe('GET /api/sandbox/outbox', () => {
  it("lists a session's rows oldest first, and never another session's", async () => {
    const rows = await outbox(OPERATOR);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
    for (const row of rows)
      expect(row).toEqual({
        id: expect.any(Number),
        kind: expect.any(String),
        payload: expect.any(Object),
        createdAt: expect.any(String),
      });
    expect(await outbox('demo-shopper')).toEqual([]);
    const mine = new Set(rows.map((r) => r.id));
    for (const row of await outbox('operador-resumo')) expect(mine.has(row.id)).toBe(false);
  });

  it('requires a well-formed session (400) that exists (404)', async () => {
    expectRefusal(await sandbox.get('/api/sandbox/outbox'), 400);
    expectRefusal(await sandbox.get('/api/sandbox/outbox?session=a%20b'), 400);
    expectRefusal(await sandbox.get('/api/sandbox/outbox?session=demo-operator&x=1'), 400);
    expect(expectRefusal(await sandbox.get('/api/sandbox/outbox?session=ninguem'), 404).message).toBe(
      'Sessão não encontrada.',
    );
  });
});
