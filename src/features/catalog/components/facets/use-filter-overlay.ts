import { useCallback, useEffect, useState } from 'react';

/** At this width and above the filters are a sidebar (spec section 9: mobile breakpoint 768 px). */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

/**
 * Open state of the filters' overlay on narrow screens. While open the page behind does not scroll;
 * growing the window to the sidebar width closes it (the sidebar takes over).
 */
export function useFilterOverlay() {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setOpen(false), []);

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

  return { open, show, hide };
}
