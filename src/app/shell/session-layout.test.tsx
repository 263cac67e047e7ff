import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, handlers, orderFixture, server, sessionFixture } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall, setSessionHandle } from '@/lib/api-client.ts';
import { forgetChatLinkForTests } from '@/session/chat-link.ts';
import { tabStorage } from '@/session/tab.ts';
import { TAB_STORAGE_KEYS } from '@/session/tab-storage.ts';
import InvalidSessionPage from './error-pages/invalid-session.tsx';
import SessionEndedPage from './error-pages/session-ended.tsx';
import { SessionLayout } from './session-layout.tsx';

const HANDLE = 'hhhhhhhhhhhhhhhhhhhhhh';

/** The BFF's answer to a call whose session cookie the browser no longer holds (server/bff/errors.ts). */
const sessionMissing = () =>
  HttpResponse.json(
    {
      success: false,
      data: null,
      errors: [{ message: 'Sua sessão expirou.', code: 401, type: 'session_missing', status: 401 }],
    },
    { status: 401 },
  );

/** A screen whose button makes one call of the tab, and shows how it went. */
function Probe() {
  const [outcome, setOutcome] = useState('');
  const press = () =>
    apiCall({ method: 'GET', url: '/api/catalog/categories' }, 'Falhou.').then(
      () => setOutcome('ok'),
      (error: Error) => setOutcome(error.message),
    );
  return (
    <>
      <button type="button" onClick={press}>
        Carregar
      </button>
      <p>{outcome}</p>
    </>
  );
}

function renderAt(queryClient: QueryClient) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/catalog']}>
        <Routes>
          <Route path="invalid-session" element={<InvalidSessionPage />} />
          <Route path="session-ended" element={<SessionEndedPage />} />
          <Route element={<SessionLayout />}>
            <Route path="catalog" element={<Probe />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  window.history.replaceState(null, '', '/catalog');
  // Each test is a page load: its address is read afresh.
  forgetChatLinkForTests();
  server.use(handlers.currentOrder(orderFixture()));
});
afterEach(() => setSessionHandle(undefined));

describe('a tab whose session the browser no longer holds', () => {
  it('a call answered 401 session_missing while the tab runs shows Abra o link do chat novamente', async () => {
    server.use(http.get('/api/catalog/categories', sessionMissing));
    renderAt(seededQueryClient({}));
    await userEvent.click(await screen.findByRole('button', { name: 'Carregar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abra o link do chat novamente' }),
    ).toBeVisible();
    expect(screen.getByText(/A sessão desta aba foi encerrada/)).toBeVisible();
    // A page to read, nothing to fill in.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('another refusal (the backend’s own 401, a 404) stays on the screen', async () => {
    server.use(http.get('/api/catalog/categories', () => failure('Sessão inválida ou expirada.', 401)));
    renderAt(seededQueryClient({}));
    await userEvent.click(await screen.findByRole('button', { name: 'Carregar' }));
    expect(await screen.findByText('Sessão inválida ou expirada.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Abra o link do chat novamente' })).toBeNull();
  });

  it('a reload whose resume answers 401 session_missing shows it too', async () => {
    server.use(http.get('/api/session', sessionMissing));
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, HANDLE);
    renderAt(freshClient());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abra o link do chat novamente' }),
    ).toBeVisible();
  });

  it('a bad chat link still shows Sessão Inválida', async () => {
    server.use(http.post('/api/session', () => failure('Sessão não encontrada.', 404)));
    window.history.replaceState(null, '', '/catalog#codigo-errado');
    renderAt(freshClient());
    expect(await screen.findByRole('heading', { level: 1, name: 'Sessão Inválida' })).toBeVisible();
  });

  it('a session the backend could not answer is no bad link: the page says so and tries again', async () => {
    let answers = 0;
    server.use(
      http.post('/api/session', () => {
        answers += 1;
        return answers <= 2
          ? failure('Serviço indisponível', 503)
          : HttpResponse.json(
              { success: true, data: sessionFixture({ sessionType: 0, userShop: { id: 'u1' } }), errors: [] },
              { headers: { 'x-session-handle': HANDLE } },
            );
      }),
      http.get('/api/shop/settings', () => failure('x')),
    );
    window.history.replaceState(null, '', '/catalog#demo-shopper');
    renderAt(freshClient());
    // The spec's error page, with the way on: trying again.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Ops! Algo de errado aconteceu' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Sessão Inválida' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Carregar' })).toBeVisible();
    expect(answers).toBe(3);
  });
});

/** A query cache without a loaded session: the layout loads it (session/start-session.ts). */
function freshClient(): QueryClient {
  const client = seededQueryClient({});
  client.clear();
  return client;
}

describe('every screen', () => {
  it("starts with 'Pular para o conteúdo', which takes the keyboard past the top bar to the screen", async () => {
    renderAt(seededQueryClient({}));
    await screen.findByRole('button', { name: 'Carregar' });
    const before = window.location.href;
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // The address's hash is the chat session's code: the link must not change it.
    expect(window.location.href).toBe(before);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Carregar' })).toHaveFocus();
  });
});
