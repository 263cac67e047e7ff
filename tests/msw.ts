import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod/mini';
import {
  type Order,
  orderSchema,
  type Product,
  type Session,
  type ShopSettings,
  sessionSchema,
  shopSettingsSchema,
} from '../src/contract/index.ts';
import { ApiError } from '../src/lib/api-client.ts';

/** The msw server of component tests; each test adds the handlers it needs with server.use(). */
export const server = setupServer();

export function envelope<T>(data: T) {
  return HttpResponse.json({ success: true, data, errors: [] });
}

export function failure(message: string, status = 500) {
  return HttpResponse.json(
    { success: false, data: null, errors: [{ message, code: status, type: 'error', status }] },
    { status },
  );
}

/** Handlers typed by the contract, so a fixture that drifts from the wire fails to compile. */
export const handlers = {
  currentOrder: (order: Order) => http.get('/api/order/current', () => envelope(order)),
  session: (session: Session, handle = 'AAAAAAAAAAAAAAAAAAAAAA') =>
    http.post('/api/session', () =>
      HttpResponse.json(
        { success: true, data: session, errors: [] },
        { headers: { 'x-session-handle': handle } },
      ),
    ),
  settings: (settings: ShopSettings) => http.get('/api/shop/settings', () => envelope(settings)),
};

// Fixtures are built through the contract's own schemas, never cast: one the wire would refuse fails
// the test at once instead of passing on data the app never sees.

/** A session as the backend answers it. */
export const sessionFixture = (fields: z.input<typeof sessionSchema>): Session => sessionSchema.parse(fields);

/** Shop settings as the backend answers them; none given is a shop with no settings at all. */
export const settingsFixture = (fields: z.input<typeof shopSettingsSchema> = {}): ShopSettings =>
  shopSettingsSchema.parse(fields);

export function orderFixture(overrides: Partial<Order> = {}): Order {
  return orderSchema.parse({
    id: 'order-1',
    items: [],
    gifts: [],
    itemsAmout: 0,
    discountAmout: 0,
    totalAmout: 0,
    catalogErrorMessages: [],
    userId: 'user-1',
    ...overrides,
  });
}

/** A product shaped like the sandbox seed's (server/sandbox/seed/products.ts): every field present. */
export function productFixture(overrides: Partial<Product> & Pick<Product, 'providerId' | 'name'>): Product {
  return {
    images: [{ url: `/api/sandbox/media/produto-${overrides.providerId}.svg` }],
    attributes: [],
    dimensions: [],
    sku: overrides.providerId,
    listPrice: null,
    promotionalPrice: null,
    minPrice: null,
    maxPrice: null,
    brand: { name: 'Marca' },
    sellerName: 'Empório Bom Preço',
    soldInKilo: false,
    amountInKilo: null,
    kilogramPrice: null,
    clusterHighlights: [],
    offerDescription: '',
    isActive: true,
    hasVariants: false,
    isRestrictedSale: false,
    hasShippingRestriction: false,
    subscriptionOffers: [],
    ...overrides,
  };
}

/** The ApiError a call fails with (the test fails if it does not). */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  throw new Error('expected an ApiError');
}
