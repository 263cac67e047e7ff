import { FilterIcon } from '@/components/ui/icons.tsx';
import type { FilterOverlay } from './use-filter-overlay.ts';

/** 'Filtros ativos' in words, for screen readers and for the count's own line. */
export const activeFiltersText = (count: number) =>
  count === 1 ? '1 filtro ativo' : `${count} filtros ativos`;

/**
 * The one way into the filters on a phone: 'Filtrar', with the number of filters in force. It opens
 * the filter panel (categories, facets, price). Wide screens show the panel as a sidebar instead.
 */
export function FilterButton({ overlay, count }: { overlay: FilterOverlay; count: number }) {
  return (
    <button
      ref={overlay.buttonRef}
      type="button"
      className="filter-button"
      aria-expanded={overlay.open}
      aria-controls={overlay.panelId}
      // The count in words: browsers join the visible parts with or without a space.
      aria-label={count > 0 ? `Filtrar, ${activeFiltersText(count)}` : undefined}
      onClick={overlay.show}
    >
      <FilterIcon size={20} />
      <span className="filter-button__text">Filtrar</span>
      {count > 0 && <span className="count-badge filter-button__count">{count}</span>}
    </button>
  );
}
