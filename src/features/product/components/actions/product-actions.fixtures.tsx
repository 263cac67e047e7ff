// Test support for the product page's actions: products shaped like the sandbox seed and a render
// helper with a loaded session, an optional order, and a history (catalogue, then the product page)
// so that going back one page shows 'Catálogo'.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { orderFixture, productFixture } from '@tests/msw.ts';
import { type SeededSession, seededQueryClient } from '@tests/render.tsx';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Product } from '@/contract/catalog.ts';
import { RecurrenceType } from '@/contract/enums.ts';

const base = productFixture;

const tShirtDimensions = [
  { attributes: { cor: 'azul', tamanho: 'm' }, sku: '11103-azul-m', priceDefault: 39.9, isAvailable: true },
  { attributes: { cor: 'azul', tamanho: 'g' }, sku: '11103-azul-g', priceDefault: 44.9, isAvailable: false },
];

export const products = {
  /** 1001: a plain product. */
  rice: base({ providerId: '1001', name: 'Arroz Branco Tipo 1 Camil 5kg', price: 27.9 }),
  /** 1008: two subscription offers. */
  coffee: base({
    providerId: '1008',
    name: 'Café Torrado e Moído Pilão 500g',
    price: 18.9,
    subscriptionOffers: [
      { recurrence: { type: RecurrenceType.Monthly, frequency: 1 } },
      { recurrence: { type: RecurrenceType.Weekly, frequency: 2 } },
    ],
  }),
  /** 11103: dimensions (colour and size). */
  tShirt: base({
    providerId: '11103',
    name: 'Camiseta Básica Algodão Hering',
    price: 39.9,
    hasVariants: true,
    attributes: [
      { providerId: 'cor', name: 'Cor', options: [{ providerId: 'azul', name: 'Azul' }] },
      {
        providerId: 'tamanho',
        name: 'Tamanho',
        options: [
          { providerId: 'm', name: 'M' },
          { providerId: 'g', name: 'G' },
        ],
      },
    ],
    dimensions: tShirtDimensions,
  }),
  /** 2011: a redirectable option (reloads the product under '2011Variant=pessego'). */
  juice: base({
    providerId: '2011',
    name: 'Suco Del Valle 1L',
    price: 8.99,
    attributes: [
      {
        providerId: 'sabor',
        name: 'Sabor',
        options: [
          { providerId: 'uva', name: 'Uva', redirectable: true },
          { providerId: 'pessego', name: 'Pêssego', redirectable: true },
        ],
      },
    ],
  }),
  /** 2006: restricted sale. */
  beer: base({
    providerId: '2006',
    name: 'Cerveja Brahma Duplo Malte Lata 350ml',
    price: 4.19,
    isRestrictedSale: true,
  }),
  /** 1019: inactive. */
  inactive: base({
    providerId: '1019',
    name: 'Azeite de Oliva Extravirgem Borges 500ml',
    price: 34.9,
    isActive: false,
  }),
} satisfies Record<string, Product>;

export const [blueM, blueG] = tShirtDimensions;

export type RenderActionsOptions = SeededSession;

/** The order an item update answers in these tests. */
export const updatedOrder = orderFixture({
  id: 'order-1',
  items: [
    { index: 0, providerId: '1001', quantity: 3, name: 'Arroz Branco Tipo 1 Camil 5kg', unitPrice: 27.9 },
  ],
  itemsAmout: 83.7,
  totalAmout: 83.7,
});

/**
 * Renders `ui` at /product/:id with /catalog before it in the history ('Catálogo'), the session
 * loaded (a contact unless platformUser) and the given order cached.
 */
export function renderActions(
  ui: ReactElement,
  { platformUser = false, settings = {}, order = orderFixture() }: RenderActionsOptions = {},
) {
  const queryClient = seededQueryClient({ platformUser, settings, order });
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/catalog', '/product/1']} initialIndex={1}>
          <Routes>
            <Route path="/catalog" element={<p>Catálogo</p>} />
            <Route path="/product/:id" element={ui} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}
