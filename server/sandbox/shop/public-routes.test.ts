// The chat app's extensions in the sandbox (src/contract/calls/chat-app.ts, decision 0024): the
// session's shop's public profile, and the public read of a product by shop that a share link's page
// and preview show. The public read takes no session and exposes only what a product page shows.
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_SLUG_PATTERN } from '../contract.ts';
import { SCENARIO_SHOPS } from '../seed/scenarios.ts';
import { SHOP_CHAT, SHOP_COLORS } from '../seed/shop.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';

let sandbox: TestSandbox;
let without: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  without = await startTestSandbox({ chatApp: false });
});
afterAll(async () => {
  await sandbox.close();
  await without.close();
});

const RICE = '/api/public/shops/emporio-bom-preco/products/1001';

describe('GET /api/shop/public-profile', () => {
  it("answers the session's shop slug, name and its four chat addresses", async () => {
    const profile = expectData(
      'getShopPublicProfile',
      await sandbox.get('/api/shop/public-profile', { session: 'demo-shopper' }),
    );
    expect(profile).toEqual({ slug: 'emporio-bom-preco', name: 'Empório Bom Preço', chat: SHOP_CHAT });
    expect(profile.chat?.whatsApp).toMatch(/^55\d{10,11}$/);
    expect(profile.chat?.webChat).toMatch(/^https:\/\//);
  });

  it('answers no chat for the shop that has none (demo-sem-chat)', async () => {
    const profile = expectData(
      'getShopPublicProfile',
      await sandbox.get('/api/shop/public-profile', { session: 'demo-sem-chat' }),
    );
    expect(profile).toEqual({ slug: 'emporio-sem-chat', name: 'Empório Bom Preço' });
  });

  it('gives every seeded shop a slug its share links can carry', () => {
    const rows = sandbox.db.prepare('SELECT id, slug FROM shops').all() as { id: string; slug: string }[];
    expect(rows.length).toBe(1 + SCENARIO_SHOPS.length);
    for (const row of rows) expect(row.slug, row.id).toMatch(SHOP_SLUG_PATTERN);
  });

  it('refuses a call without a session (401) and a session without shop data (404)', async () => {
    expectRefusal(await sandbox.get('/api/shop/public-profile'), 401);
    expectRefusal(await sandbox.get('/api/shop/public-profile', { session: 'no-shop-session' }), 404);
  });
});

describe('GET /api/public/shops/:slug/products/:productId', () => {
  it("answers the product page's name, price, pictures and description with the shop's branding and chats, without a session", async () => {
    const page = expectData('getPublicProduct', await sandbox.get(RICE));
    expect(page.shop).toEqual({
      slug: 'emporio-bom-preco',
      name: 'Empório Bom Preço',
      style: {
        defaultColor: SHOP_COLORS.primary,
        secondaryColor: SHOP_COLORS.secondary,
        urlLogo: expect.any(String),
      },
      chat: SHOP_CHAT,
    });
    expect(page.product).toEqual({
      providerId: '1001',
      name: 'Arroz Branco Tipo 1 Camil 5kg',
      description: expect.any(String),
      price: 27.9,
      images: expect.arrayContaining([{ url: expect.stringMatching(/^\/api\/sandbox\/media\//) }]),
      isActive: true,
    });
    // The same as the product page a session reads.
    const product = expectData(
      'getProduct',
      await sandbox.get('/api/catalog/products/1001', { session: 'demo-shopper' }),
    );
    expect(page.product.description).toBe(product.description?.trim());
    expect(page.product.images).toEqual(product.images);
  });

  it('exposes only what a product page shows: no stock, seller, rules or session data', async () => {
    const answer = await sandbox.get(RICE);
    expect(Object.keys((answer.body as { data: Record<string, unknown> }).data).sort()).toEqual([
      'product',
      'shop',
    ]);
    const { product, shop } = (answer.body as { data: { product: object; shop: object } }).data;
    expect(
      Object.keys(product).every((k) =>
        ['providerId', 'name', 'description', 'price', 'promotionalPrice', 'images', 'isActive'].includes(k),
      ),
    ).toBe(true);
    expect(Object.keys(shop).every((k) => ['slug', 'name', 'style', 'chat'].includes(k))).toBe(true);
    expect(answer.text).not.toMatch(/rules|minOrderValue|sellerName|dimensions|session/i);
  });

  it('never reads a bearer: with any Authorization header, or none, the answer is the same', async () => {
    const plain = await sandbox.get(RICE);
    const withBearer = await sandbox.get(RICE, { session: 'demo-operator' });
    const withGarbage = await sandbox.get(RICE, { headers: { authorization: 'Bearer não-é-código' } });
    expect(withBearer.text).toBe(plain.text);
    expect(withGarbage.status).toBe(200);
    expect(withGarbage.text).toBe(plain.text);
  });

  it('shows the promotional price only when it is lower than the price', async () => {
    sandbox.db.exec("UPDATE products SET promotional_price_cents = 599 WHERE id = '1002'");
    const page = expectData(
      'getPublicProduct',
      await sandbox.get('/api/public/shops/emporio-bom-preco/products/1002'),
    );
    expect(page.product.promotionalPrice).toBe(5.99);
    expect(page.product.promotionalPrice ?? 0).toBeLessThan(page.product.price);
  });

  it('answers a shop without chat addresses with no chat (its page shows no chat button)', async () => {
    const page = expectData(
      'getPublicProduct',
      await sandbox.get('/api/public/shops/emporio-sem-chat/products/1001'),
    );
    expect(page.shop).not.toHaveProperty('chat');
    expect(page.product.providerId).toBe('1001');
  });

  it('tells an inactive product so (the link still previews)', async () => {
    sandbox.db.exec("UPDATE products SET is_active = 0 WHERE id = '1003'");
    try {
      const page = expectData(
        'getPublicProduct',
        await sandbox.get('/api/public/shops/emporio-bom-preco/products/1003'),
      );
      expect(page.product.isActive).toBe(false);
    } finally {
      sandbox.db.exec("UPDATE products SET is_active = 1 WHERE id = '1003'");
    }
  });

  it('refuses an unknown shop or product with a 404 in Portuguese', async () => {
    const shop = expectRefusal(await sandbox.get('/api/public/shops/loja-que-nao-existe/products/1001'), 404);
    expect(shop.message).toBe('Loja não encontrada.');
    const product = expectRefusal(
      await sandbox.get('/api/public/shops/emporio-bom-preco/products/999999'),
      404,
    );
    expect(product.message).toBe('Produto não encontrado nesta loja.');
  });

  it('refuses a malformed slug or product id with a 400 in Portuguese', async () => {
    expectRefusal(await sandbox.get('/api/public/shops/Loja_Maiuscula/products/1001'), 400);
    expectRefusal(await sandbox.get(`/api/public/shops/${'a'.repeat(64)}/products/1001`), 400);
    expectRefusal(await sandbox.get('/api/public/shops/-emporio/products/1001'), 400);
    expectRefusal(await sandbox.get('/api/public/shops/emporio-bom-preco/products/%3Cscript%3E'), 400);
  });
});

describe('a backend without the chat app extension (SANDBOX_CHAT_APP=off)', () => {
  it('answers both calls 404, as a backend that lacks them', async () => {
    expectRefusal(await without.get(RICE), 404);
    expectRefusal(await without.get('/api/shop/public-profile', { session: 'demo-shopper' }), 404);
    // The rest of the shop's calls are unchanged.
    expectData('getShopSettings', await without.get('/api/shop/settings', { session: 'demo-shopper' }));
  });
});
