// A product on the wire: every field of the shopper spec's product (section 3), absent values
// null or empty, money in reais.
import { centsToReais } from '../rules/money.ts';
import type { ProductRow, ResolvedProduct } from './catalog-store.ts';
import { readProductDetails, type StoredDimension } from './product-details.ts';

const reaisOrNull = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : centsToReais(cents);

function dimensionToWire(d: StoredDimension) {
  return {
    attributes: d.attributes,
    image: d.imageUrl ? { url: d.imageUrl } : null,
    sku: d.sku,
    priceDefault: centsToReais(d.priceCents),
    isAvailable: d.isAvailable,
  };
}

/** A listed product: its own id, no variant chosen. */
export function productRowToWire(row: ProductRow) {
  return productToWire({
    row,
    details: readProductDetails(row.details),
    providerId: row.id,
    currentDimension: null,
  });
}

export function productToWire({ row, details: d, providerId, currentDimension }: ResolvedProduct) {
  const hasVariants = d.dimensions.length > 0;
  const current = currentDimension ? dimensionToWire(currentDimension) : null;
  // A chosen dimension has its own price; the product's "De" price still shows when above it.
  const priceCents = currentDimension?.priceCents ?? row.price_cents;
  const listPriceCents =
    currentDimension && (row.list_price_cents ?? 0) <= priceCents ? null : row.list_price_cents;
  // 'min - max' is shown only when the variants' prices differ.
  const showsRange = hasVariants && row.min_price_cents !== row.max_price_cents;
  return {
    providerId,
    name: row.name,
    images: d.images,
    variantImagesSrc: [...new Set(d.dimensions.flatMap((x) => (x.imageUrl ? [x.imageUrl] : [])))],
    attributes: d.attributes,
    dimensions: d.dimensions.map(dimensionToWire),
    currentDimension: current,
    sku: currentDimension?.sku ?? row.id,
    price: centsToReais(priceCents),
    listPrice: reaisOrNull(listPriceCents),
    promotionalPrice: currentDimension ? null : reaisOrNull(row.promotional_price_cents),
    minPrice: showsRange ? centsToReais(row.min_price_cents) : null,
    maxPrice: showsRange ? centsToReais(row.max_price_cents) : null,
    brand: { name: row.brand },
    sellerName: d.sellerName,
    description: d.description,
    specification: d.specification,
    soldInKilo: row.sold_in_kilo === 1,
    amountInKilo: d.amountInKilo,
    kilogramPrice: reaisOrNull(d.kilogramPriceCents),
    clusterHighlights: d.clusterHighlights,
    offerDescription: d.offerDescription,
    isActive: row.is_active === 1,
    hasVariants,
    isRestrictedSale: row.is_restricted_sale === 1,
    hasShippingRestriction: row.has_shipping_restriction === 1,
    shippingRestrictionMessage: d.shippingRestrictionMessage,
    subscriptionOffers: d.subscriptionOffers,
  };
}
