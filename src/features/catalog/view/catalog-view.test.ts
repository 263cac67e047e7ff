import { describe, expect, it } from 'vitest';
import {
  type CatalogView,
  chooseTab,
  EMPTY_VIEW,
  filtersOf,
  searchFor,
  setPriceRange,
  toggleCategory,
  toggleFacetValue,
  toggleSubcategory,
  viewFromParams,
  viewToParams,
} from './catalog-view.ts';

const view = (over: Partial<CatalogView> = {}): CatalogView => ({ ...EMPTY_VIEW, ...over });

describe('the category filter (spec section 4)', () => {
  it('selecting a category sets that one id and clears the subcategory', () => {
    expect(toggleCategory(view({ categoryId: '1', subcategoryId: '101' }), '2')).toMatchObject({
      categoryId: '2',
      subcategoryId: undefined,
    });
  });

  it('selecting the same category again clears it', () => {
    expect(toggleCategory(view({ categoryId: '2' }), '2').categoryId).toBeUndefined();
  });

  it('selecting a subcategory sets the category and the subcategory', () => {
    expect(toggleSubcategory(view(), '1', '101')).toMatchObject({ categoryId: '1', subcategoryId: '101' });
  });

  it('selecting the same subcategory again returns to the category only', () => {
    expect(toggleSubcategory(view({ categoryId: '1', subcategoryId: '101' }), '1', '101')).toMatchObject({
      categoryId: '1',
      subcategoryId: undefined,
    });
  });
});

describe('search and tabs', () => {
  it('trims the text and goes back to catalogue mode when it is empty', () => {
    expect(searchFor(view(), '  açúcar  ')).toMatchObject({ mode: 'search', searchText: 'açúcar' });
    expect(searchFor(view({ mode: 'search', searchText: 'x' }), '   ')).toMatchObject({
      mode: 'catalog',
      searchText: '',
    });
  });

  it('keeps the chosen category for the search ("na categoria A > B")', () => {
    expect(searchFor(view({ categoryId: '1', subcategoryId: '101' }), 'arroz')).toMatchObject({
      categoryId: '1',
      subcategoryId: '101',
    });
  });

  it('choosing a tab starts a fresh list: no search, no filters', () => {
    const busy = view({
      mode: 'search',
      searchText: 'x',
      facets: [{ key: 'brand', value: 'Camil' }],
      price: { from: 1, to: 2 },
    });
    expect(chooseTab(busy, '3')).toEqual({ ...EMPTY_VIEW, categoryId: '3' });
    expect(chooseTab(busy, undefined)).toEqual(EMPTY_VIEW);
  });
});

describe('facets', () => {
  it('checks and unchecks a value', () => {
    const once = toggleFacetValue(view(), 'brand', 'Camil');
    expect(once.facets).toEqual([{ key: 'brand', value: 'Camil' }]);
    expect(toggleFacetValue(once, 'brand', 'Camil').facets).toEqual([]);
  });

  it('sends facet values and the price range as the search filters; the full range removes it', () => {
    const v = setPriceRange(toggleFacetValue(view(), 'brand', 'Camil'), { from: 10.5, to: 42 });
    expect(filtersOf(v)).toEqual([
      { key: 'brand', value: 'Camil' },
      { key: 'price', range: { from: 10.5, to: 42 } },
    ]);
    expect(filtersOf(setPriceRange(v, undefined))).toEqual([{ key: 'brand', value: 'Camil' }]);
  });
});

describe('the view in the address', () => {
  it('round-trips through the query string', () => {
    const v = view({
      mode: 'search',
      searchText: 'café forte',
      categoryId: '1',
      subcategoryId: '103',
      facets: [{ key: 'brand', value: 'Pilão' }],
      price: { from: 5, to: 30.5 },
    });
    expect(viewFromParams(viewToParams(v))).toEqual(v);
  });

  it('keeps parameters that are not the view’s', () => {
    const params = viewToParams(view({ categoryId: '2' }), new URLSearchParams('ids=1001,1002'));
    expect(params.get('ids')).toBe('1001,1002');
  });

  it('leaves out what is malformed instead of trusting it', () => {
    const v = viewFromParams(new URLSearchParams('preco=50-10&filtro=semvalor&filtro=:x&subcategoria=101'));
    expect(v).toEqual(EMPTY_VIEW);
  });
});
