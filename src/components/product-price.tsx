import type { Product } from '@/contract/catalog.ts';
import { displayPrice, formatBRL, formatPriceRange, formatWeight, type PriceFields } from '@/lib/format.ts';
import './product-price.css';

/**
 * A price as every screen shows it (the catalogue's cards, the product page, the order's lines), by
 * the spec's one rule (section 9, displayPrice): the list price struck through when above the price,
 * the price the shopper pays, and the 'min - max' range of a product whose variants are priced apart.
 * The range takes the place of the single price (it starts at it) unless both ends are equal.
 * 'De' and 'Por' are read by screen readers, which do not announce a struck price as such.
 */
export function ProductPrice({ prices }: { prices: PriceFields }) {
  const price = displayPrice(prices);
  const range =
    price.range && price.range.min !== price.range.max
      ? formatPriceRange(price.range.min, price.range.max)
      : '';
  const current = formatBRL(price.current);
  const struck = price.struck !== undefined ? formatBRL(price.struck) : '';

  return (
    <div className="price">
      {struck && (
        <s className="price__struck">
          <span className="visually-hidden">De </span>
          {struck}
        </s>
      )}
      {range ? (
        <p className="price__current price__current--range">
          {struck && <span className="visually-hidden">Por </span>}
          {range}
        </p>
      ) : (
        current && (
          <p className="price__current">
            {struck && <span className="visually-hidden">Por </span>}
            {current}
          </p>
        )
      )}
    </div>
  );
}

/** The price per kilo of a product sold by weight: 'R$ 6,99/kg', or '' when it has none. */
export function pricePerKilo(product: Product): string {
  if (!product.soldInKilo || typeof product.kilogramPrice !== 'number') return '';
  const price = formatBRL(product.kilogramPrice);
  return price ? `${price}/kg` : '';
}

/** The weight of one unit of a product sold by weight ('500 g', '1 kg'), or ''. */
export function unitWeight(product: Product): string {
  if (!product.soldInKilo || typeof product.amountInKilo !== 'number' || product.amountInKilo <= 0) return '';
  return formatWeight(product.amountInKilo);
}

/** 'R$ 6,99/kg', followed by the unit's weight when asked: 'R$ 6,99/kg · 1 kg'. */
export function KiloPrice({ product, withWeight }: { product: Product; withWeight: boolean }) {
  const perKilo = pricePerKilo(product);
  if (!perKilo) return null;
  const weight = withWeight ? unitWeight(product) : '';
  return (
    <p className="product-card__per-kg">
      {perKilo}
      {weight && <span className="product-card__unit-weight"> · {weight}</span>}
    </p>
  );
}
