import './facet-filter-bar.css';
import { useEffect, useId, useRef, useState } from 'react';
import { FilterIcon } from '../../../../components/ui/icons.tsx';
import { type CatalogFilter, type Facet, PRICE_FACET_KEY } from '../../../../contract/catalog.ts';
import { PriceFacet } from './price-facet.tsx';
import { type PriceRange, priceBounds } from './price-steps.ts';
import { useFilterOverlay } from './use-filter-overlay.ts';

/** The facets that repeat the category choice: shown only when the page asks for them. */
export const CATEGORY_FACET_KEYS: readonly string[] = ['category', 'subcategory'];

type Props = {
  facets: readonly Facet[];
  /** The filters in force: a checkbox is checked when {key, value} is here; the price by its range. */
  filters: readonly CatalogFilter[];
  /** A value's checkbox was ticked or unticked. */
  onToggleValue(key: string, value: string): void;
  /** A new price range, or undefined to remove the price filter. Already debounced (500 ms). */
  onPriceRange(range: PriceRange | undefined): void;
  /** Whether the 'category' and 'subcategory' facets may show (the spec: only in the top list). */
  showCategoryFacets: boolean;
};

type ValueOption = { value: string; name: string; quantity: number | undefined };

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The facet filter bar: a 300 px sidebar on wide screens; under 768 px a 'Filtrar' button opening
 * the same panel as a full-screen overlay with 'Fechar'. The layout is pure CSS, so nothing moves
 * once scripts run; the hook only keeps the overlay's open state.
 */
export function FacetFilterBar({ facets, filters, onToggleValue, onPriceRange, showCategoryFacets }: Props) {
  const { open, show, hide } = useFilterOverlay();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const titleId = useId();
  const panelId = useId();
  const baseId = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  // Focus into the overlay when it opens, back to 'Filtrar' when it closes.
  useEffect(() => {
    if (open) closeButton.current?.focus();
    else if (wasOpen.current) openButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // While the overlay is open: Escape closes it and Tab stays inside (a modal panel).
  useEffect(() => {
    const element = sheet.current;
    if (!open || !element) return;
    const onKeyDown = (event: KeyboardEvent) => {
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

  const shown = facets.filter((facet) => isShown(facet, showCategoryFacets));

  function toggleSection(key: string) {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  return (
    <div className="facet-filter" data-open={open || undefined}>
      <button
        ref={openButton}
        type="button"
        className="facet-filter__open"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={show}
      >
        <FilterIcon size={20} />
        Filtrar
      </button>
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
            <button ref={closeButton} type="button" className="facet-filter__close" onClick={hide}>
              Fechar
            </button>
          </div>

          {shown.length === 0 && <p className="facet-filter__empty">Nenhum filtro disponível.</p>}

          {shown.map((facet, index) => {
            const headingId = `${baseId}-${index}-title`;
            const bodyId = `${baseId}-${index}-body`;
            const expanded = !collapsed.has(facet.key);
            const name = facet.name || facet.key;
            return (
              <div key={facet.key} className="facet">
                <h3 className="facet__heading">
                  <button
                    id={headingId}
                    type="button"
                    className="facet__toggle"
                    aria-expanded={expanded}
                    aria-controls={bodyId}
                    onClick={() => toggleSection(facet.key)}
                  >
                    {name}
                  </button>
                </h3>
                <div id={bodyId} className="facet__body" hidden={!expanded}>
                  {facet.key === PRICE_FACET_KEY ? (
                    <PriceSection
                      facet={facet}
                      filters={filters}
                      onPriceRange={onPriceRange}
                      labelledBy={headingId}
                    />
                  ) : (
                    <ValueList
                      facetKey={facet.key}
                      options={valueOptions(facet)}
                      filters={filters}
                      onToggleValue={onToggleValue}
                      labelledBy={headingId}
                    />
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </aside>
    </div>
  );
}

/** Hidden facets never show, category facets only when asked, and a facet with nothing to choose not. */
export function isShown(facet: Facet, showCategoryFacets: boolean): boolean {
  if (facet.hidden) return false;
  if (!showCategoryFacets && CATEGORY_FACET_KEYS.includes(facet.key)) return false;
  if (facet.key === PRICE_FACET_KEY) return facetBounds(facet) !== undefined;
  return valueOptions(facet).length > 0;
}

const facetBounds = (facet: Facet) => priceBounds(facet.values?.find((value) => value.range)?.range);

function valueOptions(facet: Facet): ValueOption[] {
  const options: ValueOption[] = [];
  for (const entry of facet.values ?? []) {
    const value = entry.value ?? entry.name;
    if (value === undefined || value === null || value === '') continue;
    options.push({ value, name: entry.name || value, quantity: entry.quantity ?? undefined });
  }
  return options;
}

function ValueList({
  facetKey,
  options,
  filters,
  onToggleValue,
  labelledBy,
}: {
  facetKey: string;
  options: ValueOption[];
  filters: readonly CatalogFilter[];
  onToggleValue(key: string, value: string): void;
  labelledBy: string;
}) {
  return (
    <fieldset className="facet__group" aria-labelledby={labelledBy}>
      <ul className="facet__values">
        {options.map((option) => (
          <li key={option.value}>
            <label className="facet__option">
              <input
                type="checkbox"
                checked={filters.some((filter) => filter.key === facetKey && filter.value === option.value)}
                onChange={() => onToggleValue(facetKey, option.value)}
              />
              <span className="facet__name">
                {option.name}
                {option.quantity !== undefined && (
                  <>
                    {' '}
                    <span className="facet__quantity">({option.quantity})</span>
                  </>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function PriceSection({
  facet,
  filters,
  onPriceRange,
  labelledBy,
}: {
  facet: Facet;
  filters: readonly CatalogFilter[];
  onPriceRange(range: PriceRange | undefined): void;
  labelledBy: string;
}) {
  const bounds = facetBounds(facet);
  if (!bounds) return null;
  const selected = filters.find((filter) => filter.key === PRICE_FACET_KEY && filter.range)?.range;
  return (
    <PriceFacet bounds={bounds} selected={selected} onPriceRange={onPriceRange} labelledBy={labelledBy} />
  );
}
