// Where 'Adicionar' leaves the shopper, in the browser's own history (jsdom's, through BrowserRouter):
// back one page when that page is the store's, the catalogue when the tab opened on the product, and
// nowhere when the shopper has already gone elsewhere.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, orderFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { http } from 'msw';
import toast from 'react-hot-toast';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, type MockInstance, vi } from 'vitest';
import { products, updatedOrder } from './product-actions.fixtures.tsx';
import { ProductActions } from './product-actions.tsx';

let success: MockInstance<typeof toast.success>;
beforeEach(() => {
  success = vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
});
afterEach(() => success.mockRestore());

/** The tab's history before the app starts: each address an entry, as the router writes them. */
function openTabOn(...addresses: string[]) {
  addresses.forEach((address, idx) => {
    const state = { usr: null, key: `entrada-${idx}`, idx };
    if (idx === 0) window.history.replaceState(state, '', address);
    else window.history.pushState(state, '', address);
  });
}

function Page() {
  const { pathname, search } = useLocation();
  return <p>Na página {`${pathname}${search}`}</p>;
}

/**
 * The product's actions stay on screen whatever the address, as the product page does while the
 * next screen's code is still loading on a slow network.
 */
function renderProductPage() {
  const queryClient = seededQueryClient({ order: orderFixture() });
  render(
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<Page />} />
        </Routes>
        <Link to="/order">Ver carrinho</Link>
        <ProductActions product={products.rice} dimension={undefined} attributes={[]} hasDimensions={false} />
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

const addButton = () => screen.getByRole('button', { name: 'Adicionar' });
const historyIndex = () => (window.history.state as { idx?: number } | null)?.idx;

function itemUpdates(wait?: Promise<void>) {
  server.use(
    http.post('/api/order/items/', async () => {
      await wait;
      return envelope(updatedOrder);
    }),
  );
}

it('goes back one page when the product was opened from the store’s list', async () => {
  itemUpdates();
  openTabOn('/catalog?categoria=2', '/product/1001');
  renderProductPage();
  await userEvent.click(addButton());
  expect(await screen.findByText('Na página /catalog?categoria=2')).toBeInTheDocument();
  expect(historyIndex()).toBe(0);
  expect(success).toHaveBeenCalledWith('Produto adicionado ao carrinho');
});

it('goes to the catalogue, staying in the store, when the tab opened on the product', async () => {
  itemUpdates();
  openTabOn('/product/1001');
  renderProductPage();
  await userEvent.click(addButton());
  expect(await screen.findByText('Na página /catalog')).toBeInTheDocument();
  // A new entry: Back from the catalogue shows the product again, not the chat.
  expect(historyIndex()).toBe(1);
});

it('leaves the shopper on the cart when they went there while the add was on its way', async () => {
  let answer!: () => void;
  itemUpdates(
    new Promise<void>((resolve) => {
      answer = resolve;
    }),
  );
  openTabOn('/catalog', '/product/1001');
  renderProductPage();
  await userEvent.click(addButton());
  await userEvent.click(screen.getByRole('link', { name: 'Ver carrinho' }));
  expect(screen.getByText('Na página /order')).toBeInTheDocument();

  await act(async () => answer());
  await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Produto adicionado ao carrinho'));
  // Give a wrong Back the time to arrive (jsdom's history moves in a later task).
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.getByText('Na página /order')).toBeInTheDocument();
  expect(historyIndex()).toBe(2);
});
