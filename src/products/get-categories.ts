import * as catalogCalls from '@/contract/calls/catalog.ts';
import { type Category, DEFAULT_CATEGORY_PER_PAGE } from '@/contract/catalog.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

const LIST_CATEGORIES_FAILED = 'Não foi possível carregar as categorias.';

export async function getCategories(): Promise<Category[]> {
  return call(
    catalogCalls.listCategories,
    { query: { perPage: DEFAULT_CATEGORY_PER_PAGE } },
    LIST_CATEGORIES_FAILED,
  );
}

export const categoriesQuery = queryOptions({
  queryKey: ['catalog', 'categories'],
  queryFn: getCategories,
  staleTime: 5 * 60_000,
});
