import './product-facts.css';
import { pricePerKilo, unitWeight } from '@/components/product-price.tsx';
import type { ClusterHighlight, Product } from '@/contract/catalog.ts';

// Small, presentational blocks of the product detail page (spec section 2). Each renders nothing
// when it has nothing to say, so the page can place them freely.

export const UNAVAILABLE_MESSAGE = 'Este produto está indisponível no estoque';

/** The cluster highlights as badges. */
export function ProductHighlights({ highlights }: { highlights?: ClusterHighlight[] | null }) {
  const badges = (highlights ?? []).flatMap((highlight, index) =>
    highlight.name?.trim()
      ? [{ key: `${highlight.id ?? highlight.name}-${index}`, name: highlight.name }]
      : [],
  );
  if (badges.length === 0) return null;
  return (
    <ul className="product-facts__highlights" aria-label="Destaques">
      {badges.map((badge) => (
        <li key={badge.key} className="product-facts__highlight">
          {badge.name}
        </li>
      ))}
    </ul>
  );
}

/** The offer description, as a note (not an alert: it is not news to interrupt the shopper with). */
export function ProductOfferDescription({ text }: { text?: string | null }) {
  if (!text?.trim()) return null;
  return (
    <div className="product-facts__offer" role="note">
      {text}
    </div>
  );
}

/** The product's brand. */
export function ProductBrand({ name }: { name?: string | null }) {
  if (!name?.trim()) return null;
  return (
    <p className="product-facts__brand">
      <span className="visually-hidden">Marca: </span>
      {name}
    </p>
  );
}

/** 'Vendido e entregue por {sellerName}'. */
export function ProductSeller({ sellerName }: { sellerName?: string | null }) {
  if (!sellerName?.trim()) return null;
  return <p className="product-facts__seller">Vendido e entregue por {sellerName}</p>;
}

/**
 * For a product sold by weight: the weight of one unit ('500 g') and the price per kilo
 * ('R$ 6,99/kg'). Nothing for other products.
 */
export function ProductWeight({ product }: { product: Product }) {
  const weight = unitWeight(product);
  const perKilo = pricePerKilo(product);
  if (!weight && !perKilo) return null;
  return (
    <p className="product-facts__weight">
      {weight && <span className="product-facts__unit-weight">{weight}</span>}
      {weight && perKilo && (
        <span className="product-facts__separator" aria-hidden="true">
          {' · '}
        </span>
      )}
      {perKilo && <span className="product-facts__per-kg">{perKilo}</span>}
    </p>
  );
}

/** True when the product is active: a missing isActive counts as active, as on the product card. */
export function isProductActive(product: Pick<Product, 'isActive'>): boolean {
  return product.isActive !== false;
}

/**
 * The shipping restriction of an active, restricted product: the product's own message, else the
 * shop's (settings.shippingRestrictionMessage, passed in).
 */
export function ProductShippingRestriction({
  product,
  defaultMessage,
}: {
  product: Pick<Product, 'isActive' | 'hasShippingRestriction' | 'shippingRestrictionMessage'>;
  defaultMessage?: string | null;
}) {
  if (!isProductActive(product) || !product.hasShippingRestriction) return null;
  const message = product.shippingRestrictionMessage?.trim() || defaultMessage?.trim();
  if (!message) return null;
  return (
    <div className="product-facts__shipping" role="note">
      {message}
    </div>
  );
}

/** 'Este produto está indisponível no estoque' for an inactive product. */
export function ProductUnavailable({ product }: { product: Pick<Product, 'isActive'> }) {
  if (isProductActive(product)) return null;
  return (
    <p className="product-facts__unavailable" role="status">
      {UNAVAILABLE_MESSAGE}
    </p>
  );
}

export interface ProductFactsProps {
  product: Product;
  /** settings.shippingRestrictionMessage: used when the product has no message of its own. */
  shippingRestrictionMessage?: string | null;
}

/**
 * All the facts above in the spec's order, for a page that wants them together: weight and price
 * per kilo, highlights, offer description, brand, seller, shipping restriction, unavailability.
 */
export function ProductFacts({ product, shippingRestrictionMessage }: ProductFactsProps) {
  return (
    <div className="product-facts">
      <ProductWeight product={product} />
      <ProductHighlights highlights={product.clusterHighlights} />
      <ProductOfferDescription text={product.offerDescription} />
      <ProductBrand name={product.brand?.name} />
      <ProductSeller sellerName={product.sellerName} />
      <ProductShippingRestriction product={product} defaultMessage={shippingRestrictionMessage} />
      <ProductUnavailable product={product} />
    </div>
  );
}
