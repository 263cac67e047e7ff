import * as chatAppCalls from '@/contract/calls/chat-app.ts';
import { type PublicProductPage, SHOP_SLUG_PATTERN } from '@/contract/chat-app.ts';
import { pathValue } from '@/contract/path-rules.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

export const PUBLIC_PRODUCT_FAILED = 'Não foi possível carregar o produto.';

/**
 * A product as anyone may see it (decision 0024): the share page's one call, without a session. A
 * slug or id no shop or product can have is refused before any call (PathParamError, read as a
 * missing product); retried as every read (lib/query-client.ts): a dropped connection again, a 404
 * never.
 */
export const publicProductQuery = (slug: string, productId: string) =>
  queryOptions({
    queryKey: ['public', 'product', slug, productId],
    queryFn: (): Promise<PublicProductPage> =>
      call(
        chatAppCalls.getPublicProduct,
        { params: { slug: pathValue(slug, SHOP_SLUG_PATTERN), productId: pathValue(productId) } },
        PUBLIC_PRODUCT_FAILED,
      ),
  });
