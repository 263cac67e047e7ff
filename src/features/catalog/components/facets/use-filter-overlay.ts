import { type RefObject, useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';

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
 * bar's row) and the panel. While open the page behind does not scroll; growing the window to the
 * sidebar width closes it (the sidebar takes over).
 */
export function useFilterOverlay(): FilterOverlay {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setOpen(false), []);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(WIDE_SCREEN_QUERY);
    if (wide.matches) {
      setOpen(false);
      return;
    }
    const onChange = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open]);

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
