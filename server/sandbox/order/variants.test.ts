// A variant product's line is charged by its sku and shows the attributes it was sent: the two must
// name the same variant, whoever calls.
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectData, expectRefusal } from '../testing/answers.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const SHIRT = '11103';

async function shirtSku(cor: string, tamanho: string): Promise<string> {
  const product = expectData(
    'getProduct',
    await sandbox.get(`/api/catalog/products/${SHIRT}`, { session: 'demo-shopper' }),
  );
  const dimension = product.dimensions?.find(
    (d) => d.attributes.cor === cor && d.attributes.tamanho === tamanho,
  );
  if (!dimension?.sku) throw new Error(`no ${cor}/${tamanho} shirt in the seed`);
  return dimension.sku;
}

const attributes = (cor: string, tamanho: string) => [
  { providerId: 'cor', optionProviderId: cor },
  { providerId: 'tamanho', optionProviderId: tamanho },
];

describe('adding a variant of the shirt', () => {
  it('charges Branca + GG at R$ 44,90 when the sku and the options agree', async () => {
    const sku = await shirtSku('branca', 'gg');
    const answer = await sandbox.post(
      '/api/order/items/',
      { providerId: SHIRT, quantity: 1, sku, attributes: attributes('branca', 'gg') },
      { session: 'anonymous-session' },
    );
    const order = expectData('updateOrderItem', answer);
    const line = order.items.find((item) => item.providerId === SHIRT);
    expect(line?.unitPrice).toBe(44.9);
  });

  it('refuses a sku and options that name different variants, and leaves the order as it was', async () => {
    const sku = await shirtSku('branca', 'gg');
    const before = expectData(
      'getCurrentOrder',
      await sandbox.get('/api/order/current', { session: 'demo-shopper' }),
    );
    const answer = await sandbox.post(
      '/api/order/items/',
      { providerId: SHIRT, quantity: 1, sku, attributes: attributes('preta', 'gg') },
      { session: 'demo-shopper' },
    );
    expect(expectRefusal(answer, 400).message).toBe(
      'As opções escolhidas não correspondem à variação do produto.',
    );
    const after = expectData(
      'getCurrentOrder',
      await sandbox.get('/api/order/current', { session: 'demo-shopper' }),
    );
    expect(after.items).toEqual(before.items);
  });

  it('refuses an option the product does not have, beside a good sku', async () => {
    const sku = await shirtSku('branca', 'm');
    const answer = await sandbox.post(
      '/api/order/items/',
      {
        providerId: SHIRT,
        quantity: 1,
        sku,
        attributes: [...attributes('branca', 'm'), { providerId: 'bordado', optionProviderId: 'sim' }],
      },
      { session: 'anonymous-session' },
    );
    expect(expectRefusal(answer, 400).message).toBe(
      'Uma das opções escolhidas não existe para este produto.',
    );
  });
});
