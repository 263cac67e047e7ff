import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { EMPTY_VIEW } from '../../view/catalog-view.ts';
import { products } from '../product-card/product-card.fixtures.tsx';
import { PRODUCT_LIST_ID, ProductGrid } from './product-grid.tsx';

function renderGrid(order: 'loaded' | 'failed') {
  server.use(http.get('/api/catalog/top', () => envelope({ data: [products.rice], hasMore: false })));
  const queryClient = seededQueryClient({ order: order === 'loaded' ? orderFixture() : null });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <h2 id="titulo">Todos</h2>
        <ProductGrid source={{ view: EMPTY_VIEW }} layout="contact" labelledBy="titulo" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const addRice = () => screen.findByRole('button', { name: `Adicionar ${products.rice.name} ao carrinho` });

describe('the product grid', () => {
  it('is the list the filters skip to', async () => {
    renderGrid('loaded');
    const list = screen.getByRole('list', { name: 'Todos' });
    expect(list).toHaveAttribute('id', PRODUCT_LIST_ID);
    expect(list).toHaveAttribute('tabindex', '-1');
    expect(await addRice()).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says once why nothing can be added when the order failed to load, and loads it again', async () => {
    server.use(http.get('/api/order/current', () => failure('Falhou', 500)));
    const queryClient = renderGrid('failed');
    await queryClient.fetchQuery(currentOrderQuery).catch(() => undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar o seu pedido. Tente novamente.',
    );
    expect(await addRice()).toBeDisabled();

    server.use(http.get('/api/order/current', () => envelope(orderFixture())));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await addRice()).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
