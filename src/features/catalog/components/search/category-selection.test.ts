import { describe, expect, it } from 'vitest';
import type { Category } from '@/contract/catalog.ts';
import {
  badgeText,
  NO_SELECTION,
  selectionIds,
  selectionPath,
  toggleCategory,
  toggleSubcategory,
} from './category-selection.ts';

const categories: Category[] = [
  {
    providerId: '1',
    name: 'Mercearia',
    children: [
      { providerId: '101', name: 'Grãos' },
      { providerId: '102', name: 'Óleos' },
    ],
  },
  { providerId: '2', name: 'Bebidas' },
];

describe('category selection', () => {
  it('selects a category alone', () => {
    expect(toggleCategory(NO_SELECTION, '1')).toEqual({ categoryId: '1' });
  });

  it('clears the subcategory when another category is chosen', () => {
    expect(toggleCategory({ categoryId: '1', subcategoryId: '101' }, '2')).toEqual({ categoryId: '2' });
  });

  it('clears the selection when the selected category is chosen again', () => {
    expect(toggleCategory({ categoryId: '1' }, '1')).toEqual({});
    expect(toggleCategory({ categoryId: '1', subcategoryId: '101' }, '1')).toEqual({});
  });

  it('selects the pair when a subcategory is chosen', () => {
    expect(toggleSubcategory({ categoryId: '1' }, '1', '101')).toEqual({
      categoryId: '1',
      subcategoryId: '101',
    });
    expect(toggleSubcategory({ categoryId: '1', subcategoryId: '101' }, '1', '102')).toEqual({
      categoryId: '1',
      subcategoryId: '102',
    });
  });

  it('returns to the category alone when the selected subcategory is chosen again', () => {
    expect(toggleSubcategory({ categoryId: '1', subcategoryId: '101' }, '1', '101')).toEqual({
      categoryId: '1',
    });
  });

  it('gives the ids in order, category first', () => {
    expect(selectionIds({})).toEqual([]);
    expect(selectionIds({ categoryId: '1' })).toEqual(['1']);
    expect(selectionIds({ categoryId: '1', subcategoryId: '101' })).toEqual(['1', '101']);
    expect(selectionIds({ subcategoryId: '101' })).toEqual([]);
  });

  it('names the path of the selection, leaving out unknown ids', () => {
    expect(selectionPath(categories, { categoryId: '1', subcategoryId: '102' })).toEqual([
      'Mercearia',
      'Óleos',
    ]);
    expect(selectionPath(categories, { categoryId: '2' })).toEqual(['Bebidas']);
    expect(selectionPath(categories, { categoryId: '1', subcategoryId: '999' })).toEqual(['Mercearia']);
    expect(selectionPath(categories, { categoryId: '999', subcategoryId: '101' })).toEqual([]);
    expect(selectionPath([], {})).toEqual([]);
  });

  it('lowercases badge names, accents included', () => {
    expect(badgeText('ÓLEOS E AÇÚCAR')).toBe('óleos e açúcar');
  });
});
