// Realistic answers as a backend sends them: extra fields, nulls for absent values.
import { describe, expect, it } from 'vitest';
import { answerSchemaOf } from './calls.ts';
import {
  cachedCatalogSchema,
  categorySchema,
  facetSchema,
  pagedProductResultSchema,
  productSchema,
} from './catalog.ts';
import {
  cardFinishResultSchema,
  cepLookupSchema,
  checkoutDraftSchema,
  logisticOptionSchema,
  scheduleSchema,
  sellerOptionSchema,
} from './checkout.ts';
import {
  FailureType,
  OrderState,
  PaymentMethod,
  PaymentProviderType,
  SaleMode,
  SessionType,
} from './enums.ts';
import { orderSchema } from './order.ts';
import { sessionSchema } from './session.ts';
import { hasConfiguredLogistics, isManualPayment, shopSettingsSchema } from './shop-settings.ts';

const session = {
  sessionType: 1,
  channelType: 1,
  channelId: '5511999990000',
  expiresAt: '2030-01-01T00:00:00Z',
  userShop: {
    id: 'us-1',
    channelId: '5511999990000',
    customer: { name: 'Maria Souza', email: null, document: '12345678909', isCorporate: false },
    addresses: [
      {
        isDefault: true,
        name: 'Casa',
        street: 'Rua Augusta',
        number: '100',
        zipCode: '01305-000',
        complement: null,
        neighborhood: 'Consolação',
        city: 'São Paulo',
        state: 'SP',
        geoCoordinates: { latitude: -23.55, longitude: -46.65 },
      },
    ],
  },
};

const product = {
  providerId: '123&456',
  name: 'Camiseta Básica',
  images: [{ url: 'https://img/1.jpg', alt: 'frente' }],
  variantImagesSrc: null,
  attributes: [
    {
      providerId: 'cor',
      name: 'Cor',
      options: [
        { providerId: 'azul', name: 'Azul', redirectable: false },
        { providerId: 'verde', name: 'Verde', redirectable: true },
      ],
    },
  ],
  dimensions: [
    {
      attributes: { cor: 'azul' },
      image: { url: 'https://img/azul.jpg' },
      sku: 'SKU-A',
      priceDefault: 49.9,
      isAvailable: true,
    },
  ],
  currentDimension: null,
  sku: null,
  price: 49.9,
  listPrice: 59.9,
  promotionalPrice: null,
  minPrice: null,
  maxPrice: null,
  brand: { name: 'Marca' },
  sellerName: 'Loja Centro',
  description: '<p>Algodão</p>',
  specification: [{ name: 'Material', value: ['Algodão'] }],
  soldInKilo: false,
  amountInKilo: null,
  kilogramPrice: null,
  clusterHighlights: [{ id: '7', name: 'Oferta' }],
  offerDescription: 'Leve 3 pague 2',
  isActive: true,
  hasVariants: true,
  isRestrictedSale: false,
  hasShippingRestriction: false,
  shippingRestrictionMessage: null,
  subscriptionOffers: [{ recurrence: { type: 20, frequency: 2 } }],
  rating: 4.5,
};

const order = {
  id: 'ord-1',
  status: OrderState.Creating,
  items: [
    {
      index: 0,
      providerId: '123&456',
      quantity: 2,
      attributes: [{ providerId: 'cor', optionProviderId: 'azul', redirectable: false }],
      sku: 'SKU-A',
      subscription: null,
      name: 'Camiseta Básica',
      images: [{ url: 'https://img/1.jpg' }],
      unitPrice: 49.9,
      promotionalPrice: null,
      totalAmout: 99.8,
      isGift: false,
      sellerId: 's1',
      priceTags: [{ identifier: 'promo-1', value: -10 }],
      preferences: null,
      hasShippingRestriction: false,
    },
    { index: 1, providerId: 'brinde-1', quantity: 1, isGift: true, unitPrice: 0 },
  ],
  gifts: [
    {
      id: 'g1',
      availableQuantity: null,
      availableGifts: [{ id: 'brinde-1', seller: 's1', name: 'Caneca', imageUrl: null }],
    },
  ],
  coupon: null,
  itemsAmout: 99.8,
  discountAmout: 0,
  totalAmout: 109.8,
  minOrderValue: 50,
  enableDelivery: true,
  enablePickUp: true,
  enableCreditPayment: true,
  enablePixPayment: true,
  enableNubankPayment: false,
  enableLinkPayment: false,
  enableBoletoPayment: null,
  seller: { providerId: 's1', name: 'Loja Centro', address: 'Av. Paulista, 1000', serviceTax: 0 },
  logistic: {
    maxDistinctItems: 10,
    maxItemsAmout: 30,
    orderMinPrice: 20,
    price: 10,
    startDeliveryTime: null,
    type: 1,
    providerId: 'motoboy',
    storePickUpAddress: null,
  },
  payment: { method: PaymentMethod.CreditCard, providerType: PaymentProviderType.PagarMe, link: null },
  customer: {
    name: 'Maria Souza',
    email: 'maria@example.com.br',
    address: { fullAddress: 'Rua Augusta, 100 - São Paulo/SP', zipCode: '01305-000' },
  },
  providerPriceTableId: null,
  catalogErrorMessages: [],
  isAnonymousUser: false,
  userId: 'u-42',
  isInSemiAutomatic: false,
  recaptchaKey: null,
  enablePreferences: true,
  createdAt: '2025-01-01T10:00:00Z',
};

describe('session answer', () => {
  it('parses a platform-user session and keeps fields the spec does not list', () => {
    const parsed = sessionSchema.parse(session);
    expect(parsed.sessionType).toBe(SessionType.PlatformUser);
    expect(parsed.userShop?.addresses?.[0]?.city).toBe('São Paulo');
    expect(parsed).toHaveProperty('expiresAt');
  });

  it('accepts a session without shop data (the SPA then goes to invalid-session)', () => {
    expect(sessionSchema.safeParse({ sessionType: 3, userShop: null }).success).toBe(true);
  });

  it('refuses a session type the spec does not know', () => {
    expect(sessionSchema.safeParse({ ...session, sessionType: 7 }).success).toBe(false);
  });

  it('is read inside the envelope', () => {
    const answer = answerSchemaOf('getSession').parse({ success: true, data: session, errors: null });
    expect(answer.data?.userShop?.id).toBe('us-1');
  });
});

describe('shop settings answer', () => {
  it('parses branding, flags, steps and the checkout settings', () => {
    const parsed = shopSettingsSchema.parse({
      style: { defaultColor: '#ff0000', secondaryColor: null, urlLogo: 'https://logo.png' },
      channelSettings: [{ channelId: 'c1', style: { defaultColor: '#00ff00' } }],
      showCollections: [{ providerId: 'COLLECTION_9', name: 'Verão' }],
      whatsApp: '5511999990000',
      steps: [1, 5, 6],
      payment: { type: 'manual', publicKey: null },
      disableExpressDeliveryLogistic: SaleMode.AssistedSale,
      logistics: [],
      enableManualPrices: true,
      hideAttributes: false,
      theme: 'dark',
    });
    expect(parsed.steps).toEqual([1, 5, 6]);
    expect(isManualPayment(parsed)).toBe(true);
    expect(hasConfiguredLogistics(parsed)).toBe(false);
    expect(parsed).toHaveProperty('theme', 'dark');
  });

  it('accepts an empty settings object and every field as null', () => {
    expect(shopSettingsSchema.safeParse({}).success).toBe(true);
    expect(
      shopSettingsSchema.safeParse({ style: null, steps: null, payment: null, logistics: null }).success,
    ).toBe(true);
  });

  it('counts logistics as configured for a non-empty list or a true flag', () => {
    expect(hasConfiguredLogistics({ logistics: [{ id: 1 }] })).toBe(true);
    expect(hasConfiguredLogistics({ logistics: true })).toBe(true);
    expect(hasConfiguredLogistics({ logistics: null })).toBe(false);
  });
});

describe('catalogue answers', () => {
  it('parses a category with subcategories', () => {
    const parsed = categorySchema.parse({
      providerId: '12',
      name: 'Roupas',
      description: null,
      children: [{ providerId: '13', name: 'Camisetas' }],
      shopId: 'shop-1',
      position: 3,
    });
    expect(parsed.children?.[0]?.name).toBe('Camisetas');
  });

  it('parses a full product and keeps unknown fields', () => {
    const parsed = productSchema.parse(product);
    expect(parsed.dimensions?.[0]?.attributes).toEqual({ cor: 'azul' });
    expect(parsed.subscriptionOffers?.[0]?.recurrence.type).toBe(20);
    expect(parsed).toHaveProperty('rating', 4.5);
  });

  it('needs at least a product id and name', () => {
    expect(productSchema.safeParse({ providerId: '1', name: 'X' }).success).toBe(true);
    expect(productSchema.safeParse({ name: 'X' }).success).toBe(false);
  });

  it('parses a page of products with its continuation token', () => {
    const parsed = pagedProductResultSchema.parse({
      data: [product],
      page: 0,
      perPage: 10,
      hasMore: true,
      token: 'abc',
    });
    expect(parsed.data).toHaveLength(1);
    expect(pagedProductResultSchema.safeParse({ data: null, hasMore: false, token: null }).success).toBe(
      true,
    );
  });

  it('parses a price range facet and a value facet', () => {
    expect(
      facetSchema.safeParse({
        key: 'price',
        name: 'Preço',
        hidden: false,
        values: [{ name: 'Preço', value: null, quantity: 10, range: { from: 9.9, to: 199 } }],
      }).success,
    ).toBe(true);
    expect(
      facetSchema.safeParse({
        key: 'brand',
        name: 'Marca',
        hidden: null,
        values: [{ name: 'Acme', value: 'acme', quantity: 3 }],
      }).success,
    ).toBe(true);
  });

  it('restores an operator cached catalogue', () => {
    const parsed = cachedCatalogSchema.safeParse({
      mode: 'search',
      searchText: 'camiseta',
      searchCategoryIds: ['12', '13'],
      currentCategory: null,
      pagedData: { page: 1, perPage: 10, hasMore: true, token: 't' },
      products: [product],
      facets: [],
      filters: [{ key: 'brand', value: 'acme' }],
      expirationTimestamp: 1,
    });
    expect(parsed.success).toBe(true);
  });
});

describe('order answer', () => {
  it('parses an order with every field of both specs, misspellings as on the wire', () => {
    const parsed = orderSchema.parse(order);
    expect(parsed.itemsAmout).toBe(99.8);
    expect(parsed.totalAmout).toBe(109.8);
    expect(parsed.logistic?.maxItemsAmout).toBe(30);
    expect(parsed.items[0]?.priceTags?.[0]).toEqual({ identifier: 'promo-1', value: -10 });
    expect(parsed.customer?.address?.zipCode).toBe('01305-000');
    expect(parsed).toHaveProperty('createdAt');
  });

  it('needs an id and an item list', () => {
    expect(orderSchema.safeParse({ id: 'o', items: [] }).success).toBe(true);
    expect(orderSchema.safeParse({ id: 'o' }).success).toBe(false);
    expect(orderSchema.safeParse({ items: [] }).success).toBe(false);
  });

  it('accepts a seller address given as an object', () => {
    const parsed = orderSchema.parse({
      ...order,
      seller: { name: 'Loja', address: { fullAddress: 'Rua A, 1' } },
    });
    expect(parsed.seller?.address).toEqual({ fullAddress: 'Rua A, 1' });
  });
});

describe('checkout answers', () => {
  it('parses logistic options with text or numeric time estimates', () => {
    expect(
      logisticOptionSchema.safeParse({
        providerId: 'motoboy',
        name: 'Motoboy',
        price: 0,
        shippingTimeEstimative: '2 horas',
        minShippingTimeEstimative: null,
        storePickUpAddress: { name: 'Loja', street: 'Rua B', number: '2', neighborhood: 'Centro' },
      }).success,
    ).toBe(true);
    expect(logisticOptionSchema.safeParse({ providerId: 'pac', shippingTimeEstimative: 5 }).success).toBe(
      true,
    );
  });

  it('parses seller options with a null service tax', () => {
    expect(
      sellerOptionSchema.safeParse({ providerId: 's', name: 'Loja', address: null, serviceTax: null })
        .success,
    ).toBe(true);
  });

  it('parses a schedule of days with slots', () => {
    const parsed = scheduleSchema.parse({
      times: [
        {
          header: 'Segunda',
          date: '2025-03-10',
          options: [{ startTime: '08:00', endTime: '12:00', scheduleUntil: '07:00', enabled: true }],
        },
      ],
    });
    expect(parsed.times?.[0]?.options?.[0]?.enabled).toBe(true);
  });

  it('parses a card payment failure asking for a captcha', () => {
    const parsed = cardFinishResultSchema.parse({
      status: 3,
      failureType: FailureType.ReCAPTCHA,
      recaptchaKey: 'site',
    });
    expect(parsed.failureType).toBe(FailureType.ReCAPTCHA);
  });

  it('parses a postal-code lookup with neighbourhood choices', () => {
    expect(
      cepLookupSchema.safeParse({
        street: 'Rua Augusta',
        neighborhood: null,
        neighborhoodId: null,
        neighborhoods: [{ id: '1', name: 'Consolação' }],
        city: 'São Paulo',
        state: 'SP',
        geoCoordinates: [-46.65, -23.55],
      }).success,
    ).toBe(true);
  });

  it('restores a stored checkout draft and drops nothing unknown', () => {
    const parsed = checkoutDraftSchema.parse({
      logisticType: 1,
      paymentMethod: 3,
      cashAmount: null,
      version: 2,
    });
    expect(parsed.logisticType).toBe(1);
    expect(parsed).toHaveProperty('version', 2);
  });

  it('turns a numeric linked chatbot id into text', () => {
    expect(answerSchemaOf('getLinkedChatbot').parse({ success: true, data: 77 }).data).toBe('77');
  });
});
