import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LogisticFormValue } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { Address } from '@/contract/session.ts';
import { ApiError, setSessionHandle } from '@/lib/api-client.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { sessionQuery } from '@/session/use-session.ts';
import { useAddAddress } from './add-address.ts';
import { useApplyDiscount } from './apply-discount.ts';
import { LIST_STORES_FAILED, storesQuery } from './list-stores.ts';
import { manualPixKeyQuery } from './manual-pix-key.ts';
import { useSetLogistic } from './set-logistic.ts';
import { SET_PRICE_TABLE_FAILED, useSetPriceTable } from './set-price-table.ts';
import { useToggleSemiAutomatic } from './toggle-semiautomatic.ts';
import { useUpdateCustomer } from './update-customer.ts';

function setup<T>(hook: () => T, order: Order = orderFixture()) {
  const queryClient: QueryClient = seededQueryClient({ order });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(hook, { wrapper }) };
}

/** An answer with no message at all: the call's Portuguese default applies. */
const silentFailure = () => HttpResponse.json({ success: false, data: null, errors: [] }, { status: 500 });

describe('checkout api', () => {
  it('puts the order a mutation returns into the current order cache', async () => {
    const bodies: unknown[] = [];
    const answered = orderFixture({ totalAmout: 42, logistic: { providerId: 'retirada-pinheiros' } });
    server.use(
      http.post('/api/order/logistic/', async ({ request }) => {
        bodies.push(await request.json());
        return envelope(answered);
      }),
    );
    const { result, queryClient } = setup(() => useSetLogistic());
    await act(() => result.current.mutateAsync({ providerId: 'retirada-pinheiros', type: 0 }));
    expect(bodies).toEqual([{ providerId: 'retirada-pinheiros', type: LogisticFormValue.PickUp }]);
    expect(queryClient.getQueryData(currentOrderQuery.queryKey)?.totalAmout).toBe(42);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('fails with the call’s Portuguese default message when the server gives none', async () => {
    server.use(http.post('/api/order/price-tables/:id', silentFailure));
    const order = orderFixture({ totalAmout: 10 });
    const { result, queryClient } = setup(() => useSetPriceTable(), order);
    await act(async () => {
      await result.current.mutateAsync('atacado').catch(() => undefined);
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error?.message).toBe(SET_PRICE_TABLE_FAILED);
    expect(result.current.error?.message).toBe('Falha ao alterar a tabela de preço');
    expect(queryClient.getQueryData(currentOrderQuery.queryKey)).toBe(order);
  });

  it('a failed option list reads its warning text', async () => {
    server.use(http.get('/api/order/stores/', silentFailure));
    const { result } = setup(() => useQuery(storesQuery));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe(LIST_STORES_FAILED);
    expect(LIST_STORES_FAILED).toBe('Falha ao carregar lojas');
  });

  it('add-address writes the returned list into the session’s addresses', async () => {
    const addresses: Address[] = [
      { name: 'Casa', zipCode: '01310-200', street: 'Avenida Paulista', number: '900' },
      { name: 'Trabalho', zipCode: '01001-000', street: 'Praça da Sé', number: '1' },
    ];
    server.use(http.post('/api/order/address/', () => envelope(addresses)));
    const { result, queryClient } = setup(() => useAddAddress());
    await act(() =>
      result.current.mutateAsync({
        name: 'Trabalho',
        zipCode: '01001-000',
        street: 'Praça da Sé',
        number: '1',
        neighborhood: 'Sé',
        city: 'São Paulo',
        state: 'SP',
      }),
    );
    const session = queryClient.getQueryData(sessionQuery.queryKey)?.session;
    expect(session?.userShop?.addresses).toEqual(addresses);
    expect(session?.userShop?.id).toBe('user-shop-1');
  });

  it('update-customer writes the saved contact data into the session’s customer', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/customer/update', async ({ request }) => {
        bodies.push(await request.json());
        return envelope(null);
      }),
    );
    const { result, queryClient } = setup(() => useUpdateCustomer());
    const customer = { name: 'Mariana Souza', email: 'mariana@exemplo.com.br', document: '52998224725' };
    await act(() => result.current.mutateAsync({ customer }));
    expect(bodies).toEqual([customer]);
    expect(queryClient.getQueryData(sessionQuery.queryKey)?.session.userShop?.customer).toEqual(customer);
  });

  it('update-customer on the page’s way out is a keepalive request with the tab’s session handle', async () => {
    const sent: { body: unknown; handle: string | null; keepalive: boolean }[] = [];
    server.use(
      http.post('/api/customer/update', async ({ request }) => {
        sent.push({
          body: await request.json(),
          handle: request.headers.get('x-session-handle'),
          keepalive: request.keepalive,
        });
        return envelope(null);
      }),
    );
    setSessionHandle('AAAAAAAAAAAAAAAAAAAAAA');
    const { result, queryClient } = setup(() => useUpdateCustomer());
    const customer = { name: 'Mariana Souza', email: 'mariana@exemplo.com.br', document: '52998224725' };
    await act(() => result.current.mutateAsync({ customer, onExit: true }));
    setSessionHandle(undefined);
    expect(sent).toEqual([{ body: customer, handle: 'AAAAAAAAAAAAAAAAAAAAAA', keepalive: true }]);
    expect(queryClient.getQueryData(sessionQuery.queryKey)?.session.userShop?.customer).toEqual(customer);
  });

  it('update-customer on the way out reads the server’s refusal like any call', async () => {
    server.use(http.post('/api/customer/update', () => failure('CPF inválido.', 400)));
    const { result } = setup(() => useUpdateCustomer());
    const customer = { name: 'Mariana Souza', email: 'mariana@exemplo.com.br', document: '52998224700' };
    await expect(act(() => result.current.mutateAsync({ customer, onExit: true }))).rejects.toMatchObject({
      message: 'CPF inválido.',
      httpStatus: 400,
    });
  });

  it('sends the manual discount as a two-decimal amount', async () => {
    const discounts: (string | null)[] = [];
    server.use(
      http.post('/api/order/discount', ({ request }) => {
        discounts.push(new URL(request.url).searchParams.get('discount'));
        return envelope(orderFixture({ discountAmout: 10.5 }));
      }),
    );
    const { result, queryClient } = setup(() => useApplyDiscount());
    await act(() => result.current.mutateAsync(10.5));
    expect(discounts).toEqual(['10.50']);
    expect(queryClient.getQueryData(currentOrderQuery.queryKey)?.discountAmout).toBe(10.5);
  });

  it('the flow switch writes the new flag into the cached order', async () => {
    server.use(http.post('/api/order/semiautomatic', () => envelope({ isInSemiAutomatic: true })));
    const { result, queryClient } = setup(() => useToggleSemiAutomatic());
    await act(() => result.current.mutateAsync());
    expect(queryClient.getQueryData(currentOrderQuery.queryKey)?.isInSemiAutomatic).toBe(true);
  });

  it('reads the manual PIX key, undefined when the shop has none', async () => {
    server.use(http.post('/api/order/pix/manual', () => envelope(null)));
    const { result } = setup(() => useQuery(manualPixKeyQuery));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeUndefined();
  });
});
