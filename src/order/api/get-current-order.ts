import * as orderCalls from '@/contract/calls/order.ts';
import type { Order } from '@/contract/order.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';

const LOAD_ORDER_FAILED = 'Não foi possível carregar o seu pedido.';

export async function getCurrentOrder(): Promise<Order> {
  return call(orderCalls.getCurrentOrder, {}, LOAD_ORDER_FAILED);
}

/** The one cache entry every screen reads the order from; calls that return the order write here. */
export const currentOrderQuery = queryOptions({
  queryKey: ['order', 'current'],
  queryFn: getCurrentOrder,
});
