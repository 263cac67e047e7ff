import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlowStep, LogisticType, SaleMode } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import {
  addItem,
  markShippingRestricted,
  OPERATOR,
  patchShopSettings,
  SHOPPER,
  SHOPPER_CART_TOTAL,
} from '../testing/fixtures.ts';
import { SHIPPING_RESTRICTED_MESSAGE } from './logistic-options.ts';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(() => sandbox.close());

const listOptions = (query: string, session = SHOPPER) =>
  sandbox.get(`/api/order/logistic/?${query}`, { session });
const choose = (body: unknown, session = SHOPPER) => sandbox.post('/api/order/logistic/', body, { session });
const manual = (body: unknown, query = '', session = OPERATOR) =>
  sandbox.post(`/api/order/logistic/manual${query}`, body, { session });

describe('GET /api/order/logistic/ (pick-up)', () => {
  it('lists every pick-up option with its store address, price (null = free) and limits', async () => {
    const options = expectData('listLogisticOptions', await listOptions('type=0&code=05422-001&number='));
    expect(options.map((o) => o.providerId)).toEqual([
      'retirada-pinheiros',
      'retirada-expressa-pinheiros',
      'retirada-centro',
    ]);
    const [free, express, centro] = options;
    expect(free).toMatchObject({
      price: null,
      storeName: 'Empório Bom Preço Pinheiros',
      maxDistinctItems: 30,
      maxItemsAmout: 100,
      orderMinPrice: 0,
      storePickUpAddress: {
        name: 'Empório Bom Preço Pinheiros',
        street: 'Rua dos Pinheiros',
        number: '1020',
        neighborhood: 'Pinheiros',
      },
    });
    expect(free?.description).toBeTruthy();
    expect(express).toMatchObject({ price: 4.9, maxDistinctItems: 10, maxItemsAmout: 20 });
    expect(centro).toMatchObject({ price: null, orderMinPrice: 30, storeName: 'Empório Bom Preço Centro' });
  });

  it('lists the store nearest to the CEP first', async () => {
    const nearSe = expectData('listLogisticOptions', await listOptions('type=0&code=01001000'));
    expect(nearSe[0]?.providerId).toBe('retirada-centro');
  });

  it('answers a CEP that does not exist with a message, not with every store', async () => {
    const error = expectRefusal(await listOptions('type=0&code=99999-999'), 404);
    expect(error.message).toBe('CEP não encontrado. Confira o número digitado.');
  });

  it('refuses pick-up when the shop does not offer it', async () => {
    patchShopSettings(sandbox.db, { logistics: [LogisticType.ExpressDelivery] });
    const error = expectRefusal(await listOptions('type=0'), 400);
    expect(error.message).toBe('Esta loja não oferece retirada em loja.');
  });

  it('refuses an unknown delivery method or a malformed CEP', async () => {
    expectRefusal(await listOptions('type=7'), 400);
    expectRefusal(await listOptions('code=01310-200'), 400);
    expectRefusal(await listOptions('type=1&code=0131'), 400);
  });

  it('needs a session', async () => {
    expectRefusal(await sandbox.get('/api/order/logistic/?type=0'), 401);
  });
});

describe('GET /api/order/logistic/ (delivery)', () => {
  it('offers express delivery in Grande São Paulo with its estimates and price', async () => {
    const [option, ...others] = expectData(
      'listLogisticOptions',
      await listOptions('type=1&code=01310-200&number=1578'),
    );
    expect(others).toEqual([]);
    expect(option).toMatchObject({
      providerId: 'entrega-expressa-sp',
      name: 'Entrega expressa',
      price: 9.9,
      minShippingTimeEstimative: '1 hora',
      shippingTimeEstimative: '3 horas',
      storeName: 'Empório Bom Preço Pinheiros',
    });
  });

  it('quotes delivery free once the items reach the option threshold (R$ 150,00)', async () => {
    await addItem(sandbox, OPERATOR, '1009', 3); // 3 × R$ 39,90 = R$ 119,70
    let [option] = expectData('listLogisticOptions', await listOptions('type=1&code=01310200', OPERATOR));
    expect(option?.price).toBe(9.9);
    await addItem(sandbox, OPERATOR, '1009', 4); // R$ 159,60
    [option] = expectData('listLogisticOptions', await listOptions('type=1&code=01310200', OPERATOR));
    expect(option?.price).toBe(0);
  });

  it('refuses a CEP no option serves, suggesting pick-up', async () => {
    const error = expectRefusal(await listOptions('type=1&code=69900-000'), 400);
    expect(error.message).toBe('Não entregamos no CEP 69900-000. Escolha a retirada em loja.');
  });

  it('offers scheduled shipping to other regions only when the shop has the Shipping logistic', async () => {
    const [option] = expectData('listLogisticOptions', await listOptions('type=1&code=22021-001'));
    expect(option).toMatchObject({
      providerId: 'entrega-agendada',
      price: 24.9,
      shippingTimeEstimative: '5 dias úteis',
    });
    patchShopSettings(sandbox.db, { logistics: [LogisticType.StorePickUp, LogisticType.ExpressDelivery] });
    expectRefusal(await listOptions('type=1&code=22021-001'), 400);
  });

  it('refuses delivery when an item may only be picked up, unless the shop allows it', async () => {
    markShippingRestricted(sandbox.db, '1001');
    const error = expectRefusal(await listOptions('type=1&code=01310-200'), 400);
    expect(error.message).toBe(SHIPPING_RESTRICTED_MESSAGE);
    expectData('listLogisticOptions', await listOptions('type=0'));
    patchShopSettings(sandbox.db, { allowShippingRestrictedProducts: true });
    expectData('listLogisticOptions', await listOptions('type=1&code=01310-200'));
  });

  it('hides express delivery from operators when it is disabled for assisted sale', async () => {
    patchShopSettings(sandbox.db, { disableExpressDeliveryLogistic: SaleMode.AssistedSale });
    expectRefusal(await listOptions('type=1&code=01310-200', OPERATOR), 400);
    expectData('listLogisticOptions', await listOptions('type=1&code=01310-200', SHOPPER));
    patchShopSettings(sandbox.db, { disableExpressDeliveryLogistic: SaleMode.Both });
    expectRefusal(await listOptions('type=1&code=01310-200', SHOPPER), 400);
  });

  it('needs the CEP to quote a delivery', async () => {
    const error = expectRefusal(await listOptions('type=1&code=&number='), 400);
    expect(error.message).toBe('Informe o CEP de entrega.');
  });
});

describe('POST /api/order/logistic/', () => {
  it('stores a pick-up choice with the store address and adds the store service tax to the total', async () => {
    const order = expectData('setLogistic', await choose({ providerId: 'retirada-centro', type: 0 }));
    expect(order.logistic).toMatchObject({
      type: LogisticType.StorePickUp,
      providerId: 'retirada-centro',
      price: 0,
      orderMinPrice: 30,
      maxDistinctItems: 15,
      storePickUpAddress: { providerId: 'loja-centro', street: 'Praça da Sé', zipCode: '01001-000' },
    });
    expect(order.totalAmout).toBeCloseTo(SHOPPER_CART_TOTAL + 2, 2);
  });

  it('stores a delivery to one of the customer addresses and charges its price', async () => {
    const order = expectData(
      'setLogistic',
      await choose({ providerId: 'entrega-expressa-sp', type: 1, addressIndex: 0 }),
    );
    expect(order.logistic).toMatchObject({
      type: LogisticType.ExpressDelivery,
      providerId: 'entrega-expressa-sp',
      price: 9.9,
    });
    expect(order.customer?.address?.zipCode).toBe('01310-200');
    expect(order.totalAmout).toBeCloseTo(SHOPPER_CART_TOTAL + 9.9, 2);
  });

  it('reports the pick-up store tax and the delivery address index with the logistic', async () => {
    const pickUp = expectData('setLogistic', await choose({ providerId: 'retirada-centro', type: 0 }));
    expect(pickUp.logistic).toMatchObject({ serviceTax: 2, addressIndex: null });
    const delivery = expectData(
      'setLogistic',
      await choose({ providerId: 'entrega-expressa-sp', type: 1, addressIndex: 0 }),
    );
    expect(delivery.logistic).toMatchObject({ serviceTax: 0, addressIndex: 0 });
  });

  it('a choice without an option drops the logistic held, and the seller when the method changes', async () => {
    patchShopSettings(sandbox.db, { showSellerOptions: true });
    // The seller first: a new seller resets the logistic (section 4).
    expectData(
      'setSeller',
      await sandbox.post('/api/order/seller/', { providerId: 'vendedor-centro' }, { session: SHOPPER }),
    );
    expectData('setLogistic', await choose({ providerId: 'retirada-centro', type: 0 }));
    // Another store of the same method: the option goes, the seller stays.
    const sameMethod = expectData('setLogistic', await choose({ type: 0 }));
    expect(sameMethod.logistic?.providerId ?? null).toBeNull();
    expect(sameMethod.logistic?.price ?? null).toBeNull();
    expect(sameMethod.seller?.providerId).toBe('vendedor-centro');
    expect(sameMethod.totalAmout).toBeCloseTo(SHOPPER_CART_TOTAL + (sameMethod.seller?.serviceTax ?? 0), 2);
    // A switch of method: the pick-up and the seller go (checkout spec, section 4).
    expectData('setLogistic', await choose({ providerId: 'retirada-centro', type: 0 }));
    const switched = expectData('setLogistic', await choose({ type: 1 }));
    expect(switched.logistic?.providerId ?? null).toBeNull();
    expect(switched.seller ?? null).toBeNull();
  });

  it('a choice without an option keeps the seller of a flow with the seller step', async () => {
    patchShopSettings(sandbox.db, { steps: [FlowStep.Start, FlowStep.Seller, FlowStep.Payment] });
    expectData(
      'setSeller',
      await sandbox.post('/api/order/seller/', { providerId: 'vendedor-centro' }, { session: SHOPPER }),
    );
    expectData('setLogistic', await choose({ providerId: 'entrega-expressa-sp', type: 1, addressIndex: 0 }));
    const cleared = expectData('setLogistic', await choose({ type: 1, addressIndex: 1 }));
    expect(cleared.logistic?.providerId ?? null).toBeNull();
    expect(cleared.seller?.providerId).toBe('vendedor-centro');
  });

  it('makes the chosen delivery free when items added later reach the threshold', async () => {
    expectData('setLogistic', await choose({ providerId: 'entrega-expressa-sp', type: 1, addressIndex: 0 }));
    await addItem(sandbox, SHOPPER, '1009', 3); // + R$ 119,70: R$ 180,58 of items
    const order = expectData(
      'getCurrentOrder',
      await sandbox.get('/api/order/current', { session: SHOPPER }),
    );
    expect(order.logistic?.price).toBe(0);
    expect(order.totalAmout).toBeCloseTo(SHOPPER_CART_TOTAL + 119.7, 2);
  });

  it('refuses an unknown option, an unknown address and a delivery without address', async () => {
    expect(expectRefusal(await choose({ providerId: 'teletransporte', type: 0 }), 404).message).toBe(
      'Opção de retirada não encontrada.',
    );
    expectRefusal(await choose({ providerId: 'teletransporte', type: 1, addressIndex: 0 }), 404);
    expectRefusal(await choose({ providerId: 'entrega-expressa-sp', type: 1, addressIndex: 7 }), 404);
    expect(expectRefusal(await choose({ providerId: 'entrega-expressa-sp', type: 1 }), 400).message).toBe(
      'Escolha o endereço de entrega.',
    );
    expectRefusal(await choose({ providerId: 'entrega-expressa-sp', type: 1, addressIndex: -1 }), 400);
    expectRefusal(
      await choose({ providerId: 'entrega-expressa-sp', type: 1, addressIndex: 0, price: 0 }),
      400,
    );
  });

  it('refuses an option that does not serve the chosen address', async () => {
    patchShopSettings(sandbox.db, {
      logistics: [LogisticType.StorePickUp, LogisticType.ExpressDelivery, LogisticType.Shipping],
    });
    const error = expectRefusal(
      await choose({ providerId: 'entrega-expressa-sp', type: 1, addressIndex: 1 }),
      400,
    );
    expect(error.message).toBe(
      'Entrega expressa não atende o CEP 22021-001. Escolha outra opção de entrega.',
    );
    const order = expectData(
      'setLogistic',
      await choose({ providerId: 'entrega-agendada', type: 1, addressIndex: 1 }),
    );
    expect(order.logistic).toMatchObject({ type: LogisticType.Shipping, price: 24.9 });
  });

  it('refuses delivery of shipping-restricted items', async () => {
    markShippingRestricted(sandbox.db, '1008');
    const error = expectRefusal(
      await choose({ providerId: 'entrega-expressa-sp', type: 1, addressIndex: 0 }),
      400,
    );
    expect(error.message).toBe(SHIPPING_RESTRICTED_MESSAGE);
  });

  it('drops the seller when the delivery method changes, not when the option changes', async () => {
    patchShopSettings(sandbox.db, { steps: [FlowStep.Start, FlowStep.Seller, FlowStep.Payment] });
    expectData(
      'setSeller',
      await sandbox.post('/api/order/seller/', { providerId: 'vendedor-pinheiros' }, { session: SHOPPER }),
    );
    let order = expectData('setLogistic', await choose({ providerId: 'retirada-pinheiros', type: 0 }));
    expect(order.seller?.providerId).toBe('vendedor-pinheiros');
    order = expectData('setLogistic', await choose({ providerId: 'retirada-centro', type: 0 }));
    expect(order.seller?.providerId).toBe('vendedor-pinheiros');
    order = expectData(
      'setLogistic',
      await choose({ providerId: 'entrega-expressa-sp', type: 1, addressIndex: 0 }),
    );
    expect(order.seller ?? null).toBeNull();
    expect(order.logistic?.providerId).toBe('entrega-expressa-sp');
  });

  it('refuses to change a cancelled order (409)', async () => {
    expect((await sandbox.get('/api/order/cancel', { session: SHOPPER })).status).toBe(200);
    expectRefusal(await choose({ providerId: 'retirada-centro', type: 0 }), 409);
  });
});

describe('POST /api/order/logistic/manual', () => {
  beforeEach(async () => {
    await addItem(sandbox, OPERATOR, '1001', 2);
  });

  it('is for operators of shops with manual prices only (403)', async () => {
    const body = { logistic: { type: 0, price: 0, providerId: 'loja-centro' } };
    expect(expectRefusal(await manual(body), 403).message).toBe(
      'O frete manual não está habilitado nesta loja.',
    );
    patchShopSettings(sandbox.db, { enableManualPrices: true });
    expect(expectRefusal(await manual(body, '', SHOPPER), 403).message).toBe(
      'Somente o atendente pode definir o frete manualmente.',
    );
  });

  it("sets a free pick-up at the chosen store ('Grátis') with the store's service tax", async () => {
    patchShopSettings(sandbox.db, { enableManualPrices: true });
    const order = expectData(
      'setManualLogistic',
      await manual({ logistic: { type: 0, price: 0, providerId: 'loja-centro' } }),
    );
    expect(order.logistic).toMatchObject({
      type: LogisticType.StorePickUp,
      price: 0,
      storePickUpAddress: { providerId: 'loja-centro' },
    });
    expect(order.totalAmout).toBeCloseTo(55.8 + 2, 2);
  });

  it("sets a custom delivery freight ('Customizado') to the customer's address", async () => {
    patchShopSettings(sandbox.db, { enableManualPrices: true });
    const order = expectData(
      'setManualLogistic',
      await manual({ addressIndex: 0, logistic: { type: 1, price: 12.5 } }, '?code=20040-020'),
    );
    expect(order.logistic).toMatchObject({ type: LogisticType.ExpressDelivery, price: 12.5 });
    expect(order.totalAmout).toBeCloseTo(55.8 + 12.5, 2);
  });

  it('refuses an unknown store, a missing address and a CEP that is not the address one', async () => {
    patchShopSettings(sandbox.db, { enableManualPrices: true });
    expectRefusal(await manual({ logistic: { type: 0, price: 0, providerId: 'loja-lua' } }), 404);
    expectRefusal(await manual({ logistic: { type: 0, price: 0 } }), 400);
    expectRefusal(await manual({ logistic: { type: 1, price: 5 } }), 400);
    expectRefusal(await manual({ addressIndex: 0, logistic: { type: 1, price: 5 } }, '?code=01310-200'), 400);
    expectRefusal(await manual({ addressIndex: 0, logistic: { type: 1, price: -5 } }), 400);
  });

  it.each([
    ['-5', -5, 'Valor do frete: informe um valor a partir de 0.'],
    ["'abc'", 'abc', 'Valor do frete: informe um número em reais, como 70.78.'],
    ["'5'", '5', 'Valor do frete: informe um número em reais, como 70.78.'],
    ['nothing', undefined, 'Valor do frete: preencha este campo.'],
  ])(
    'refuses a freight of %s with a Portuguese 400 naming the freight, and keeps the order',
    async (_case, price, message) => {
      patchShopSettings(sandbox.db, { enableManualPrices: true });
      const before = await sandbox.get('/api/order/current', { session: OPERATOR });
      const error = expectRefusal(
        await manual({ addressIndex: 0, logistic: { type: 1, price } }, '?code=20040-020'),
        400,
      );
      expect(error.message).toBe(message);
      expect((await sandbox.get('/api/order/current', { session: OPERATOR })).body).toEqual(before.body);
    },
  );
});

describe('GET /api/order/stores/', () => {
  it('lists the stores with full address and service tax', async () => {
    const stores = expectData('listStores', await sandbox.get('/api/order/stores/', { session: SHOPPER }));
    expect(stores).toEqual([
      expect.objectContaining({
        providerId: 'loja-pinheiros',
        fullAddress: 'Rua dos Pinheiros, 1020 - Pinheiros, São Paulo - SP, 05422-001',
        serviceTax: 0,
      }),
      expect.objectContaining({ providerId: 'loja-centro', serviceTax: 2 }),
    ]);
  });

  it('needs a known session', async () => {
    expectRefusal(await sandbox.get('/api/order/stores/', { session: 'sessao-desconhecida' }), 401);
  });
});
