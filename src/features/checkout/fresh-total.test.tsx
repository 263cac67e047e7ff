import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, orderFixture, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { TOTAL_CHANGED_ERROR_TYPE, TOTAL_CHANGED_MESSAGE } from '@/contract/checkout.ts';
import { LogisticType, OrderState, PaymentMethod, SessionType } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { sessionQuery } from '@/session/use-session.ts';
import { CheckoutPage } from './checkout-screen.tsx';

// Issue 34: the checkout confirms the total it shows. The finish waits for the quantities on their
// way ('Atualizando pedido'), the confirm carries the total on screen, a refusal because the total
// changed shows the new one, and leaving 'Pagar na entrega' clears it on the order.

const CUSTOMER = { name: 'Patrícia Lopes', email: 'patricia@exemplo.com.br', document: '52998224725' };

const ARROZ = { index: 0, providerId: '1001', quantity: 1, name: 'Arroz', unitPrice: 27.9, totalAmout: 27.9 };

const readyOrder = (overrides: Partial<Order> = {}) =>
  orderFixture({
    status: OrderState.Creating,
    enablePixPayment: true,
    enablePickUp: true,
    items: [ARROZ],
    itemsAmout: 27.9,
    totalAmout: 27.9,
    logistic: { providerId: 'retirada-pinheiros', type: LogisticType.StorePickUp, storePickUpAddress: {} },
    ...overrides,
  });

const ON_DELIVERY_OPTIONS = [
  {
    method: PaymentMethod.OnDelivery,
    name: 'Dinheiro',
    group: 'Dinheiro',
    providerId: 'dinheiro',
    payOnDelivery: true,
  },
];

function renderCheckout(order: Order, paymentOptions: unknown[] = []) {
  let current = order;
  server.use(
    http.get('/api/order/current', () => envelope(current)),
    http.get('/api/order/payments/', () => envelope(paymentOptions)),
    http.get('/api/order/price-tables', () => envelope([])),
    http.get('/api/order/stores/', () => envelope([])),
    http.get('/api/order/logistic/', () => envelope([])),
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionQuery.queryKey, {
    session: {
      sessionType: SessionType.Contact,
      userShop: { id: 'cliente-1', customer: CUSTOMER, addresses: [] },
    },
    settings: {},
  });
  queryClient.setQueryData(currentOrderQuery.queryKey, order);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/order/checkout']}>
        <Routes>
          <Route path="/order/checkout" element={<CheckoutPage />} />
          <Route path="/finish" element={<h1>Página final</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    /** The order as the server holds it from now on (another tab or the API changed it). */
    serverHolds: (next: Order) => {
      current = next;
    },
  };
}

/** The order after another tab added four more. */
const CHANGED = readyOrder({
  items: [{ ...ARROZ, quantity: 5, totalAmout: 136.74 }],
  itemsAmout: 136.74,
  totalAmout: 136.74,
});

const paymentSelect = () => screen.findByRole('combobox', { name: 'Forma de pagamento' });
const summary = () => screen.getByRole('region', { name: 'Resumo' });

afterEach(() => localStorage.clear());

describe('the checkout confirms the total it shows', () => {
  it("says 'Atualizando pedido' and cannot be tapped while a quantity waits, then comes back with the new total", async () => {
    const bodies: unknown[] = [];
    const { serverHolds } = renderCheckout(readyOrder());
    server.use(
      http.post('/api/order/items/', () => {
        const saved = readyOrder({
          items: [{ ...ARROZ, quantity: 2, totalAmout: 55.8 }],
          itemsAmout: 55.8,
          totalAmout: 55.8,
        });
        serverHolds(saved);
        return envelope(saved);
      }),
      http.post('/api/order/confirm', async ({ request }) => {
        bodies.push(await request.json());
        return envelope({ id: 'order-1', status: OrderState.Received });
      }),
    );
    await userEvent.selectOptions(await paymentSelect(), 'PIX');
    await screen.findByRole('button', { name: 'Finalizar e enviar PIX' });

    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar mais um item' }));
    const busy = screen.getByRole('button', { name: 'Atualizando pedido' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(bodies).toEqual([]);

    const finish = await screen.findByRole('button', { name: 'Finalizar e enviar PIX' }, { timeout: 3000 });
    expect(finish).toBeEnabled();
    expect(
      within(summary()).getByText('R$ 55,80', { selector: '.summary-section__total' }),
    ).toBeInTheDocument();
    await userEvent.click(finish);
    expect(await screen.findByRole('heading', { name: 'Página final' })).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({ paymentMethod: PaymentMethod.Pix, expectedTotal: 55.8 }),
    ]);
  });

  it("an order changed behind the screen: the finish shows the new total in 'Finalizar Pedido' and sends no confirm", async () => {
    const bodies: unknown[] = [];
    const { serverHolds } = renderCheckout(readyOrder());
    server.use(
      http.post('/api/order/confirm', async ({ request }) => {
        bodies.push(await request.json());
        return envelope({ id: 'order-1', status: OrderState.Received });
      }),
    );
    await userEvent.selectOptions(await paymentSelect(), 'PIX');
    serverHolds(CHANGED);
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar e enviar PIX' }));

    const modal = await screen.findByRole('alertdialog', { name: 'Finalizar Pedido' });
    expect(within(modal).getByText(`${TOTAL_CHANGED_MESSAGE} Novo total: R$ 136,74`)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    expect(
      within(summary()).getByText('R$ 136,74', { selector: '.summary-section__total' }),
    ).toBeInTheDocument();
  });

  it("a confirm refused because the total changed as it was sent shows the new total in 'Finalizar Pedido' and confirms nothing", async () => {
    const bodies: unknown[] = [];
    const { serverHolds } = renderCheckout(readyOrder());
    server.use(
      http.post('/api/order/confirm', async ({ request }) => {
        bodies.push(await request.json());
        // Another tab's change landed between the finish's last read and this confirm.
        serverHolds(CHANGED);
        return HttpResponse.json(
          {
            success: false,
            data: { totalAmout: 136.74 },
            errors: [
              { message: TOTAL_CHANGED_MESSAGE, code: 409, type: TOTAL_CHANGED_ERROR_TYPE, status: 409 },
            ],
          },
          { status: 409 },
        );
      }),
    );
    await userEvent.selectOptions(await paymentSelect(), 'PIX');
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar e enviar PIX' }));

    const modal = await screen.findByRole('alertdialog', { name: 'Finalizar Pedido' });
    // The text as the shopper reads it (the amount's space is a no-break space, read as a space).
    expect(within(modal).getByText(`${TOTAL_CHANGED_MESSAGE} Novo total: R$ 136,74`)).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ expectedTotal: 27.9 })]);
    // The screen shows the order as it is now: the shopper decides again.
    expect(
      within(summary()).getByText('R$ 136,74', { selector: '.summary-section__total' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Página final' })).not.toBeInTheDocument();
  });

  it("leaving 'Pagar na entrega' for PIX clears it on the order and drops the cash amount", async () => {
    const clears: unknown[] = [];
    renderCheckout(
      readyOrder({
        payment: {
          method: PaymentMethod.OnDelivery,
          onDelivery: { group: 'Dinheiro', providerId: 'dinheiro', cashAmount: 100 },
        },
      }),
      ON_DELIVERY_OPTIONS,
    );
    server.use(
      http.post('/api/order/payment/delivery', async ({ request }) => {
        clears.push(await request.json());
        return envelope(readyOrder());
      }),
    );
    const method = await paymentSelect();
    await waitFor(() => expect(method).toHaveDisplayValue('Pagar na entrega'));
    expect(screen.getByRole('textbox', { name: 'Valor em espécie' })).toHaveValue('100,00');

    await userEvent.selectOptions(method, 'PIX');
    await waitFor(() => expect(clears).toEqual([{}]));
    expect(screen.queryByRole('combobox', { name: 'Tipo de pagamento' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Finalizar e enviar PIX' })).toBeEnabled();
  });
});
