import { describe, expect, it } from 'vitest';
import { OrderState } from '@/contract/enums.ts';
import { closedOrderState, isOrderOpen } from './closed-order.ts';

describe('closedOrderState', () => {
  it('is undefined while the order is being built or has no status', () => {
    expect(closedOrderState({ status: OrderState.Creating })).toBeUndefined();
    expect(closedOrderState({ status: null })).toBeUndefined();
    expect(closedOrderState({})).toBeUndefined();
    expect(closedOrderState(undefined)).toBeUndefined();
    expect(isOrderOpen({ status: OrderState.Creating })).toBe(true);
  });

  it.each([
    [OrderState.Received, 'Pedido recebido'],
    [OrderState.Finalized, 'Pedido finalizado'],
    [OrderState.Canceled, 'Pedido cancelado'],
    [OrderState.Error, 'Pedido com problema'],
  ])('names the closed state %i as %s', (status, title) => {
    expect(closedOrderState({ status })?.title).toBe(title);
    expect(isOrderOpen({ status })).toBe(false);
  });
});
