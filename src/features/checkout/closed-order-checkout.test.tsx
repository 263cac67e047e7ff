import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { axeViolations } from '@tests/axe.ts';
import { handlers, orderFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Channel, OrderState } from '@/contract/enums.ts';
import { sessionQuery } from '@/session/use-session.ts';
import { CheckoutPage } from './checkout-screen.tsx';

const items = [{ index: 0, providerId: '1001', quantity: 3, name: 'Arroz', unitPrice: 10, totalAmout: 30 }];

function renderClosedCheckout(status: OrderState, { platformUser = false } = {}) {
  const order = orderFixture({ status, items });
  server.use(handlers.currentOrder(order));
  const queryClient = seededQueryClient({
    platformUser,
    settings: { whatsApp: '+55 11 99999-0000', disableChargeOrders: true },
    order,
  });
  const loaded = queryClient.getQueryData(sessionQuery.queryKey);
  if (loaded) {
    queryClient.setQueryData(sessionQuery.queryKey, {
      ...loaded,
      session: { ...loaded.session, channelType: Channel.WhatsApp },
    });
  }
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/order/checkout']}>
        <CheckoutPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the checkout of a closed order', () => {
  it('a canceled order shows Pedido cancelado and the way back to WhatsApp, not the form (axe clean)', async () => {
    const { container } = renderClosedCheckout(OrderState.Canceled);
    expect(screen.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Pedido cancelado' })).toBeInTheDocument();
    expect(screen.getByText('Este pedido foi cancelado e não pode mais ser alterado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5511999990000',
    );
    expect(screen.getByRole('link', { name: 'Ver o catálogo' })).toHaveAttribute('href', '/catalog');
    expect(screen.queryByRole('region', { name: 'Dados do contato' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Receber pedido' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('tells an operator a new sale starts from a new conversation', () => {
    renderClosedCheckout(OrderState.Canceled, { platformUser: true });
    expect(screen.getByRole('heading', { level: 2, name: 'Pedido cancelado' })).toBeInTheDocument();
    expect(
      screen.getByText('Para vender de novo a este contato, comece um novo atendimento pela conversa.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Voltar para o WhatsApp' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Receber pedido' })).not.toBeInTheDocument();
  });

  it('a finalized order says Pedido finalizado, not the form', () => {
    renderClosedCheckout(OrderState.Finalized);
    expect(screen.getByRole('heading', { level: 2, name: 'Pedido finalizado' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pagamento' })).not.toBeInTheDocument();
  });
});
