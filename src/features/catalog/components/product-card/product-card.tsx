import { lazy, memo, Suspense, useCallback, useContext, useId, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { KiloPrice, ProductPrice, unitWeight } from '@/components/product-price.tsx';
import type { Product } from '@/contract/catalog.ts';
import { retryingImport } from '@/lib/retrying-import.ts';
import { canChangeQuantity } from '@/order/seller-step.ts';
import { SubscriptionMenu } from '@/order/subscription/subscription-menu.tsx';
import { productPath } from '@/products/product-path.ts';
import { AddButton } from './add-button.tsx';
import { CardQuantitiesContext } from './card-quantities.ts';
import { CardStepper } from './card-stepper.tsx';
import { splitPackSize } from './pack-size.ts';
import { type AddToCart, RESTRICTED_SALE_NOTE, useAddToCart } from './use-add-to-cart.ts';
import './product-card.css';
import { cardImage } from '@/products/card-image.ts';

/** Operators only: shoppers never download the send (its call, its messages). */
const SendProductButton = lazy(
  retryingImport(() =>
    import('./send-product-button.tsx').then((module) => ({ default: module.SendProductButton })),
  ),
);

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
  const name = splitPackSize(product.name);

  return (
    <article
      className={`product-card product-card--${layout}${cart.inCart.units > 0 ? ' product-card--in-cart' : ''}`}
      aria-labelledby={headingId}
    >
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
        {/* The pack size has a line of its own: clamping a long name must not hide it. */}
        <Heading
          id={headingId}
          className={`product-card__name${name.pack ? ' product-card__name--pack' : ''}`}
        >
          <Link to={productPath(product.providerId)} className="product-card__link">
            {name.pack ? (
              <>
                <span className="product-card__name-head">{name.head}</span>{' '}
                <span className="product-card__pack">{name.pack}</span>
              </>
            ) : (
              name.head
            )}
          </Link>
        </Heading>
        {brand && <p className="product-card__brand">{brand}</p>}
        {seller && <p className="product-card__seller">Vendido e entregue por {seller}</p>}
        <KiloPrice product={product} withWeight={!operator} />
        {product.offerDescription && (
          <p className="product-card__offer-description">{product.offerDescription}</p>
        )}
        <div className="product-card__price-row">
          <ProductPrice prices={product} />
          <SubscribeToggle product={product} cart={cart} noteId={noteId} />
        </div>
        <div className="product-card__actions">
          {operator && product.isActive !== false && (
            // The button's own box while its code comes, so the card does not move when it does.
            <Suspense
              fallback={<span className="product-card__button product-card__send" aria-hidden="true" />}
            >
              <SendProductButton product={product} />
            </Suspense>
          )}
          <CartActions product={product} cart={cart} noteId={noteId} />
        </div>
      </div>
    </article>
  );
});

/**
 * After an add turns 'Adicionar' into the stepper, taps on the stepper are ignored this long: the
 * second tap of a double tap on 'Adicionar' would otherwise land on '+' or the bin in its place.
 */
export const STEPPER_SETTLE_MS = 400;

function CartActions({ product, cart, noteId }: { product: Product; cart: AddToCart; noteId: string }) {
  const quantities = useContext(CardQuantitiesContext);
  const wrapper = useRef<HTMLDivElement>(null);
  const focusInside = useRef(false);
  const stepperSince = useRef(0);
  const { line, units } = cart.inCart;
  // The shopper's latest quantity of the card's line (0 while its removal waits to be sent).
  const shown = line ? (quantities?.quantityOf(line) ?? line.quantity) : 0;
  const restricted = cart.blocked === 'restricted';
  const stepper = Boolean(line && quantities && shown > 0 && !product.hasVariants && !restricted);
  const wasStepper = useRef(stepper);
  const inactive = cart.blocked === 'inactive';

  // Whether the keyboard (or a tap) is on the card's cart controls, to keep it there when they swap.
  const attach = useCallback((element: HTMLDivElement | null) => {
    wrapper.current = element;
    if (!element) return;
    const onFocusIn = () => {
      focusInside.current = true;
    };
    // A control removed while focused leaves without a next target: the focus is still ours to place.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) focusInside.current = false;
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  // 'Adicionar' and the stepper take each other's place: the focus follows, and a stepper that just
  // appeared ignores the rest of a double tap.
  useLayoutEffect(() => {
    if (wasStepper.current === stepper) return;
    wasStepper.current = stepper;
    if (stepper) stepperSince.current = performance.now();
    const active = document.activeElement;
    if (focusInside.current && (!active || active === document.body)) {
      const next = stepper ? '.card-stepper button:last-of-type' : '.product-card__add';
      wrapper.current?.querySelector<HTMLElement>(next)?.focus();
    }
  }, [stepper]);

  if (inactive) {
    return <p className="product-card__unavailable">{UNAVAILABLE}</p>;
  }
  // Without a stepper, the units in words (variants, subscriptions, a line the shopper cannot change),
  // as the shopper last set them. With one, the stepper says it: a second number beside it would
  // read as a contradiction.
  const otherUnits = stepper ? 0 : units - (line?.quantity ?? 0) + shown;
  return (
    <div ref={attach} className="product-card__cart">
      {otherUnits > 0 && <p className="product-card__in-cart">{otherUnits} no carrinho</p>}
      {stepper && line && quantities ? (
        <CardStepper
          productName={product.name}
          quantity={shown}
          // The seller step's rule: '+' is disabled while it forbids more; '−' and the bin always pass it.
          canAddMore={canChangeQuantity(cart.storeLocked, shown, shown + 1)}
          onChange={(quantity) => {
            if (performance.now() - stepperSince.current < STEPPER_SETTLE_MS) return;
            quantities.setQuantity(line, quantity);
          }}
        />
      ) : (
        <AddButton
          productName={product.name}
          cart={cart}
          describedBy={restricted ? noteId : undefined}
          // The line is still in the order while its removal waits: taking it back sets it to 1.
          onAdd={
            line && quantities && !product.hasVariants ? () => quantities.setQuantity(line, 1) : undefined
          }
        />
      )}
      {restricted && (
        <p id={noteId} className="product-card__note">
          {RESTRICTED_SALE_NOTE}
        </p>
      )}
    </div>
  );
}

/** 'Assinar', beside the price: a second full-width button would cost the card a row. */
function SubscribeToggle({ product, cart, noteId }: { product: Product; cart: AddToCart; noteId: string }) {
  const offers = product.subscriptionOffers ?? [];
  if (offers.length === 0 || cart.blocked === 'inactive') return null;
  return (
    <SubscriptionMenu
      offers={offers}
      label={`Assinar ${product.name}`}
      buttonClassName="product-card__button product-card__subscribe"
      disabled={cart.blocked !== undefined || cart.pending !== undefined}
      busy={cart.pending === 'subscribe'}
      describedBy={cart.blocked === 'restricted' ? noteId : undefined}
      onChoose={(offer) => cart.add(offer)}
    />
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
