// What an item update must satisfy before it touches the order: the product can be bought by this
// session, in the variant, subscription and attributes asked for. Each refusal is a Portuguese 4xx.
import type { OrderableDimension, OrderableProduct } from '../catalog/orderable-product.ts';
import type { OrderItemUpdate } from '../contract.ts';
import { badRequest, SandboxHttpError } from '../http/envelope.ts';

export type PricedChoice = {
  sku: string;
  unitPriceCents: number;
  promotionalPriceCents: number | null;
  /** The product's "De" price, when it is above the unit price (the card strikes it). */
  listPriceCents: number | null;
};

/** The list price a line shows struck, as the product's card does: only above what it costs. */
const listAbove = (listPriceCents: number | null, priceCents: number) =>
  listPriceCents !== null && listPriceCents > priceCents ? listPriceCents : null;

/** Refuses a product that cannot be bought now (inactive, or restricted for this session). */
export function assertBuyable(
  product: OrderableProduct,
  options: { restrictedSalesDisabled: boolean; isPlatformUser: boolean },
): void {
  if (!product.isActive) throw badRequest('Este produto está indisponível no estoque');
  if (product.isRestrictedSale && options.restrictedSalesDisabled && !options.isPlatformUser) {
    throw new SandboxHttpError(
      403,
      'Este produto tem venda restrita e só pode ser adicionado por um atendente.',
      'unauthorized',
    );
  }
}

function dimensionFor(product: OrderableProduct, update: OrderItemUpdate): OrderableDimension {
  const chosen = new Map((update.attributes ?? []).map((a) => [a.providerId, a.optionProviderId]));
  const wantedSku = update.sku ?? product.selectedSku;
  if (wantedSku) {
    const bySku = product.dimensions.find((d) => d.sku === wantedSku);
    if (!bySku) throw badRequest('A variação escolhida não pertence a este produto.');
    // The line keeps the attributes it was sent and shows them: they may not name another variant
    // than the one charged (white in the cart, black in the box).
    const disagrees = Object.entries(bySku.options).some(
      ([attribute, option]) => chosen.has(attribute) && chosen.get(attribute) !== option,
    );
    if (disagrees) throw badRequest('As opções escolhidas não correspondem à variação do produto.');
    return bySku;
  }
  // No sku: the attributes must name one option of every attribute of a dimension.
  const match = product.dimensions.find((d) =>
    Object.entries(d.options).every(([attribute, option]) => chosen.get(attribute) === option),
  );
  if (!match) throw badRequest('Escolha as opções do produto antes de adicioná-lo ao carrinho.');
  return match;
}

/** The sku and prices of the line, from the product (and its chosen variant). */
export function priceChoice(product: OrderableProduct, update: OrderItemUpdate): PricedChoice {
  if (product.hasVariants) {
    const dimension = dimensionFor(product, update);
    if (!dimension.isAvailable) throw badRequest('Esta variação do produto está indisponível no estoque');
    return {
      sku: dimension.sku,
      unitPriceCents: dimension.priceCents,
      promotionalPriceCents: null,
      listPriceCents: listAbove(product.listPriceCents, dimension.priceCents),
    };
  }
  if (update.sku !== undefined && update.sku !== product.sku) {
    throw badRequest('A variação escolhida não pertence a este produto.');
  }
  return {
    sku: product.sku,
    unitPriceCents: product.priceCents,
    promotionalPriceCents: product.promotionalPriceCents,
    listPriceCents: listAbove(product.listPriceCents, product.priceCents),
  };
}

/** Every attribute sent must be one of the product's, with one of its options. */
export function assertAttributes(product: OrderableProduct, update: OrderItemUpdate): void {
  for (const attribute of update.attributes ?? []) {
    const known = product.attributes.find((a) => a.providerId === attribute.providerId);
    if (!known?.options.some((o) => o.providerId === attribute.optionProviderId)) {
      throw badRequest('Uma das opções escolhidas não existe para este produto.');
    }
  }
}

/** A subscription must be one of the product's offers (same recurrence type and frequency). */
export function assertSubscription(product: OrderableProduct, update: OrderItemUpdate): void {
  const wanted = update.subscription;
  if (!wanted) return;
  const offered = product.subscriptionOffers.some(
    (o) =>
      o.recurrence.type === wanted.recurrence.type && o.recurrence.frequency === wanted.recurrence.frequency,
  );
  if (!offered) throw badRequest('Esta assinatura não está disponível para este produto.');
}
