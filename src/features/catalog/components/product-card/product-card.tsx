import { memo, useId } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '../../../../contract/catalog.ts';
import { SubscriptionMenu } from '../../../subscribe/subscription-menu.tsx';
import { AddButton } from './add-button.tsx';
import { KiloPrice, ProductPrice, unitWeight } from './price.tsx';
import { productPath } from './product-path.ts';
import { SendProductButton } from './send-product-button.tsx';
import { type AddToCart, RESTRICTED_SALE_NOTE, useAddToCart } from './use-add-to-cart.ts';
import './product-card.css';
import { cardImage } from './card-image.ts';

/** 'operator' is the platform user's detailed, horizontal card; 'contact' the shopper's. */
export type ProductCardLayout = 'contact' | 'operator';

export type ProductCardProps = {
  product: Product;
  layout: ProductCardLayout;
  /** Above the fold (first row): the image loads at once, with high priority, instead of lazily. */
  priority?: boolean;
  /** Level of the product name's heading; 3 by default (under the page's h1 and the list's h2). */
  headingLevel?: 2 | 3 | 4;
};

/** Image box sizes: the attributes reserve the box before the picture arrives (no layout shift). */
const IMAGE_SIZE = { contact: 320, operator: 96 } as const;

export const UNAVAILABLE = 'Indisponível';

/**
 * One product of the catalogue grid (spec section 2, 'Product card'). The name links to the product
 * page; the whole card is a click target for that link, while its buttons stay their own targets.
 */
export const ProductCard = memo(function ProductCard({
  product,
  layout,
  priority = false,
  headingLevel = 3,
}: ProductCardProps) {
  const headingId = useId();
  const noteId = useId();
  const cart = useAddToCart(product);
  const Heading = `h${headingLevel}` as const;
  const operator = layout === 'operator';
  const weight = operator ? unitWeight(product) : '';
  const highlights = operator
    ? (product.clusterHighlights ?? []).flatMap((highlight) =>
        highlight.name ? [{ key: highlight.id ?? highlight.name, name: highlight.name }] : [],
      )
    : [];
  const brand = operator ? product.brand?.name : undefined;
  const seller = operator ? product.sellerName : undefined;

  return (
    <article className={`product-card product-card--${layout}`} aria-labelledby={headingId}>
      <div className="product-card__media">
        <ProductImage product={product} layout={layout} priority={priority} />
        {weight && (
          <p className="product-card__weight">
            <span className="visually-hidden">Peso: </span>
            {weight}
          </p>
        )}
      </div>
      <div className="product-card__body">
        {highlights.length > 0 && (
          <ul className="product-card__highlights" aria-label="Destaques">
            {highlights.map((highlight) => (
              <li key={highlight.key} className="product-card__highlight">
                {highlight.name}
              </li>
            ))}
          </ul>
        )}
        <Heading id={headingId} className="product-card__name">
          <Link to={productPath(product.providerId)} className="product-card__link">
            {product.name}
          </Link>
        </Heading>
        {brand && <p className="product-card__brand">{brand}</p>}
        {seller && <p className="product-card__seller">Vendido e entregue por {seller}</p>}
        <KiloPrice product={product} withWeight={!operator} />
        {product.offerDescription && (
          <p className="product-card__offer-description">{product.offerDescription}</p>
        )}
        <ProductPrice product={product} />
        <div className="product-card__actions">
          {operator && product.isActive !== false && <SendProductButton product={product} />}
          <CartActions product={product} cart={cart} noteId={noteId} />
        </div>
      </div>
    </article>
  );
});

function CartActions({ product, cart, noteId }: { product: Product; cart: AddToCart; noteId: string }) {
  if (cart.blocked === 'inactive') {
    return <p className="product-card__unavailable">{UNAVAILABLE}</p>;
  }
  const restricted = cart.blocked === 'restricted';
  const offers = product.subscriptionOffers ?? [];
  return (
    <>
      <AddButton productName={product.name} cart={cart} describedBy={restricted ? noteId : undefined} />
      {offers.length > 0 && (
        <SubscriptionMenu
          offers={offers}
          label={`Assinar ${product.name}`}
          buttonClassName="product-card__button product-card__subscribe"
          disabled={cart.blocked !== undefined || cart.pending !== undefined}
          busy={cart.pending === 'subscribe'}
          describedBy={restricted ? noteId : undefined}
          onChoose={(offer) => cart.add(offer)}
        />
      )}
      {restricted && (
        <p id={noteId} className="product-card__note">
          {RESTRICTED_SALE_NOTE}
        </p>
      )}
    </>
  );
}

function ProductImage({
  product,
  layout,
  priority,
}: {
  product: Product;
  layout: ProductCardLayout;
  priority: boolean;
}) {
  const image = cardImage(product, layout);
  if (!image) return <div className="product-card__image product-card__image--empty" aria-hidden="true" />;
  const size = IMAGE_SIZE[layout];
  return (
    <img
      className="product-card__image"
      srcSet={image.srcSet}
      sizes={image.sizes}
      src={image.src}
      alt={product.name}
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
