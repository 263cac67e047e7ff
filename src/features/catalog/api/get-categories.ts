import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { type Category, categorySchema } from '../../../contract/index.ts';
import { apiCall, parseData } from '../../../lib/api-client.ts';

const LIST_CATEGORIES_FAILED = 'Não foi possível carregar as categorias.';
const CATEGORY_PAGE_SIZE = 50;

export async function getCategories(): Promise<Category[]> {
  const answer = await apiCall(
    { method: 'GET', url: '/api/catalog/categories', params: { perPage: CATEGORY_PAGE_SIZE } },
    LIST_CATEGORIES_FAILED,
  );
  return parseData(z.array(categorySchema), answer.data, LIST_CATEGORIES_FAILED);
}

export const categoriesQuery = queryOptions({
  queryKey: ['catalog', 'categories'],
  queryFn: getCategories,
  staleTime: 5 * 60_000,
});
