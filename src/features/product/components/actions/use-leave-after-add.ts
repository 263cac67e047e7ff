// After 'Adicionar' on the product page, a product without dimensions is done: the page "navigates
// back one page" (spec section 4, 'Add to cart'). Three cases make that more careful:
// - the tab opened on this product (a link the operator sent): the page before it is the chat, so it
//   goes to the catalogue instead of out of the store;
// - the shopper has gone elsewhere while the add was on its way (the cart icon on a slow network):
//   that page stays, rather than Back pulling them off it;
// - the page before is the store's: Back, which finds that list with its pages and scroll.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useReturnToCatalog } from '@/lib/catalog-return.ts';
import { currentHistoryEntry, hasStorePageBehind } from '@/lib/history-entry.ts';

/**
 * Call when 'Adicionar' is pressed: it notes the page the shopper is on, and returns the function to
 * call once the add has succeeded.
 */
export function useLeaveAfterAdd(): () => () => void {
  const navigate = useNavigate();
  const returnToCatalog = useReturnToCatalog();
  return useCallback(() => {
    const pressedOn = currentHistoryEntry().key;
    return () => {
      if (currentHistoryEntry().key !== pressedOn) return;
      if (hasStorePageBehind()) navigate(-1);
      else returnToCatalog();
    };
  }, [navigate, returnToCatalog]);
}
