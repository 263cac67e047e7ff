import { type RefObject, useCallback, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isOverlayEntry, OVERLAY_STATE } from '../../view/filter-overlay-entry.ts';

export type FilterOverlay = {
  open: boolean;
  show(): void;
  /** The panel's id, for the 'Filtrar' button's aria-controls. */
  panelId: string;
  /** The 'Filtrar' button, which gets the focus back when the overlay closes. */
  buttonRef: RefObject<HTMLButtonElement | null>;
};

/**
 * Open state of the filters' overlay on narrow screens, shared by the 'Filtrar' button (in the search
 * bar's row) and the panel. The overlay is a history entry (view/filter-overlay-entry.ts): 'Filtrar'
 * adds it and the phone's Back closes it. What the open panel does (closing, the page behind held
 * still, the sidebar taking over on a wide screen) comes with the panel's own code
 * (use-overlay-panel.ts), after the first paint.
 */
export function useFilterOverlay(): FilterOverlay {
  const location = useLocation();
  const navigate = useNavigate();
  const open = isOverlayEntry(location.state);
  const { pathname, search } = location;
  const show = useCallback(() => {
    if (!open) navigate({ pathname, search }, { state: OVERLAY_STATE });
  }, [pathname, search, navigate, open]);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return { open, show, panelId, buttonRef };
}
