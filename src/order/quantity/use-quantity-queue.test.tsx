import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderItem } from '@/contract/order.ts';
import { setSessionHandle } from '@/lib/api-client.ts';
import { currentOrderQuery } from '../api/get-current-order.ts';
import {
  lineFailureText,
  NOTE_UPDATE_FAILED,
  QUANTITY_UPDATE_FAILED,
  quantityFailureText,
  useQuantityQueue,
} from './use-quantity-queue.ts';

const item: OrderItem = { index: 0, providerId: 'p1', quantity: 1 };

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(currentOrderQuery.queryKey, orderFixture({ items: [item] }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useQuantityQueue(), { wrapper });
  return { queryClient, ...hook };
}

afterEach(() => {
  act(() => onlineManager.setOnline(true));
  setSessionHandle(undefined);
  vi.restoreAllMocks();
});

describe('useQuantityQueue', () => {
  it('shows the change at once, sends it with the handle and stores the answer', async () => {
    setSessionHandle('handle-1');
    const bodies: unknown[] = [];
    const handles: (string | null)[] = [];
    server.use(
      http.post('/api/order/items/', async ({ request }) => {
        bodies.push(await request.json());
        handles.push(request.headers.get('x-session-handle'));
        return envelope(orderFixture({ items: [{ ...item, quantity: 3 }], totalAmout: 30 }));
      }),
    );
    const { result, queryClient } = setup();
    act(() => result.current.setQuantity(item, 2));
    act(() => result.current.setQuantity(item, 3));
    expect(result.current.quantityOf(item)).toBe(3);
    expect(result.current.pending).toBe(true);
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(bodies).toEqual([{ index: '0', providerId: 'p1', quantity: 3 }]);
    expect(handles).toEqual(['handle-1']);
    expect(queryClient.getQueryData(currentOrderQuery.queryKey)?.totalAmout).toBe(30);
    const saved = queryClient.getQueryData(currentOrderQuery.queryKey)?.items[0];
    expect(saved && result.current.quantityOf(saved)).toBe(3);
  });

  it('toasts a failure and shows the saved quantity again', async () => {
    const toastError = vi.spyOn(toast, 'error');
    server.use(
      http.post('/api/order/items/', () => failure('Sem estoque.', 400)),
      http.get('/api/order/current', () => envelope(orderFixture({ items: [item] }))),
    );
    const { result } = setup();
    act(() => result.current.setQuantity(item, 5));
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.flush();
    });
    expect(ok).toBe(false);
    expect(result.current.quantityOf(item)).toBe(1);
    expect(toastError).toHaveBeenCalledWith('Sem estoque. Mostramos a quantidade salva.', expect.anything());
  });

  it('sends the change in a request that outlives the page when the tab is hidden mid-debounce', async () => {
    setSessionHandle('handle-2');
    const sent: { keepalive: boolean; handle: string | null; body: unknown }[] = [];
    server.use(
      http.post('/api/order/items/', async ({ request }) => {
        sent.push({
          keepalive: request.keepalive,
          handle: request.headers.get('x-session-handle'),
          body: await request.json(),
        });
        return envelope(orderFixture({ items: [{ ...item, quantity: 4 }] }));
      }),
    );
    const { result } = setup();
    act(() => result.current.setQuantity(item, 4));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    visibility.mockRestore();
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(sent).toContainEqual({
      keepalive: true,
      handle: 'handle-2',
      body: { index: '0', providerId: 'p1', quantity: 4 },
    });
  });

  it('sends a change made without a connection again once it is back, and saves it', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/order/items/', async ({ request }) => {
        bodies.push(await request.json());
        // The first send leaves while the phone has no connection: it gets no answer.
        if (bodies.length === 1) return HttpResponse.error();
        return envelope(orderFixture({ items: [{ ...item, quantity: 2 }] }));
      }),
    );
    const { result, queryClient } = setup();
    act(() => onlineManager.setOnline(false));
    act(() => result.current.setQuantity(item, 2));
    await waitFor(() => expect(bodies).toHaveLength(1));
    // Waiting for the connection: the shopper's quantity still shows, nothing failed.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(result.current.quantityOf(item)).toBe(2);
    expect(result.current.pending).toBe(true);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(bodies).toEqual([
      { index: '0', providerId: 'p1', quantity: 2 },
      { index: '0', providerId: 'p1', quantity: 2 },
    ]);
    expect(queryClient.getQueryData(currentOrderQuery.queryKey)?.items[0]?.quantity).toBe(2);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('sends a change the server refused only once', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/order/items/', async ({ request }) => {
        bodies.push(await request.json());
        return failure('Sem estoque.', 400);
      }),
      http.get('/api/order/current', () => envelope(orderFixture({ items: [item] }))),
    );
    const { result } = setup();
    act(() => result.current.setQuantity(item, 5));
    await act(() => result.current.flush());
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(bodies).toHaveLength(1);
  });

  it('words failures for the shopper', () => {
    expect(quantityFailureText(undefined)).toBe(QUANTITY_UPDATE_FAILED);
    expect(quantityFailureText('Não foi possível atualizar o carrinho.')).toBe(QUANTITY_UPDATE_FAILED);
  });
});

describe('an item’s note (Observações) in the line queue', () => {
  it('is saved a second after the last key, with the line’s quantity, and says so', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/order/items/', async ({ request }) => {
        bodies.push(await request.json());
        return envelope(orderFixture({ items: [{ ...item, preferences: 'Bem madura' }] }));
      }),
    );
    const { result } = setup();
    expect(result.current.noteStatus(item)).toBeUndefined();
    act(() => result.current.setNote(item, 'Bem'));
    act(() => result.current.setNote(item, 'Bem madura'));
    expect(result.current.noteStatus(item)).toBe('saving');
    // A note waiting does not hold the confirm back as a quantity does: confirming sends it first.
    expect(result.current.pending).toBe(false);
    await waitFor(() => expect(result.current.noteStatus(item)).toBe('saved'));
    expect(bodies).toEqual([{ index: '0', providerId: 'p1', quantity: 1, preferences: 'Bem madura' }]);
  });

  it('a note the server refuses says so on the line and in a toast', async () => {
    const toastError = vi.spyOn(toast, 'error');
    server.use(
      http.post('/api/order/items/', () => failure('Não foi possível atualizar o carrinho.', 500)),
      http.get('/api/order/current', () => envelope(orderFixture({ items: [item] }))),
    );
    const { result } = setup();
    act(() => result.current.setNote(item, 'Sem cebola'));
    await act(async () => {
      await result.current.flush();
    });
    expect(result.current.noteStatus(item)).toBe('failed');
    expect(toastError).toHaveBeenCalledWith(NOTE_UPDATE_FAILED, expect.anything());
  });

  it('names the note in the server’s own refusal', () => {
    expect(lineFailureText('Texto muito longo.', { note: 'x' })).toBe(
      'Texto muito longo. A observação não foi salva.',
    );
    expect(lineFailureText(undefined, { note: undefined })).toBe(QUANTITY_UPDATE_FAILED);
  });
});
