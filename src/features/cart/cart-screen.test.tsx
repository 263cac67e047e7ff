import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { axeViolations } from '@tests/axe.ts';
import { handlers, orderFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { OrderState } from '@/contract/enums.ts';
import CartPage from './cart-screen.tsx';

const items = [{ index: 0, providerId: '1001', quantity: 3, name: 'Arroz', unitPrice: 10, totalAmout: 30 }];

function renderCart(status: OrderState) {
  const order = orderFixture({ status, items });
  server.use(handlers.currentOrder(order));
  return render(
    <QueryClientProvider client={seededQueryClient({ order })}>
      <MemoryRouter initialEntries={['/order']}>
        <CartPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Meu carrinho', () => {
  it('of a canceled order says it was canceled and offers no quantities nor confirmation (axe clean)', async () => {
    const { container } = renderCart(OrderState.Canceled);
    expect(screen.getByRole('heading', { level: 1, name: 'Meu carrinho' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Pedido cancelado' })).toBeInTheDocument();
    expect(
      screen.getByText('Para fazer um novo pedido ou mudar algo, fale com a loja pela conversa.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirmar pedido/ })).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('of an order being built shows its items to edit', () => {
    renderCart(OrderState.Creating);
    expect(screen.getByRole('spinbutton', { name: 'Quantidade' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pedido cancelado' })).not.toBeInTheDocument();
  });
});
