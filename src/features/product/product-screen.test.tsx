// The product page when its read does not bring the product: a product that does not exist goes to
// 'Página não encontrada' (spec section 2), a read that failed says so and offers to try again.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, orderFixture, productFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, expect, it } from 'vitest';
import ProductPage from './product-screen.tsx';

const rice = productFixture({ providerId: '1001', name: 'Arroz Branco Tipo 1 Camil 5kg', price: 27.9 });
/** The BFF's answer when the backend is down (server/bff/errors.ts). */
const UNAVAILABLE = 'Nossa loja está temporariamente indisponível. Tente novamente em instantes.';

function openProductPage(path = '/product/1001') {
  render(
    <QueryClientProvider client={seededQueryClient({ order: orderFixture() })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/product/:id" element={<ProductPage />} />
          <Route path="/not-found" element={<h1>Página não encontrada</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The backend of these tests has no public profile (decision 0024's extension): no share action.
beforeEach(() => {
  server.use(http.get('/api/shop/public-profile', () => failure('Não encontrado.', 404)));
});

/** Answers the product reads in turn: each entry once, the last one from then on; counts them. */
function productReads(...answers: (() => Response)[]): () => number {
  let n = 0;
  server.use(
    http.get('/api/catalog/products/:id', () => {
      const answer = answers[Math.min(n, answers.length - 1)];
      n += 1;
      if (!answer) throw new Error('no answer given');
      return answer();
    }),
  );
  return () => n;
}

it('a product the store does not have goes to the not-found page', async () => {
  productReads(() => failure('Produto não encontrado.', 404));
  openProductPage();
  expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
});

it('an id no product can have goes to the not-found page without asking the store', async () => {
  openProductPage('/product/..%2F..%2Forder%2Fconfirm');
  expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
});

it.each([
  ['the store is down (503)', () => failure(UNAVAILABLE, 503)],
  ['the store failed (500)', () => failure('Ops! Algo de errado aconteceu. Tente novamente.', 500)],
  ['the store is slow (504)', () => failure('A loja demorou demais para responder.', 504)],
  ['no answer at all', () => HttpResponse.error()],
  ['an answer that is not the envelope', () => new HttpResponse('<html>proxy</html>', { status: 200 })],
  ['a product of the wrong shape', () => envelope({ name: 42 })],
])('when %s, says it could not load the product and offers to try again', async (_what, answer) => {
  productReads(answer);
  openProductPage();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Não foi possível carregar o produto.');
  expect(
    screen.getByRole('heading', { level: 1, name: 'Não foi possível carregar o produto.' }),
  ).toBeVisible();
  expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
  expect(screen.queryByRole('heading', { name: 'Página não encontrada' })).not.toBeInTheDocument();
});

it('Tentar novamente shows the product once the store answers again, and puts the focus on its name', async () => {
  productReads(
    () => failure(UNAVAILABLE, 503),
    () => envelope(rice),
  );
  openProductPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
  const name = await screen.findByRole('heading', { level: 1, name: 'Arroz Branco Tipo 1 Camil 5kg' });
  expect(name).toHaveFocus();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('a try that fails again keeps the message and the button', async () => {
  const reads = productReads(() => failure(UNAVAILABLE, 503));
  openProductPage();
  const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
  await userEvent.click(retry);
  await waitFor(() => expect(reads()).toBe(2));
  await waitFor(() => expect(retry).not.toHaveAttribute('aria-busy'));
  expect(retry).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível carregar o produto.');
});
