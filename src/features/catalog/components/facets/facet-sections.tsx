// The filter panel's contents: the category choice ('Filtrar por categorias'), then one section per
// facet, open by default (spec section 2). Loaded on its own (facet-filter-bar.tsx) when the panel is
// first shown: a phone's first screen does not need it, and on a wide screen the sidebar fills in
// beside the products without moving them.
import { useId, useState } from 'react';
import { type CatalogFilter, type Category, type Facet, PRICE_FACET_KEY } from '@/contract/catalog.ts';
import { CategoryFilterModal } from '../search/category-filter-modal.tsx';
import { type CategorySelection, selectionPath } from '../search/category-selection.ts';
import { PriceFacet } from './price-facet.tsx';
import { type PriceRange, priceBounds } from './price-steps.ts';

export type FacetSectionsProps = {
  facets: readonly Facet[];
  /** The filters in force: a checkbox is checked when {key, value} is here; the price by its range. */
  filters: readonly CatalogFilter[];
  /** A value's checkbox was ticked or unticked. */
  onToggleValue(key: string, value: string): void;
  /** A new price range, or undefined to remove the price filter. Already debounced (500 ms). */
  onPriceRange(range: PriceRange | undefined): void;
  /** Whether the 'category' and 'subcategory' facets may show (the spec: only in the top list). */
  showCategoryFacets: boolean;
  /** The categories 'Filtrar por categorias' offers (collections have their own tabs). */
  categories: readonly Category[];
  selectedCategoryId: string | undefined;
  selectedSubcategoryId: string | undefined;
  /** 'Filtrar' in the category modal: the chosen pair (both undefined when nothing is chosen). */
  onFilterCategories(categoryId: string | undefined, subcategoryId: string | undefined): void;
};

/** The facets that repeat the category choice: shown only when the page asks for them. */
export const CATEGORY_FACET_KEYS: readonly string[] = ['category', 'subcategory'];

type ValueOption = { value: string; name: string; quantity: number | undefined };

export default function FacetSections(props: FacetSectionsProps) {
  const { facets, filters, onToggleValue, onPriceRange, showCategoryFacets } = props;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const baseId = useId();
  const shown = facets.filter((facet) => isShown(facet, showCategoryFacets));

  function toggleSection(key: string) {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  return (
    <>
      <CategorySection {...props} />
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
    </>
  );
}

/**
 * 'Filtrar por categorias' (the spec's modal), with the category in force. No heading of its own: in
 * the top list the server's 'Categoria' facet follows, and two 'Categoria' headings would confuse.
 */
function CategorySection({
  categories,
  selectedCategoryId,
  selectedSubcategoryId,
  onFilterCategories,
}: FacetSectionsProps) {
  const [modalOpen, setModalOpen] = useState(false);
  const currentId = useId();
  if (categories.length === 0) return null;
  const selection: CategorySelection = {
    categoryId: selectedCategoryId,
    subcategoryId: selectedCategoryId === undefined ? undefined : selectedSubcategoryId,
  };
  const path = selectionPath(categories, selection);

  function apply(chosen: CategorySelection) {
    setModalOpen(false);
    onFilterCategories(chosen.categoryId, chosen.subcategoryId);
  }

  return (
    <div className="facet facet--category">
      {path.length > 0 && (
        <p id={currentId} className="facet__current">
          Categoria escolhida: {path.join(' > ')}
        </p>
      )}
      <button
        type="button"
        className="facet__choose"
        aria-haspopup="dialog"
        aria-describedby={path.length > 0 ? currentId : undefined}
        onClick={() => setModalOpen(true)}
      >
        Filtrar por categorias
      </button>
      {modalOpen && (
        <CategoryFilterModal
          categories={categories}
          initialSelection={selection}
          onApply={apply}
          onClose={() => setModalOpen(false)}
        />
      )}
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
