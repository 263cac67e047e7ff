import { useQuery } from '@tanstack/react-query';
import { lazy, type RefObject, Suspense, useEffect, useMemo, useRef } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ProductPrice } from '@/components/product-price.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import type { Product } from '@/contract/catalog.ts';
import { displayPrice } from '@/lib/format.ts';
import { GET_PRODUCT_FAILED, isMissingProduct, productQuery } from '@/products/get-product.ts';
import { productPath } from '@/products/product-path.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import { ProductActions } from './components/actions/product-actions.tsx';
import { ProductGallery } from './components/gallery/product-gallery.tsx';
import { ProductDescription } from './components/product-description.tsx';
import {
  ProductBrand,
  ProductHighlights,
  ProductOfferDescription,
  ProductSeller,
  ProductShippingRestriction,
  ProductUnavailable,
  ProductWeight,
} from './components/product-facts.tsx';
import { ProductSpecifications } from './components/product-specifications.tsx';
import { RetryButton } from './components/retry-button.tsx';
import { VariantSelectors } from './components/variants/variant-selectors.tsx';
import {
  chooseOption,
  hasDimensions,
  initialSelection,
  productView,
  selectionFromParams,
  selectionToParams,
} from './variants/variant-selection.ts';
import './product-screen.css';

/**
 * 'Compartilhar' comes in its own chunk, after the page: it needs the shop's public profile first,
 * and a shop without one (a backend without the extension) has no share action. Should the chunk
 * fail to load, the page simply has no share action.
 */
const ShareAction = lazy(() =>
  import('./components/share-action.tsx').then(
    (module) => ({ default: module.ShareAction }),
    () => ({ default: () => null }),
  ),
);

/** The product detail page (spec section 2): gallery, facts, variants, quantity and actions. */
export default function ProductPage() {
  const { id = '' } = useParams();
  const {
    data: product,
    isPending,
    isError,
    error,
    isFetching,
    refetch,
  } = useQuery({
    ...productQuery(id),
    enabled: id.trim() !== '',
  });
  // The product a retry brings takes the focus from 'Tentar novamente', which it replaces.
  const focusAfterRetry = useRef(false);

  // A missing or unknown id goes to the not-found page, as the spec says; a failure is not that.
  if (!id.trim() || (isError && isMissingProduct(error))) return <Navigate to="/not-found" replace />;
  if (isError) {
    const retry = () => {
      focusAfterRetry.current = true;
      void refetch();
    };
    return <ProductFailure retrying={isFetching} onRetry={retry} />;
  }
  if (isPending || !product) return <ProductSkeleton />;
  return <ProductDetail key={product.providerId} product={product} focusRequest={focusAfterRetry} />;
}

/**
 * The page's shape while the product loads (issue 38): the picture, the name, the price, a few lines
 * and the buttons, where they will be, so nothing jumps when it arrives. Screen readers hear one
 * status instead of the bones.
 */
function ProductSkeleton() {
  return (
    <div className="product-page product-skeleton" role="status">
      <span className="visually-hidden">Carregando o produto...</span>
      <div className="product-page__media" aria-hidden="true">
        <div className="product-skeleton__bone product-skeleton__picture" />
      </div>
      <div className="product-page__info" aria-hidden="true">
        <span className="product-skeleton__bone product-skeleton__title" />
        <span className="product-skeleton__bone product-skeleton__title product-skeleton__title--end" />
        <span className="product-skeleton__bone product-skeleton__price" />
        <span className="product-skeleton__bone product-skeleton__line" />
        <span className="product-skeleton__bone product-skeleton__line" />
        <span className="product-skeleton__bone product-skeleton__button" />
      </div>
    </div>
  );
}

/**
 * The read failed (the store is down or slow, no connection, a garbled answer): the product may well
 * exist, so the page says it could not load it and offers to try again, as the catalogue's list does.
 * The button keeps the focus while the new try runs (RetryButton).
 */
function ProductFailure({ retrying, onRetry }: { retrying: boolean; onRetry(): void }) {
  return (
    <section className="message-page" role="alert" aria-labelledby="product-failure-title">
      <PageTitle>{GET_PRODUCT_FAILED}</PageTitle>
      <h1 id="product-failure-title">{GET_PRODUCT_FAILED}</h1>
      <RetryButton retrying={retrying} onRetry={onRetry} />
    </section>
  );
}

function ProductDetail({ product, focusRequest }: { product: Product; focusRequest: RefObject<boolean> }) {
  const title = useRef<HTMLHeadingElement>(null);
  // Only once, after a retry: on an ordinary visit the focus stays where navigation put it.
  useEffect(() => {
    if (!focusRequest.current) return;
    focusRequest.current = false;
    title.current?.focus();
  }, [focusRequest]);
  const { settings, isPlatformUser } = useLoadedSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The chosen options live in the address, so a shared or reloaded link shows the same variant.
  const selection = useMemo(
    () => initialSelection(product, selectionFromParams(product, params)),
    [product, params],
  );
  const view = productView(product, selection);
  const withDimensions = hasDimensions(product);

  function choose(attributeId: string, optionId: string) {
    const next = chooseOption(product, selection, attributeId, optionId);
    if (next.redirectTo) {
      navigate(productPath(next.redirectTo), { replace: true });
      return;
    }
    setParams((current) => selectionToParams(product, next.selection, current), { replace: true });
  }

  const attributes = Object.entries(selection).map(([providerId, optionProviderId]) => ({
    providerId,
    optionProviderId,
  }));
  // The chosen combination's price, list price and picture replace the product's (and its range).
  const shown = { ...product, ...view, images: view.images.map((url) => ({ url })) };
  const selectorsShown = settings?.hideAttributes !== true;
  const barPrice = displayPrice(shown);
  const missingChoices =
    withDimensions && !view.dimension && selectorsShown
      ? (product.attributes ?? [])
          .filter((attribute) => (attribute.options ?? []).length > 0 && !selection[attribute.providerId])
          .map((attribute) => ({ id: attribute.providerId, name: attribute.name ?? attribute.providerId }))
      : [];

  return (
    <article className="product-page" aria-labelledby="product-title">
      <PageTitle>{product.name}</PageTitle>
      <div className="product-page__media">
        <ProductGallery images={shown.images} alt={product.name} />
      </div>
      <div className="product-page__info">
        <ProductHighlights highlights={product.clusterHighlights} />
        <h1 id="product-title" ref={title} tabIndex={-1} className="product-page__title">
          {product.name}
        </h1>
        <ProductWeight product={product} />
        <ProductPrice prices={shown} />
        <ProductOfferDescription text={product.offerDescription} />
        <ProductUnavailable product={product} />
        <ProductShippingRestriction product={product} defaultMessage={settings?.shippingRestrictionMessage} />
        {selectorsShown && <VariantSelectors product={product} selection={selection} onChoose={choose} />}
        <ProductActions
          product={product}
          dimension={view.dimension}
          attributes={attributes}
          hasDimensions={withDimensions}
          price={barPrice.current}
          priceLabel={barPrice.range && barPrice.range.min !== barPrice.range.max ? 'A partir de' : 'Preço'}
          missingChoices={missingChoices}
        />
        {!isPlatformUser && (
          <Suspense fallback={null}>
            <ShareAction providerId={product.providerId} name={product.name} />
          </Suspense>
        )}
        <ProductBrand name={product.brand?.name} />
        <ProductSeller sellerName={product.sellerName} />
        <section className="product-page__section" aria-labelledby="product-description">
          <h2 id="product-description">Descrição</h2>
          <ProductDescription html={product.description} />
        </section>
        <ProductSpecifications
          specification={product.specification}
          enabled={settings?.showSpecifications === true}
        />
      </div>
    </article>
  );
}
