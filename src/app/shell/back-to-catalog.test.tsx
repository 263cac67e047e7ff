// The top bar's ← ('Voltar ao catálogo') returns to the list the shopper came from, in the browser's
// own history (jsdom's, through BrowserRouter): by going back to it when it is behind, so its pages
// and scroll come back as with Back; otherwise in a new entry.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handlers, orderFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionLayout } from './session-layout.tsx';

function Catalog() {
  const { search } = useLocation();
  return (
    <>
      <h1>Catálogo {search}</h1>
      <Link to="/catalog?categoria=2">Bebidas</Link>
      <Link to="/product/1">Arroz</Link>
      <Link to="/order" replace>
        Carrinho no lugar da lista
      </Link>
    </>
  );
}

function Screen({ name }: { name: string }) {
  return (
    <>
      <h1>{name}</h1>
      <Link to="/product/1">Arroz</Link>
    </>
  );
}

/** Opens the tab on `address` (the first entry of the page's history), in the session layout. */
function openTabOn(address: string) {
  window.history.replaceState(null, '', address);
  render(
    <QueryClientProvider client={seededQueryClient({ order: orderFixture() })}>
      <BrowserRouter>
        <Routes>
          <Route element={<SessionLayout />}>
            <Route path="catalog" element={<Catalog />} />
            <Route path="product/:id" element={<Screen name="Produto" />} />
            <Route path="order" element={<Screen name="Meu carrinho" />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

const follow = (name: string | RegExp) => userEvent.click(screen.getByRole('link', { name }));
const back = () => follow('Voltar ao catálogo');
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const historyIndex = () => (window.history.state as { idx?: number } | null)?.idx;

beforeEach(() => {
  server.use(handlers.currentOrder(orderFixture()));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the top bar's ←", () => {
  it('from a product, goes back to the list it was opened from', async () => {
    openTabOn('/catalog');
    await follow('Bebidas');
    await follow('Arroz');
    await heading('Produto');
    expect(screen.getByRole('link', { name: 'Voltar ao catálogo' })).toHaveAttribute(
      'href',
      '/catalog?categoria=2',
    );
    await back();
    expect(await heading('Catálogo ?categoria=2')).toBeInTheDocument();
    // Back, not a new entry: Back from here still shows the list before it.
    expect(historyIndex()).toBe(1);
  });

  it('from the cart reached from a product, goes back past both to the list', async () => {
    openTabOn('/catalog?categoria=2');
    await follow('Arroz');
    await follow(/Ver carrinho/);
    await heading('Meu carrinho');
    await back();
    expect(await heading('Catálogo ?categoria=2')).toBeInTheDocument();
    expect(historyIndex()).toBe(0);
  });

  it('on a tab opened on a product, opens the catalogue in a new entry', async () => {
    openTabOn('/product/1');
    await heading('Produto');
    await back();
    expect(await heading('Catálogo')).toBeInTheDocument();
    expect(historyIndex()).toBe(1);
  });

  it('does not go back to where the list was once another page took its place', async () => {
    openTabOn('/catalog?categoria=2');
    await follow('Carrinho no lugar da lista');
    await heading('Meu carrinho');
    await follow('Arroz');
    await back();
    expect(await heading('Catálogo ?categoria=2')).toBeInTheDocument();
    expect(historyIndex()).toBe(2);
  });
});
