import type { ProductCardLayout } from './product-card.tsx';
import './product-card.css';

/**
 * A placeholder of the card while a page of products loads. It uses the card's own boxes (image,
 * body, action row), so the real card takes its place without moving anything. Hidden from screen
 * readers: the grid announces its loading state itself.
 */
export function ProductCardSkeleton({ layout }: { layout: ProductCardLayout }) {
  return (
    <div className={`product-card product-card--${layout} product-card--skeleton`} aria-hidden="true">
      <div className="product-card__media">
        <div className="product-card__image product-card__image--empty" />
      </div>
      <div className="product-card__body">
        <span className="product-card__bone product-card__bone--title" />
        <span className="product-card__bone product-card__bone--title-end" />
        <span className="product-card__bone product-card__bone--price" />
        <div className="product-card__actions">
          <span className="product-card__bone product-card__bone--button" />
        </div>
      </div>
    </div>
  );
}
