import './gift-panel.css';

/**
 * The 'Brinde' mark of a gift: shown instead of a price on the cart's gift lines (which have no
 * price and no remove button) and on the gift panel's choices.
 */
export function GiftItemBadge() {
  return <span className="gift-item-badge">Brinde</span>;
}
