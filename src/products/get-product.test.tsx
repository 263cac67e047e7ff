import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { envelope, failure, productFixture, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { productQuery } from './get-product.ts';

/** The app's query client, its retry policy as it is, the pause before a retry cut to nothing. */
function renderProductQuery(id: string) {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useQuery(productQuery(id)), { wrapper });
}

describe('the product page on a bad network', () => {
  it('shows the product when its first call got no answer and the next one did', async () => {
    let calls = 0;
    server.use(
      http.get('/api/catalog/products/1001', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : envelope(productFixture({ providerId: '1001', name: 'Arroz Branco' }));
      }),
    );
    const { result } = renderProductQuery('1001');
    await waitFor(() => expect(result.current.data?.name).toBe('Arroz Branco'));
    expect(calls).toBe(2);
  });

  it('asks once for a product that does not exist: a 404 will not change', async () => {
    let calls = 0;
    server.use(
      http.get('/api/catalog/products/9999', () => {
        calls += 1;
        return failure('Produto não encontrado', 404);
      }),
    );
    const { result } = renderProductQuery('9999');
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(calls).toBe(1);
  });
});
