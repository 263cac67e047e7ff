// Test support for the product card's component tests: products shaped like the sandbox seed
// (server/sandbox/seed/products.ts) and a render helper with a loaded session and, optionally, an order.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { orderFixture, productFixture } from '@tests/msw.ts';
import { type SeededSession, seededQueryClient } from '@tests/render.tsx';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import type { Product } from '@/contract/catalog.ts';
import { RecurrenceType } from '@/contract/enums.ts';
import { useQuantityQueue } from '@/order/quantity/use-quantity-queue.ts';
import { CardQuantitiesContext } from './card-quantities.ts';

const base = productFixture;

export const products = {
  /** 1001: a 'De' list price above the price. */
  rice: base({
    providerId: '1001',
    name: 'Arroz Branco Tipo 1 Camil 5kg',
    price: 27.9,
    listPrice: 32.9,
    brand: { name: 'Camil' },
    clusterHighlights: [{ id: 'mais-vendido', name: 'Mais vendido' }],
  }),
  /** 1008: a promotional price, an offer description and two subscription offers. */
  coffee: base({
    providerId: '1008',
    name: 'Café Torrado e Moído Pilão 500g',
    price: 18.9,
    promotionalPrice: 16.49,
    brand: { name: 'Pilão' },
    offerDescription: 'Assine e receba todo mês sem se preocupar.',
    clusterHighlights: [
      { id: 'oferta', name: 'Oferta' },
      { id: 'assinatura', name: 'Assinatura' },
    ],
    subscriptionOffers: [
      { recurrence: { type: RecurrenceType.Monthly, frequency: 1 } },
      { recurrence: { type: RecurrenceType.Weekly, frequency: 2 } },
    ],
  }),
  /** 11103: variants, chosen on the product page. */
  tShirt: base({
    providerId: '11103',
    name: 'Camiseta Básica Algodão Hering',
    price: 39.9,
    minPrice: 39.9,
    maxPrice: 44.9,
    hasVariants: true,
  }),
  /** 3001: sold by weight. */
  banana: base({
    providerId: '3001',
    name: 'Banana Prata aprox. 500g',
    price: 3.5,
    soldInKilo: true,
    amountInKilo: 0.5,
    kilogramPrice: 6.99,
  }),
  /** 2006: restricted sale. */
  beer: base({
    providerId: '2006',
    name: 'Cerveja Brahma Duplo Malte Lata 350ml',
    price: 4.19,
    isRestrictedSale: true,
  }),
  /** 1019: inactive, still answered by id. */
  inactive: base({
    providerId: '1019',
    name: 'Azeite de Oliva Extravirgem Borges 500ml',
    price: 34.9,
    isActive: false,
  }),
  /** 2008: a marketplace partner sells it (restricted sale too). */
  wine: base({
    providerId: '2008',
    name: 'Vinho Tinto Casillero del Diablo Cabernet Sauvignon 750ml',
    price: 69.9,
    listPrice: 79.9,
    isRestrictedSale: true,
    sellerName: 'Adega Santa Cecília',
    brand: { name: 'Casillero del Diablo' },
  }),
  /** 10101: variants priced apart, shown as a range, with a subscription. */
  dogFood: base({
    providerId: '10101',
    name: 'Ração Pedigree Adulto Carne e Vegetais',
    price: 24.9,
    minPrice: 24.9,
    maxPrice: 149.9,
    hasVariants: true,
    subscriptionOffers: [{ recurrence: { type: RecurrenceType.Monthly, frequency: 1 } }],
  }),
} satisfies Record<string, Product>;

export type RenderCardOptions = SeededSession & {
  /** Give the card the page's quantity queue, as the grid does (default); false: none. */
  quantities?: boolean;
};

/** The grid's part for a card: the page's quantity queue (order/quantity/use-quantity-queue.ts). */
function WithQuantities({ children }: { children: ReactNode }) {
  const { quantityOf, setQuantity } = useQuantityQueue();
  return <CardQuantitiesContext value={{ quantityOf, setQuantity }}>{children}</CardQuantitiesContext>;
}

/** The order an item update answers in these tests. */
export const updatedOrder = orderFixture({
  id: 'order-1',
  items: [
    { index: 0, providerId: '1001', quantity: 1, name: 'Arroz Branco Tipo 1 Camil 5kg', unitPrice: 27.9 },
  ],
  itemsAmout: 27.9,
  totalAmout: 27.9,
});

function ProductPageProbe() {
  const { id } = useParams();
  return <p>Página do produto {id}</p>;
}

/**
 * Renders a card at /catalog with the session loaded (a contact unless platformUser), the given
 * order cached and the page's quantity queue. /product/:id renders 'Página do produto {id}'.
 */
export function renderCard(
  ui: ReactElement,
  { platformUser = false, settings = {}, order = orderFixture(), quantities = true }: RenderCardOptions = {},
) {
  const queryClient = seededQueryClient({ platformUser, settings, order });
  const page = quantities ? <WithQuantities>{ui}</WithQuantities> : ui;
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/catalog']}>
          <Routes>
            <Route path="/catalog" element={page} />
            <Route path="/product/:id" element={<ProductPageProbe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}
