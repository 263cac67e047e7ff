import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { type Category, categorySchema, DEFAULT_CATEGORY_PER_PAGE } from '@/contract/catalog.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';

const LIST_CATEGORIES_FAILED = 'Não foi possível carregar as categorias.';

export async function getCategories(): Promise<Category[]> {
  const answer = await apiCall(
    { method: 'GET', url: '/api/catalog/categories', params: { perPage: DEFAULT_CATEGORY_PER_PAGE } },
    LIST_CATEGORIES_FAILED,
  );
  return parseData(z.array(categorySchema), answer.data, LIST_CATEGORIES_FAILED);
}

export const categoriesQuery = queryOptions({
  queryKey: ['catalog', 'categories'],
  queryFn: getCategories,
  staleTime: 5 * 60_000,
});
