// Test helper of the footer bar and the gift notice (not part of the app bundle: only tests import it).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Channel, SessionType } from '@/contract/enums.ts';
import type { Session } from '@/contract/session.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { sessionQuery } from '@/session/use-session.ts';

export const contactSession = (channelType: Channel = Channel.WebChat): Session => ({
  sessionType: SessionType.Contact,
  channelType,
  channelId: 'chan-1',
  userShop: { id: 'us-1' },
});

export const operatorSession = (): Session => ({
  sessionType: SessionType.PlatformUser,
  channelType: Channel.WhatsApp,
  channelId: 'chan-1',
  userShop: { id: 'us-1' },
});

/**
 * Renders `ui` on /catalog with the session already loaded (as the session layout guarantees), a
 * toaster, and stand-in pages for the routes the catalogue links out to.
 */
export function renderOnCatalog(
  ui: ReactElement,
  { session = contactSession(), settings = {} }: { session?: Session; settings?: ShopSettings | null } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionQuery.queryKey, { session, settings });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/catalog']}>
        <Routes>
          <Route path="/catalog" element={ui} />
          <Route path="/confirm" element={<h1>Página de confirmação</h1>} />
          <Route path="/order" element={<h1>Página do carrinho</h1>} />
          <Route path="/order/checkout" element={<h1>Página do checkout</h1>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { queryClient, ...result };
}
