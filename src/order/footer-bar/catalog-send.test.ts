import { describe, expect, it } from 'vitest';
import type { Category } from '@/contract/catalog.ts';
import {
  categoryOptions,
  collectionOptions,
  defaultChoice,
  type SendChoice,
  SendType,
  sendOptions,
  sendTypes,
} from './catalog-send.ts';

const choice = (overrides: Partial<SendChoice>): SendChoice => ({
  type: SendType.Standard,
  categoryId: '',
  collectionId: '',
  searchTerm: '',
  ...overrides,
});

const categories: Category[] = [
  { providerId: 'SUGGESTED_ITEMS', name: 'Sugeridos' },
  { providerId: '10', name: 'Bebidas', children: [{ providerId: '11', name: 'Sucos' }] },
  { providerId: '20', name: 'Padaria' },
  { providerId: 'COLLECTION_9001', name: 'Ofertas da semana' },
];

describe('the send types', () => {
  it('offers Coleção only when the shop has collections', () => {
    expect(sendTypes(true)).toEqual(['standard', 'category', 'collection', 'search']);
    expect(sendTypes(false)).toEqual(['standard', 'category', 'search']);
  });
});

describe('the default choice', () => {
  it('is Padrão on the top sellers', () => {
    expect(defaultChoice({ hasCollections: true })).toEqual(choice({}));
  });

  it('is Categoria on a category tab, the tab (not the subcategory) being sent', () => {
    expect(defaultChoice({ categoryId: '10', subcategoryId: '11', hasCollections: false })).toEqual(
      choice({ type: SendType.Category, categoryId: '10' }),
    );
  });

  it('is Coleção on a collection tab, when collections are offered', () => {
    expect(defaultChoice({ categoryId: 'COLLECTION_9001', hasCollections: true })).toEqual(
      choice({ type: SendType.Collection, collectionId: 'COLLECTION_9001' }),
    );
    expect(defaultChoice({ categoryId: 'COLLECTION_9001', hasCollections: false }).type).toBe(
      SendType.Standard,
    );
  });

  it('is Busca when searching, even inside a category', () => {
    expect(defaultChoice({ categoryId: '10', searchText: '  suco ', hasCollections: false })).toEqual(
      choice({ type: SendType.Search, categoryId: '10', searchTerm: 'suco' }),
    );
  });

  it('never picks the Sugeridos pseudo-category', () => {
    expect(defaultChoice({ categoryId: 'SUGGESTED_ITEMS', hasCollections: false }).type).toBe(
      SendType.Standard,
    );
  });
});

describe('the options sent', () => {
  it('sends nothing for Padrão', () => {
    expect(sendOptions(choice({ type: SendType.Standard, categoryId: '10' }))).toEqual({});
  });

  it('sends the category id for Categoria', () => {
    expect(sendOptions(choice({ type: SendType.Category, categoryId: '10', searchTerm: 'x' }))).toEqual({
      categoryId: '10',
    });
  });

  it('sends the collection id without its prefix for Coleção', () => {
    expect(sendOptions(choice({ type: SendType.Collection, collectionId: 'COLLECTION_9001' }))).toEqual({
      collectionId: '9001',
    });
  });

  it('sends the trimmed search term for Busca', () => {
    expect(sendOptions(choice({ type: SendType.Search, searchTerm: '  pão  ' }))).toEqual({
      searchTerm: 'pão',
    });
  });

  it('has nothing to send when the chosen type has no value', () => {
    expect(sendOptions(choice({ type: SendType.Category }))).toBeUndefined();
    expect(sendOptions(choice({ type: SendType.Collection }))).toBeUndefined();
    expect(sendOptions(choice({ type: SendType.Search, searchTerm: '   ' }))).toBeUndefined();
  });
});

describe('the lists to choose from', () => {
  it('lists categories without collections and Sugeridos', () => {
    expect(categoryOptions(categories, '')).toEqual([
      { id: '10', name: 'Bebidas' },
      { id: '20', name: 'Padaria' },
    ]);
  });

  it('lists collections of the category list, then the settings ones not listed, prefixed', () => {
    expect(
      collectionOptions(
        categories,
        [
          { providerId: '9001', name: 'Ofertas' },
          { providerId: '9002', name: 'Natal' },
          { providerId: 'COLLECTION_9003', name: null },
        ],
        '',
      ),
    ).toEqual([
      { id: 'COLLECTION_9001', name: 'Ofertas da semana' },
      { id: 'COLLECTION_9002', name: 'Natal' },
      { id: 'COLLECTION_9003', name: 'COLLECTION_9003' },
    ]);
  });

  it("keeps the view's choice selectable before the list has loaded", () => {
    expect(categoryOptions([], '10')).toEqual([{ id: '10', name: '10' }]);
    expect(collectionOptions([], undefined, 'COLLECTION_7')).toEqual([{ id: 'COLLECTION_7', name: '7' }]);
  });
});
