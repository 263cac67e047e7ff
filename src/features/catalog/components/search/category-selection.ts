// The category filter of the search bar's modal (shopper spec, section 4 "Category filter"):
// a category, then optionally one of its subcategories. Pure functions, no React.
import type { Category } from '@/contract/catalog.ts';

/** The chosen pair. A subcategory is only ever set together with its category. */
export type CategorySelection = {
  categoryId?: string | undefined;
  subcategoryId?: string | undefined;
};

export const NO_SELECTION: CategorySelection = {};

/**
 * Choosing a category selects it alone (any subcategory is cleared); choosing the selected category
 * again clears the whole selection.
 */
export function toggleCategory(selection: CategorySelection, categoryId: string): CategorySelection {
  return selection.categoryId === categoryId ? NO_SELECTION : { categoryId };
}

/**
 * Choosing a subcategory selects the pair (category, subcategory); choosing the selected
 * subcategory again returns to its category alone.
 */
export function toggleSubcategory(
  selection: CategorySelection,
  categoryId: string,
  subcategoryId: string,
): CategorySelection {
  if (selection.categoryId === categoryId && selection.subcategoryId === subcategoryId) {
    return { categoryId };
  }
  return { categoryId, subcategoryId };
}

/** The ids as the search sends them: the category id, then the subcategory id when there is one. */
export function selectionIds(selection: CategorySelection): string[] {
  if (!selection.categoryId) return [];
  return selection.subcategoryId ? [selection.categoryId, selection.subcategoryId] : [selection.categoryId];
}

/**
 * The names of the chosen category and subcategory, for 'na categoria A > B'. An id that is not in
 * the list (the list failed to load, or the category went away) is left out, as is a subcategory
 * whose category is unknown.
 */
export function selectionPath(categories: readonly Category[], selection: CategorySelection): string[] {
  const category = categories.find((c) => c.providerId === selection.categoryId);
  if (!category) return [];
  const subcategory = category.children?.find((s) => s.providerId === selection.subcategoryId);
  return subcategory ? [category.name, subcategory.name] : [category.name];
}

/** Badge text: the spec shows category names lowercased (Brazilian Portuguese rules). */
export const badgeText = (name: string) => name.toLocaleLowerCase('pt-BR');
