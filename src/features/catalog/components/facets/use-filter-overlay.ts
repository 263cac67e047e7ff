import {
  type RefObject,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isOverlayEntry, OVERLAY_STATE } from '../../view/filter-overlay-entry.ts';

/** At this width and above the filters are a sidebar (spec section 9: mobile breakpoint 768 px). */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

export type FilterOverlay = {
  open: boolean;
  show(): void;
  hide(): void;
  /** The panel's id, for the 'Filtrar' button's aria-controls. */
  panelId: string;
  /** The 'Filtrar' button, which gets the focus back when the overlay closes. */
  buttonRef: RefObject<HTMLButtonElement | null>;
};

/**
 * Open state of the filters' overlay on narrow screens, shared by the 'Filtrar' button (in the search
 * bar's row) and the panel. The overlay is a history entry (view/filter-overlay-entry.ts): 'Filtrar'
 * adds it, the phone's Back closes it, 'Fechar' replaces it with the list as filtered. While open the
 * page behind does not scroll; growing the window to the sidebar width closes it (the sidebar takes
 * over).
 */
export function useFilterOverlay(): FilterOverlay {
  const location = useLocation();
  const navigate = useNavigate();
  const open = isOverlayEntry(location.state);
  const { pathname, search, hash } = location;
  const show = useCallback(() => {
    if (!open) navigate({ pathname, search, hash }, { state: OVERLAY_STATE });
  }, [pathname, search, hash, navigate, open]);
  // Closing waits for the next render: a filter chosen in the same tap (the category modal's
  // 'Filtrar' applies the category, then closes) has changed the address by then, and the entry
  // closed is the one with that filter, not the address this render knew.
  const [closing, setClosing] = useState(false);
  // A transition, as the router's own updates are: both land in the same render.
  const hide = useCallback(() => startTransition(() => setClosing(true)), []);
  useEffect(() => {
    if (!closing) return;
    setClosing(false);
    if (open) navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [closing, open, pathname, search, hash, navigate]);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(WIDE_SCREEN_QUERY);
    if (wide.matches) {
      hide();
      return;
    }
    const onChange = () => {
      if (wide.matches) hide();
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open, hide]);

  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  return { open, show, hide, panelId, buttonRef };
}

function subscribeWide(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const wide = window.matchMedia(WIDE_SCREEN_QUERY);
  wide.addEventListener('change', onChange);
  return () => wide.removeEventListener('change', onChange);
}

const isWide = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE_SCREEN_QUERY).matches;

/** True while the filters are a sidebar (wide screens), where the panel always shows. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribeWide, isWide, () => false);
}
