import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { FilterOverlay } from './use-filter-overlay.ts';

/** At this width and above the filters are a sidebar (spec section 9: mobile breakpoint 768 px). */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

/**
 * What the open filter panel does (the panel's half of use-filter-overlay.ts): 'Fechar' replaces the
 * overlay's entry with the list as filtered; while open the page behind does not scroll; growing the
 * window to the sidebar width closes it (the sidebar takes over). Answers the panel's `hide` and
 * whether the screen is wide (the panel is then a sidebar, always shown).
 */
export function useOverlayPanel(overlay: Pick<FilterOverlay, 'open'>): { hide(): void; wide: boolean } {
  const { open } = overlay;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Closing waits for the next render: a filter chosen in the same tap (the category modal's
  // 'Filtrar' applies the category, then closes) has changed the address by then, and the entry
  // closed is the one with that filter, not the address this render knew.
  const [closing, setClosing] = useState(false);
  // A transition, as the router's own updates are: both land in the same render.
  const hide = useCallback(() => startTransition(() => setClosing(true)), []);
  useEffect(() => {
    if (!closing) return;
    setClosing(false);
    if (open) navigate({ pathname, search }, { replace: true, state: null });
  }, [closing, open, pathname, search, navigate]);

  const wide = useWideScreen();
  useEffect(() => {
    if (open && wide) hide();
  }, [open, wide, hide]);

  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  return { hide, wide };
}

function subscribeWide(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const wide = window.matchMedia(WIDE_SCREEN_QUERY);
  wide.addEventListener('change', onChange);
  return () => wide.removeEventListener('change', onChange);
}

const isWide = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE_SCREEN_QUERY).matches;

/** True while the filters are a sidebar (wide screens), where the panel always shows. */
function useWideScreen(): boolean {
  return useSyncExternalStore(subscribeWide, isWide, () => false);
}
