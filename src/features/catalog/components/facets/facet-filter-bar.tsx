import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { SkipLink } from '@/components/ui/skip-link.tsx';
import { retryingImport } from '@/lib/retrying-import.ts';
import type { FacetSectionsProps } from './facet-sections.tsx';
import { activeFiltersText } from './filter-button.tsx';
import type { FilterOverlay } from './use-filter-overlay.ts';
import { useOverlayPanel } from './use-overlay-panel.ts';

const FacetSections = lazy(retryingImport(() => import('./facet-sections.tsx')));

type Props = FacetSectionsProps & {
  /** The overlay's state, shared with the 'Filtrar' button (FilterButton, in the search bar's row). */
  overlay: FilterOverlay;
  /** How many filters are in force (active-filters.ts). */
  activeCount: number;
  /** 'Limpar filtros': removes every filter in force. */
  onClear(): void;
  /** The product list, where 'Pular para os produtos' takes the keyboard past the filters. */
  productsId: string;
};

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The facet filter bar: a 300 px sidebar on wide screens; under 768 px the same panel as a
 * full-screen overlay with 'Fechar', opened by 'Filtrar' (FilterButton). The layout is pure CSS, so
 * nothing moves once scripts run. With filters in force, a phone shows how many and 'Limpar filtros'
 * above the products, and the panel offers 'Limpar filtros' too.
 */
export function FacetFilterBar({ overlay, activeCount, onClear, productsId, ...sections }: Props) {
  const { open, panelId, buttonRef } = overlay;
  const { hide, wide } = useOverlayPanel(overlay);
  const titleId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  // The sections load when the panel first shows (a sidebar shows at once), then stay.
  const [needed, setNeeded] = useState(false);
  if ((open || wide) && !needed) setNeeded(true);

  // Focus into the overlay when it opens, back to 'Filtrar' when it closes.
  useEffect(() => {
    if (open) closeButton.current?.focus();
    else if (wasOpen.current) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open, buttonRef]);

  // While the overlay is open: Escape closes it and Tab stays inside (a modal panel). The category
  // modal, opened from inside, handles its own keys.
  useEffect(() => {
    const element = sheet.current;
    if (!open || !element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        hide();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (candidate) => !candidate.closest('[hidden]'),
      );
      const first = focusable[0];
      const last = focusable.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [open, hide]);

  const clear =
    activeCount > 0 ? (
      <button type="button" className="facet-filter__clear" onClick={onClear}>
        Limpar filtros
      </button>
    ) : null;

  return (
    <div className="facet-filter" data-open={open || undefined}>
      <SkipLink targetId={productsId} className="facet-filter__skip">
        Pular para os produtos
      </SkipLink>
      {activeCount > 0 && (
        <p className="facet-filter__active">
          <span>{activeFiltersText(activeCount)}</span>
          {clear}
        </p>
      )}
      <aside id={panelId} className="facet-filter__panel" aria-labelledby={titleId}>
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal is set only together with role=dialog. */}
        <div
          ref={sheet}
          className="facet-filter__sheet"
          role={open ? 'dialog' : undefined}
          aria-modal={open || undefined}
          aria-labelledby={open ? titleId : undefined}
        >
          <div className="facet-filter__header">
            <h2 id={titleId} className="facet-filter__title">
              Filtros
            </h2>
            {clear}
            <button ref={closeButton} type="button" className="facet-filter__close" onClick={hide}>
              Fechar
            </button>
          </div>
          {needed && (
            <Suspense fallback={<p className="facet-filter__empty">Carregando filtros...</p>}>
              <FacetSections
                {...sections}
                onFilterCategories={(categoryId, subcategoryId) => {
                  sections.onFilterCategories(categoryId, subcategoryId);
                  // 'Filtrar' in the modal asks to see the products: the overlay closes too.
                  hide();
                }}
              />
            </Suspense>
          )}
        </div>
      </aside>
    </div>
  );
}
