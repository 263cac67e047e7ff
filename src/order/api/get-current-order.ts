import { queryOptions } from '@tanstack/react-query';
import { type Order, orderSchema } from '@/contract/order.ts';
import { apiCall, parseData } from '@/lib/api-client.ts';

const LOAD_ORDER_FAILED = 'Não foi possível carregar o seu pedido.';

export async function getCurrentOrder(): Promise<Order> {
  const answer = await apiCall({ method: 'GET', url: '/api/order/current' }, LOAD_ORDER_FAILED);
  return parseData(orderSchema, answer.data, LOAD_ORDER_FAILED);
}

/** The one cache entry every screen reads the order from; calls that return the order write here. */
export const currentOrderQuery = queryOptions({
  queryKey: ['order', 'current'],
  queryFn: getCurrentOrder,
});
