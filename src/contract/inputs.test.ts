// What the sandbox accepts: strict, bounded, query text turned into numbers.
import { describe, expect, it } from 'vitest';
import {
  catalogFilterSchema,
  categoriesQuerySchema,
  productSearchBodySchema,
  topProductsQuerySchema,
} from './catalog.ts';
import {
  addressInputSchema,
  agentConfirmSchema,
  cardPaymentPayloadSchema,
  cepParamsSchema,
  customerUpdateSchema,
  discountQuerySchema,
  logisticQuerySchema,
  paymentDeliveryBodySchema,
} from './checkout.ts';
import { PaymentMethod } from './enums.ts';
import { giftSelectionSchema, orderItemUpdateSchema, sendProductBodySchema } from './order.ts';
import { storeLinkPayloadSchema } from './tray.ts';

const item = { index: '0', providerId: '123&456', quantity: 2, sku: 'SKU-A' };
const long = (length: number) => 'x'.repeat(length);

describe('item update', () => {
  it('accepts a quantity change, a removal (0) and an add without index', () => {
    expect(orderItemUpdateSchema.safeParse(item).success).toBe(true);
    expect(orderItemUpdateSchema.safeParse({ ...item, quantity: 0 }).success).toBe(true);
    expect(
      orderItemUpdateSchema.safeParse({
        providerId: '9',
        quantity: 1,
        attributes: [{ providerId: 'cor', optionProviderId: 'azul' }],
        subscription: { recurrence: { type: 30, frequency: 1 } },
        preferences: 'Sem cebola',
      }).success,
    ).toBe(true);
  });

  it('refuses a negative, fractional, textual or huge quantity', () => {
    expect(orderItemUpdateSchema.safeParse({ ...item, quantity: -1 }).success).toBe(false);
    expect(orderItemUpdateSchema.safeParse({ ...item, quantity: 1.5 }).success).toBe(false);
    expect(orderItemUpdateSchema.safeParse({ ...item, quantity: '2' }).success).toBe(false);
    expect(orderItemUpdateSchema.safeParse({ ...item, quantity: 1e9 }).success).toBe(false);
    expect(orderItemUpdateSchema.safeParse({ ...item, quantity: Number.NaN }).success).toBe(false);
  });

  it('refuses an index that is not whole-number text', () => {
    expect(orderItemUpdateSchema.safeParse({ ...item, index: 0 }).success).toBe(false);
    expect(orderItemUpdateSchema.safeParse({ ...item, index: '-1' }).success).toBe(false);
    expect(orderItemUpdateSchema.safeParse({ ...item, index: '1a' }).success).toBe(false);
  });

  it('refuses unknown keys, at any depth', () => {
    expect(orderItemUpdateSchema.safeParse({ ...item, price: 0.01 }).success).toBe(false);
    expect(
      orderItemUpdateSchema.safeParse({
        ...item,
        attributes: [{ providerId: 'cor', optionProviderId: 'azul', price: 0 }],
      }).success,
    ).toBe(false);
  });

  it('refuses huge strings and empty ids', () => {
    expect(orderItemUpdateSchema.safeParse({ ...item, providerId: long(201) }).success).toBe(false);
    expect(orderItemUpdateSchema.safeParse({ ...item, providerId: '' }).success).toBe(false);
    expect(orderItemUpdateSchema.safeParse({ ...item, preferences: long(2000) }).success).toBe(true);
    expect(orderItemUpdateSchema.safeParse({ ...item, preferences: long(2001) }).success).toBe(false);
  });

  it('refuses an unknown recurrence type', () => {
    expect(
      orderItemUpdateSchema.safeParse({ ...item, subscription: { recurrence: { type: 15, frequency: 1 } } })
        .success,
    ).toBe(false);
  });
});

describe('gift selection and product send', () => {
  it('accepts a gift choice and refuses a negative index', () => {
    expect(
      giftSelectionSchema.safeParse({ id: 'g1', selectedGifts: [{ id: 'b1', seller: 's1', index: 0 }] })
        .success,
    ).toBe(true);
    expect(
      giftSelectionSchema.safeParse({ id: 'g1', selectedGifts: [{ id: 'b1', index: -1 }] }).success,
    ).toBe(false);
  });

  it('accepts a variant product sent with its Variant= id and empty attributes', () => {
    expect(sendProductBodySchema.safeParse({ providerId: '123Variant=azul', attributes: [] }).success).toBe(
      true,
    );
  });

  it('refuses more than 100 attributes', () => {
    const attributes = Array.from({ length: 101 }, (_, i) => ({
      providerId: `a${i}`,
      optionProviderId: 'o',
    }));
    expect(sendProductBodySchema.safeParse({ providerId: '1', attributes }).success).toBe(false);
  });
});

describe('query strings', () => {
  it('turns numeric text into numbers and applies the page defaults', () => {
    expect(topProductsQuerySchema.parse({ pageNumber: '2', perPage: '10', pageToken: 'abc' })).toEqual({
      pageNumber: 2,
      perPage: 10,
      pageToken: 'abc',
    });
    expect(topProductsQuerySchema.parse({})).toEqual({ pageNumber: 0, perPage: 10 });
    expect(categoriesQuerySchema.parse({})).toEqual({ perPage: 50 });
  });

  it('refuses empty, signed, fractional, exponent and non-numeric text', () => {
    for (const perPage of ['', '-1', '1.5', '1e2', 'abc', ' 5', '0x10']) {
      expect(topProductsQuerySchema.safeParse({ perPage }).success, perPage).toBe(false);
    }
  });

  it('refuses a page size out of bounds and repeated parameters', () => {
    expect(topProductsQuerySchema.safeParse({ perPage: '0' }).success).toBe(false);
    expect(topProductsQuerySchema.safeParse({ perPage: '101' }).success).toBe(false);
    expect(topProductsQuerySchema.safeParse({ perPage: ['1', '2'] }).success).toBe(false);
  });

  it('refuses unknown query parameters', () => {
    expect(categoriesQuerySchema.safeParse({ perPage: '5', debug: '1' }).success).toBe(false);
  });

  it('reads the logistic type as pick-up (0) or delivery (1) only', () => {
    expect(logisticQuerySchema.parse({ type: '0', code: '01305-000', number: '100' }).type).toBe(0);
    expect(logisticQuerySchema.parse({ type: '1', code: '01305000' }).type).toBe(1);
    expect(logisticQuerySchema.safeParse({ type: '2' }).success).toBe(false);
    expect(logisticQuerySchema.safeParse({ type: '1', code: '1305-000' }).success).toBe(false);
  });

  it('reads a manual discount with at most two decimals', () => {
    expect(discountQuerySchema.parse({ discount: '10.50' })).toEqual({ discount: 10.5 });
    expect(discountQuerySchema.safeParse({ discount: '10,50' }).success).toBe(false);
    expect(discountQuerySchema.safeParse({ discount: '-5' }).success).toBe(false);
    expect(discountQuerySchema.safeParse({ discount: '1.234' }).success).toBe(false);
  });
});

describe('catalogue search body', () => {
  it('accepts categories, text and facet filters', () => {
    expect(
      productSearchBodySchema.safeParse({
        category: '12,13',
        pageNumber: 0,
        perPage: 10,
        searchQuery: 'camiseta',
        filters: [
          { key: 'brand', value: 'acme' },
          { key: 'price', range: { from: 10, to: 50.5 } },
        ],
      }).success,
    ).toBe(true);
  });

  it('refuses a filter with neither value nor range, and an inverted range', () => {
    expect(catalogFilterSchema.safeParse({ key: 'brand' }).success).toBe(false);
    expect(catalogFilterSchema.safeParse({ key: 'price', range: { from: 50, to: 10 } }).success).toBe(false);
  });

  it('refuses a search text over 200 characters', () => {
    expect(productSearchBodySchema.safeParse({ searchQuery: long(201) }).success).toBe(false);
  });
});

describe('checkout inputs', () => {
  const card = {
    providerId: 'pagarme',
    installments: 3,
    number: '4111111111111111',
    name: 'MARIA SOUZA',
    securityCode: '123',
    expiryMonth: '12',
    expiryYear: '30',
    document: '123.456.789-09',
    zipCode: '01305-000',
    address: 'Rua Augusta',
    addressNumber: '100',
    neighborhood: 'Consolação',
    city: 'São Paulo',
    state: 'SP',
  };

  it('accepts a card payment, and its retry with captcha key and token', () => {
    expect(cardPaymentPayloadSchema.safeParse(card).success).toBe(true);
    expect(
      cardPaymentPayloadSchema.safeParse({ ...card, recaptchaKey: 'k', recaptchaToken: 't' }).success,
    ).toBe(true);
  });

  it('refuses a card with a masked number, a bad month, a 5-digit code or 0 instalments', () => {
    expect(cardPaymentPayloadSchema.safeParse({ ...card, number: '4111 1111 1111 1111' }).success).toBe(
      false,
    );
    expect(cardPaymentPayloadSchema.safeParse({ ...card, expiryMonth: '13' }).success).toBe(false);
    expect(cardPaymentPayloadSchema.safeParse({ ...card, securityCode: '12345' }).success).toBe(false);
    expect(cardPaymentPayloadSchema.safeParse({ ...card, installments: 0 }).success).toBe(false);
  });

  it('accepts a new address and refuses one without street or with a bad CEP', () => {
    const address = {
      name: 'Casa',
      zipCode: '01305-000',
      street: 'Rua Augusta',
      number: '100',
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
    };
    expect(addressInputSchema.safeParse(address).success).toBe(true);
    expect(addressInputSchema.safeParse({ ...address, street: '' }).success).toBe(false);
    expect(addressInputSchema.safeParse({ ...address, zipCode: '01305' }).success).toBe(false);
    expect(cepParamsSchema.safeParse({ cep: '01305000' }).success).toBe(true);
    expect(cepParamsSchema.safeParse({ cep: '../etc' }).success).toBe(false);
  });

  it('accepts the customer and the agent confirmation, refusing an unknown payment method', () => {
    const customer = {
      name: 'Maria',
      email: 'maria@example.com',
      document: '12345678909',
      isCorporate: false,
    };
    expect(customerUpdateSchema.safeParse(customer).success).toBe(true);
    expect(customerUpdateSchema.safeParse({ ...customer, name: '' }).success).toBe(false);
    expect(agentConfirmSchema.safeParse({ ...customer, paymentMethod: PaymentMethod.Pix }).success).toBe(
      true,
    );
    expect(agentConfirmSchema.safeParse({ ...customer, paymentMethod: 42 }).success).toBe(false);
  });

  it('refuses a negative cash amount on pay-on-delivery', () => {
    expect(paymentDeliveryBodySchema.safeParse({ type: 'Dinheiro', cashAmount: 200 }).success).toBe(true);
    expect(paymentDeliveryBodySchema.safeParse({ type: 'Dinheiro', cashAmount: -1 }).success).toBe(false);
  });
});

describe('store link payload', () => {
  const payload = {
    admUser: 'admin',
    code: 'auth-code',
    apiAddress: 'https://loja.example/web_api',
    storeHost: 'https://loja.example',
    store: '391250',
    chatbotId: 'bot-1',
    chatbotToken: 'secret',
  };

  it('accepts a complete payload', () => {
    expect(storeLinkPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('refuses it without chatbot token or with an extra field', () => {
    expect(storeLinkPayloadSchema.safeParse({ ...payload, chatbotToken: '' }).success).toBe(false);
    expect(storeLinkPayloadSchema.safeParse({ ...payload, admin: true }).success).toBe(false);
  });
});
