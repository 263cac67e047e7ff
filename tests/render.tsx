import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { type Order, SessionType, type ShopSettings } from '../src/contract/index.ts';
import { currentOrderQuery } from '../src/order/api/get-current-order.ts';
import { sessionQuery } from '../src/session/use-session.ts';

/** Renders a component with a fresh query cache (no retries) and a router at the given path. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

export type SeededSession = {
  platformUser?: boolean;
  settings?: ShopSettings | null;
  /** The current order in the cache; null for none (not loaded). */
  order?: Order | null;
};

/**
 * A query cache (no retries) with the session loaded (a contact unless platformUser) and the given
 * order cached, as the session layout leaves it for every screen.
 */
export function seededQueryClient({
  platformUser = false,
  settings = {},
  order,
}: SeededSession): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionQuery.queryKey, {
    session: {
      sessionType: platformUser ? SessionType.PlatformUser : SessionType.Contact,
      userShop: { id: 'user-shop-1' },
    },
    settings,
  });
  if (order) queryClient.setQueryData(currentOrderQuery.queryKey, order);
  return queryClient;
}
