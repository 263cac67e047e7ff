import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { envelope, failure, server, sessionFixture } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionType } from '@/contract/enums.ts';
import TransferPage from './transfer-page.tsx';

// `/abrir/<token>` (issue 37): the phone's browser opens the webview's session with a one-time
// token, and lands on the page the shopper was on. A token that opens nothing gets a clear page.

const TOKEN = 'T'.repeat(43);

/** The page as a fresh browser loads it: the token in the address, nothing in the tab. */
function openTransferLink(search = '') {
  const path = `/abrir/${TOKEN}${search}`;
  window.history.replaceState(null, '', path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="abrir/:token" element={<TransferPage />} />
          <Route path="order" element={<h1>Carrinho</h1>} />
          <Route path="catalog" element={<h1>Catálogo</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** What the page asked the BFF to open, in order. */
function recordOpens(answer: () => Response) {
  const opens: unknown[] = [];
  server.use(
    http.post('/api/session', async ({ request }) => {
      opens.push(await request.json());
      return answer();
    }),
  );
  return opens;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('opening a transfer link in the phone’s browser', () => {
  it('opens the session with the token and lands on the shopper’s page', async () => {
    const opens = recordOpens(() =>
      HttpResponse.json(
        {
          success: true,
          data: sessionFixture({ sessionType: SessionType.Contact, userShop: { id: 'contato-1' } }),
          errors: [],
        },
        { headers: { 'x-session-handle': 'HHHHHHHHHHHHHHHHHHHHHH' } },
      ),
    );
    server.use(http.get('/api/shop/settings', () => envelope({})));
    openTransferLink('?para=%2Forder');
    expect(await screen.findByRole('heading', { name: 'Carrinho' })).toBeVisible();
    expect(opens).toEqual([{ transfer: TOKEN }]);
  });

  it('never lands on another site: an outside address lands on the catalogue', async () => {
    recordOpens(() =>
      HttpResponse.json(
        {
          success: true,
          data: sessionFixture({ sessionType: SessionType.Contact, userShop: { id: 'contato-1' } }),
          errors: [],
        },
        { headers: { 'x-session-handle': 'HHHHHHHHHHHHHHHHHHHHHH' } },
      ),
    );
    server.use(http.get('/api/shop/settings', () => envelope({})));
    openTransferLink('?para=%2F%2Fevil.example%2F');
    expect(await screen.findByRole('heading', { name: 'Catálogo' })).toBeVisible();
  });

  it('a spent or expired token shows Link expirado, the way back to the chat, and opens no other session', async () => {
    const opens = recordOpens(() =>
      failure('Este link para abrir no navegador já foi usado ou expirou.', 404),
    );
    openTransferLink('?para=%2Forder');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link expirado' })).toBeVisible();
    expect(screen.getByText('Este link para abrir no navegador já foi usado ou expirou.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para o WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/',
    );
    // One open, with the token: never the anonymous session in its place.
    expect(opens).toEqual([{ transfer: TOKEN }]);
    expect(document.title).toBe('Link expirado');
  });
});
