// The product list of the catalogue: cards in 2/3/4/5 columns by width (the operator's horizontal
// cards in fewer), the next page loaded when the end comes within 250 px, skeletons of the cards'
// own size while a page loads, so nothing jumps when it arrives.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_PRODUCT_PER_PAGE } from '@/contract/catalog.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { EAGER_IMAGES } from '@/products/card-image.ts';
import { type ProductPageSource, productPagesQuery } from '../../api/get-product-pages.ts';
import { viewToParams } from '../../view/catalog-view.ts';
import { type CardQuantities, CardQuantitiesContext } from '../product-card/card-quantities.ts';
import { ProductCard } from '../product-card/product-card.tsx';
import { ProductCardSkeleton } from '../product-card/product-card-skeleton.tsx';
import { useNearEnd } from './use-near-end.ts';
import './product-grid.css';

/** The list's id: the filters' skip link ('Pular para os produtos') focuses it. */
export const PRODUCT_LIST_ID = 'produtos';

/** The grid only needs to know whether the order failed to load, not the order itself. */
const nothing = () => null;

type Props = {
  source: ProductPageSource;
  layout: 'contact' | 'operator';
  /** Heading of the list, for the list's accessible name. */
  labelledBy: string;
  /** The page's quantity queue: cards of products in the cart change their quantity through it. */
  quantities?: CardQuantities;
};

export function ProductGrid({ source, layout, labelledBy, quantities }: Props) {
  const query = useInfiniteQuery(productPagesQuery(source));
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  const products = data?.pages.flatMap((page) => page.data ?? []) ?? [];
  const sentinel = useNearEnd<HTMLDivElement>(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, Boolean(hasNextPage) && !isFetchingNextPage);
  // Without the order nothing can be added: say so once, above the disabled buttons.
  const order = useQuery({ ...currentOrderQuery, enabled: false, select: nothing });
  const quantityOf = quantities?.quantityOf;
  const setQuantity = quantities?.setQuantity;
  // A new value only when a quantity changes, not on every render of the page.
  const cardQuantities = useMemo(
    () => (quantityOf && setQuantity ? { quantityOf, setQuantity } : undefined),
    [quantityOf, setQuantity],
  );

  if (isError && products.length === 0) {
    return (
      <div className="product-grid__message" role="alert">
        <p>Não foi possível carregar os produtos.</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          Tentar novamente
        </button>
      </div>
    );
  }

  const skeletons = isPending || isFetchingNextPage ? DEFAULT_PRODUCT_PER_PAGE : 0;

  return (
    <CardQuantitiesContext value={cardQuantities}>
      {order.isError && (
        <div className="product-grid__message" role="alert">
          <p>Não foi possível carregar o seu pedido. Tente novamente.</p>
          <button type="button" className="button" onClick={() => void order.refetch()}>
            Tentar novamente
          </button>
        </div>
      )}
      <ul
        id={PRODUCT_LIST_ID}
        tabIndex={-1}
        className={`product-grid product-grid--${layout} skip-target`}
        aria-labelledby={labelledBy}
        aria-busy={isPending || isFetchingNextPage}
      >
        {products.map((product, index) => (
          <li key={product.providerId} className="product-grid__item">
            <ProductCard product={product} layout={layout} priority={index < EAGER_IMAGES} />
          </li>
        ))}
        {Array.from({ length: skeletons }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
          <li key={`skeleton-${index}`} className="product-grid__item" aria-hidden="true">
            <ProductCardSkeleton layout={layout} />
          </li>
        ))}
      </ul>
      {!isPending && products.length === 0 && (
        <p className="product-grid__message" role="status">
          Nenhum produto encontrado.
        </p>
      )}
      {!isPending && products.length === 0 && viewToParams(source.view).size > 0 && (
        // An empty search or filter leads back to the whole catalogue.
        <p className="product-grid__message">
          <Link to="/catalog" className="button">
            Ver todos os produtos
          </Link>
        </p>
      )}
      {isError && products.length > 0 && (
        <div className="product-grid__message" role="alert">
          <p>Não foi possível carregar mais produtos.</p>
          <button type="button" className="button" onClick={() => void fetchNextPage()}>
            Tentar novamente
          </button>
        </div>
      )}
      <div ref={sentinel} className="product-grid__sentinel" />
      <p className="visually-hidden" role="status">
        {isFetchingNextPage ? 'Carregando mais produtos...' : ''}
      </p>
    </CardQuantitiesContext>
  );
}
