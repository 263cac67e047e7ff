import { useQuery } from '@tanstack/react-query';
import { lazy, type MouseEvent, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { BackIcon, CartIcon } from '@/components/ui/icons.tsx';
import type { Order } from '@/contract/order.ts';
import { totalItemQuantity } from '@/contract/order.ts';
import { catalogReturnPath, useReturnToCatalog } from '@/lib/catalog-return.ts';
import { formatCount } from '@/lib/format.ts';
import { retryingImport } from '@/lib/retrying-import.ts';
import { whenPageSettles } from '@/lib/when-page-settles.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { closedOrderState } from '@/order/closed-order.ts';

/**
 * The order limits' dropdown, only in shops whose orders have limits: its code comes after the first
 * paint, in a place of the button's size meanwhile.
 */
const OrderLimits = lazy(
  retryingImport(() => import('./order-limits.tsx').then((module) => ({ default: module.OrderLimits }))),
);

/**
 * 'Abrir no navegador' in the chat apps' own browsers (app/open-in-browser): the detection library
 * and the menu come once the page has settled, in a chunk of their own, and render nothing elsewhere.
 */
const OpenInBrowser = lazy(
  retryingImport(() =>
    new Promise<void>((settled) => whenPageSettles(settled)).then(
      () => import('../open-in-browser/open-in-browser-menu.tsx'),
    ),
  ),
);

const hasLimits = (logistic: Order['logistic']) =>
  Boolean(logistic?.maxDistinctItems || logistic?.maxItemsAmout || logistic?.orderMinPrice);

export type TopBarProps = {
  logoUrl?: string;
  isPlatformUser: boolean;
  /** The catalogue has no back button; some screens disable it too. */
  showBack: boolean;
};

/**
 * The bar on every page: back to the catalogue (the list the shopper came from), the shop's logo, the
 * order limits and the cart.
 * It fetches the current order when nobody has yet (the cache shares it with every screen).
 */
export function TopBar({ logoUrl, isPlatformUser, showBack }: TopBarProps) {
  const { data: order } = useQuery(currentOrderQuery);
  // A closed order's items are no longer a cart: the badge tells its state instead of a count.
  const closed = closedOrderState(order);
  const quantity = order && !closed ? totalItemQuantity(order) : 0;
  const cartPath = isPlatformUser ? '/order/checkout' : '/order';
  const returnToCatalog = useReturnToCatalog();

  // Back to the list the shopper came from, at its scroll; a click that opens a new tab keeps the link's.
  function onBack(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    returnToCatalog();
  }

  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <div className="top-bar__start">
          {showBack && (
            <Link
              to={catalogReturnPath()}
              className="icon-button"
              aria-label="Voltar ao catálogo"
              onClick={onBack}
            >
              <BackIcon />
            </Link>
          )}
          <Link to="/catalog" className="top-bar__logo" aria-label="Ir para o catálogo">
            {logoUrl ? (
              <img src={logoUrl} alt="Logo da loja" width={120} height={30} decoding="async" />
            ) : (
              <span className="top-bar__shop-name">Shop</span>
            )}
          </Link>
        </div>
        <div className="top-bar__end">
          {order && hasLimits(order.logistic) && (
            <Suspense fallback={<span className="icon-button" aria-hidden="true" />}>
              <OrderLimits logistic={order.logistic} />
            </Suspense>
          )}
          <Suspense>
            <OpenInBrowser />
          </Suspense>
          <Link to={cartPath} className="icon-button cart-link" title={closed?.title}>
            <CartIcon />
            {/* One spoken name for the link; the visual badge is hidden from screen readers. */}
            <span className="visually-hidden">{cartLinkName(quantity, closed?.spoken)}</span>
            {(closed || quantity > 0) && (
              <span className="count-badge cart-link__badge" aria-hidden="true">
                {closed ? closed.mark : quantity}
              </span>
            )}
          </Link>
        </div>
      </div>
    </header>
  );
}

function cartLinkName(quantity: number, closedState: string | undefined): string {
  if (closedState) return `Ver carrinho: ${closedState}`;
  return quantity > 0
    ? `Ver carrinho, ${formatCount(quantity, 'item', 'itens')} no carrinho`
    : 'Ver carrinho';
}
