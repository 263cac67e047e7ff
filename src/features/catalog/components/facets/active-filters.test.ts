import { describe, expect, it } from 'vitest';
import { type CatalogView, EMPTY_VIEW } from '../../view/catalog-view.ts';
import { activeFilterCount, withoutFilters } from './active-filters.ts';

const brand = { key: 'brand', value: 'Camil' };
const origin = { key: 'origem', value: 'Brasil' };

describe('the filters in force', () => {
  it('counts each facet value and the price range', () => {
    expect(activeFilterCount(EMPTY_VIEW)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_VIEW, facets: [brand, origin], price: { from: 5, to: 20 } })).toBe(3);
  });

  it('counts a subcategory, not the category tab the shopper is on', () => {
    expect(activeFilterCount({ ...EMPTY_VIEW, categoryId: '1' })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_VIEW, categoryId: '1', subcategoryId: '101' })).toBe(1);
  });

  it('counts the category a search is narrowed to', () => {
    const search: CatalogView = { ...EMPTY_VIEW, mode: 'search', searchText: 'arroz', categoryId: '1' };
    expect(activeFilterCount(search)).toBe(1);
  });
});

describe("'Limpar filtros'", () => {
  it('removes the facet values, the price and the subcategory, staying on the category tab', () => {
    const view: CatalogView = {
      ...EMPTY_VIEW,
      categoryId: '1',
      subcategoryId: '101',
      facets: [brand],
      price: { from: 5, to: 20 },
    };
    const cleared = withoutFilters(view);
    expect(cleared).toMatchObject({ mode: 'catalog', categoryId: '1', facets: [] });
    expect(cleared.subcategoryId).toBeUndefined();
    expect(cleared.price).toBeUndefined();
    expect(activeFilterCount(cleared)).toBe(0);
  });

  it('keeps the search text, widening it to every category', () => {
    const view: CatalogView = {
      ...EMPTY_VIEW,
      mode: 'search',
      searchText: 'arroz',
      categoryId: '1',
      facets: [brand],
    };
    const cleared = withoutFilters(view);
    expect(cleared).toMatchObject({ mode: 'search', searchText: 'arroz', facets: [] });
    expect(cleared.categoryId).toBeUndefined();
    expect(activeFilterCount(cleared)).toBe(0);
  });
});
