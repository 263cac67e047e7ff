import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { envelope, orderFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { currentOrderQuery } from './get-current-order.ts';
import { useUpdateOrderItem } from './update-order-item.ts';

describe('adding to the cart when the call gets no answer', () => {
  it('reloads the order, so the badge shows whether the add reached the server after all', async () => {
    const before = orderFixture({ items: [] });
    const after = orderFixture({ items: [{ index: 0, providerId: 'p1', quantity: 1 }] });
    const calls = { add: 0 };
    server.use(
      // The connection drops after the server applied the add: the answer never arrives.
      http.post('/api/order/items/', () => {
        calls.add += 1;
        return HttpResponse.error();
      }),
      http.get('/api/order/current', () => envelope(after)),
    );
    const queryClient = seededQueryClient({ order: before });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({
        order: useQuery({ ...currentOrderQuery, staleTime: Number.POSITIVE_INFINITY }).data,
        update: useUpdateOrderItem(),
      }),
      { wrapper },
    );
    expect(result.current.order?.items).toHaveLength(0);

    await act(() => result.current.update.mutateAsync({ providerId: 'p1', quantity: 1 }).catch(() => {}));
    await waitFor(() => expect(result.current.order?.items).toHaveLength(1));
    expect(calls.add).toBe(1);
  });
});
