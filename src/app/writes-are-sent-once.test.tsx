import { onlineManager, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { envelope, orderFixture, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardPaymentPayload } from '@/contract/checkout.ts';
import { useApplyCoupon } from '@/features/checkout/api/apply-coupon.ts';
import { useConfirmCheckout } from '@/features/checkout/api/confirm-checkout.ts';
import { payWithCard } from '@/features/payment/api/pay-with-card.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { useConfirmOrder } from '@/order/api/confirm-order.ts';
import { useUpdateOrderItem } from '@/order/api/update-order-item.ts';

// Adding an item, confirming an order, applying a coupon or paying twice is not the same as once:
// with the app's own query client, a write whose call got no answer is never sent again by itself.

/** The app's query client, its retry policy as it is, but a retry (if there were one) made at once. */
function renderWithAppClient<T>(hook: () => T) {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, mutations: { ...defaults.mutations, retryDelay: 0 } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper });
}

/** Answers `method path` with no answer at all (a dropped connection), counting the calls. */
function dropped(method: 'get' | 'post', path: string) {
  const seen = { calls: 0 };
  server.use(
    http[method](path, () => {
      seen.calls += 1;
      return HttpResponse.error();
    }),
  );
  return seen;
}

const settleRetries = () => new Promise((resolve) => setTimeout(resolve, 100));

const card: CardPaymentPayload = {
  providerId: 'order-1',
  installments: 1,
  number: '4111111111111111',
  name: 'BEATRIZ NOGUEIRA',
  securityCode: '123',
  expiryMonth: '12',
  expiryYear: '30',
  document: '52998224725',
  zipCode: '01310-200',
  address: 'Avenida Paulista',
  addressNumber: '900',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

afterEach(() => {
  act(() => onlineManager.setOnline(true));
});

describe('writes whose call got no answer are not sent again', () => {
  it('adding a product to the cart', async () => {
    const seen = dropped('post', '/api/order/items/');
    const { result } = renderWithAppClient(() => useUpdateOrderItem());
    await act(() => result.current.mutateAsync({ providerId: 'p1', quantity: 1 }).catch(() => {}));
    await settleRetries();
    expect(result.current.isError).toBe(true);
    expect(seen.calls).toBe(1);
  });

  it("confirming the shopper's order", async () => {
    const seen = dropped('get', '/api/order/confirm');
    const { result } = renderWithAppClient(() => useConfirmOrder());
    await act(() => result.current.mutateAsync().catch(() => {}));
    await settleRetries();
    expect(seen.calls).toBe(1);
  });

  it('finishing the checkout', async () => {
    const seen = dropped('post', '/api/order/confirm');
    const { result } = renderWithAppClient(() => useConfirmCheckout());
    await act(() => result.current.mutateAsync({ name: 'Beatriz Nogueira' }).catch(() => {}));
    await settleRetries();
    expect(seen.calls).toBe(1);
  });

  it('applying a coupon', async () => {
    const seen = dropped('post', '/api/order/coupon/');
    const { result } = renderWithAppClient(() => useApplyCoupon());
    await act(() => result.current.mutateAsync('PRIMEIRA10').catch(() => {}));
    await settleRetries();
    expect(seen.calls).toBe(1);
  });

  it('paying by card (the failure is an outcome the page shows)', async () => {
    const seen = dropped('post', '/api/order/payment/credit');
    const { result } = renderWithAppClient(() => useMutation({ mutationFn: payWithCard }));
    let outcome: Awaited<ReturnType<typeof payWithCard>> | undefined;
    await act(async () => {
      outcome = await result.current.mutateAsync(card);
    });
    await settleRetries();
    expect(outcome).toMatchObject({ success: false, message: 'Aconteceu um erro com seu pagamento' });
    expect(seen.calls).toBe(1);
  });
});

describe('a write made without a connection', () => {
  it('waits, and goes out once when the connection is back', async () => {
    const seen = { calls: 0 };
    server.use(
      http.post('/api/order/items/', () => {
        seen.calls += 1;
        return envelope(orderFixture({ items: [{ index: 0, providerId: 'p1', quantity: 1 }] }));
      }),
    );
    const { result } = renderWithAppClient(() => useUpdateOrderItem());
    act(() => onlineManager.setOnline(false));
    act(() => result.current.mutate({ providerId: 'p1', quantity: 1 }));
    await waitFor(() => expect(result.current.isPaused).toBe(true));
    expect(result.current.isPending).toBe(true);
    expect(seen.calls).toBe(0);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await settleRetries();
    expect(seen.calls).toBe(1);
  });
});
