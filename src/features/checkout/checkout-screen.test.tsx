import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Channel, LogisticType, OrderState, PaymentMethod, SessionType } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { draftStorage, loadDraft, saveDraft } from '@/order/checkout-draft.ts';
import { sessionQuery } from '@/session/use-session.ts';
import { CheckoutPage } from './checkout-screen.tsx';

const CUSTOMER = { name: 'Patrícia Lopes', email: 'patricia@exemplo.com.br', document: '52998224725' };

/** An order ready to finish but for the payment method: a pick-up is chosen. */
const readyOrder = (overrides: Partial<Order> = {}) =>
  orderFixture({
    status: OrderState.Creating,
    enablePixPayment: true,
    enableBoletoPayment: true,
    enablePickUp: true,
    enableDelivery: true,
    items: [{ index: 0, providerId: '1001', quantity: 1, name: 'Arroz', unitPrice: 27.9, totalAmout: 27.9 }],
    itemsAmout: 27.9,
    totalAmout: 27.9,
    logistic: { providerId: 'retirada-pinheiros', type: LogisticType.StorePickUp, storePickUpAddress: {} },
    ...overrides,
  });

function renderCheckout({
  order,
  userId = 'cliente-1',
  settings = {},
  platformUser = false,
  channel,
  leave,
}: {
  channel?: Channel;
  leave?: (url: string) => void;
  order: Order;
  userId?: string;
  settings?: ShopSettings;
  platformUser?: boolean;
}) {
  server.use(
    http.get('/api/order/current', () => envelope(order)),
    http.get('/api/order/payments/', () => envelope([])),
    http.get('/api/order/price-tables', () => envelope([])),
    http.get('/api/order/stores/', () => envelope([])),
    http.get('/api/order/logistic/', () => envelope([])),
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionQuery.queryKey, {
    session: {
      sessionType: platformUser ? SessionType.PlatformUser : SessionType.Contact,
      channelType: channel,
      userShop: { id: userId, customer: CUSTOMER, addresses: [] },
    },
    settings,
  });
  queryClient.setQueryData(currentOrderQuery.queryKey, order);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/order/checkout']}>
        <Routes>
          <Route path="/order/checkout" element={<CheckoutPage leave={leave} />} />
          <Route path="/finish" element={<h1>Página final</h1>} />
          <Route path="/finish/pix" element={<h1>Página do Pix</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient };
}

const paymentSelect = () => screen.findByRole('combobox', { name: 'Forma de pagamento' });

afterEach(() => {
  localStorage.clear();
  // The contact draft's memory copy too (a test leaves an invalid name in it).
  draftStorage().clear();
});

describe('the checkout screen', () => {
  it('shows only the wrapper for an order the shop already received', () => {
    renderCheckout({ order: readyOrder({ status: OrderState.Received }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Dados do contato' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).not.toBeInTheDocument();
  });

  it('says what is missing, and shows the finish button once the check passes', async () => {
    renderCheckout({ order: readyOrder() });
    expect(await screen.findByText('Para finalizar, falta: Forma de pagamento.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Finalizar e enviar/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(await paymentSelect(), 'PIX');
    expect(await screen.findByRole('button', { name: 'Finalizar e enviar PIX' })).toBeInTheDocument();
    expect(screen.queryByText(/Para finalizar, falta/)).not.toBeInTheDocument();
  });

  it('confirms with the contact data and the method, then goes to the final page', async () => {
    const bodies: unknown[] = [];
    renderCheckout({ order: readyOrder() });
    server.use(
      http.post('/api/order/confirm', async ({ request }) => {
        bodies.push(await request.json());
        return envelope({ id: 'order-1', status: OrderState.Received });
      }),
    );
    await userEvent.selectOptions(await paymentSelect(), 'PIX');
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar e enviar PIX' }));
    expect(await screen.findByRole('heading', { name: 'Página final' })).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({
        name: 'Patrícia Lopes',
        document: '52998224725',
        paymentMethod: PaymentMethod.Pix,
      }),
    ]);
    // The order is closed: its draft goes with it.
    expect(loadDraft('cliente-1')).toBeUndefined();
  });

  it('goes to the Pix page when the finished order carries a Pix charge', async () => {
    const charge = {
      txid: 'TX00000000000000000000001',
      brCode: '000201010212520400005303986540527.905802BR5913EMPORIO BOM6009SAO PAULO6304ABCD',
      amount: 27.9,
      status: 'pending',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    };
    let confirmed = false;
    renderCheckout({ order: readyOrder(), channel: Channel.WhatsApp });
    server.use(
      http.post('/api/order/confirm', () => {
        confirmed = true;
        return envelope({ id: 'order-1', status: OrderState.Received });
      }),
      http.get('/api/order/current', () =>
        envelope(
          confirmed ? { ...readyOrder({ status: OrderState.Received }), pixCharge: charge } : readyOrder(),
        ),
      ),
    );
    await userEvent.selectOptions(await paymentSelect(), 'PIX');
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar e enviar PIX' }));
    expect(await screen.findByRole('heading', { name: 'Página do Pix' })).toBeInTheDocument();
  });

  it('goes to the final page as before when the finished order carries no Pix charge (WhatsApp too)', async () => {
    let confirmed = false;
    renderCheckout({ order: readyOrder(), channel: Channel.WhatsApp });
    server.use(
      http.post('/api/order/confirm', () => {
        confirmed = true;
        return envelope({ id: 'order-1', status: OrderState.Received });
      }),
      http.get('/api/order/current', () =>
        envelope(confirmed ? readyOrder({ status: OrderState.Received }) : readyOrder()),
      ),
    );
    await userEvent.selectOptions(await paymentSelect(), 'PIX');
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar e enviar PIX' }));
    expect(await screen.findByRole('heading', { name: 'Página final' })).toBeInTheDocument();
  });

  it("shows the operator a received order's Pix status live, and 'Enviar código Pix'", async () => {
    const charge = {
      txid: 'TX00000000000000000000001',
      brCode: '000201010212520400005303986540527.905802BR5913EMPORIO BOM6009SAO PAULO6304ABCD',
      amount: 27.9,
      status: 'pending' as const,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    };
    let reads = 0;
    const order = { ...readyOrder({ status: OrderState.Received }), pixCharge: charge } as Order;
    renderCheckout({ order, platformUser: true });
    server.use(
      http.get('/api/order/pix/charge', () => {
        reads += 1;
        return envelope(reads > 1 ? { ...charge, status: 'paid' } : charge);
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Pix do pedido' });
    expect(await within(panel).findByRole('button', { name: 'Enviar código Pix' })).toBeInTheDocument();
    await waitFor(
      () => expect(within(panel).getByRole('status')).toHaveTextContent('Status: Pagamento recebido'),
      {
        timeout: 5000,
      },
    );
    expect(within(panel).queryByRole('button', { name: 'Enviar código Pix' })).not.toBeInTheDocument();
  });

  it("shows the server's first message in 'Finalizar Pedido' when the confirmation is refused", async () => {
    renderCheckout({ order: readyOrder() });
    server.use(
      http.post('/api/order/confirm', () =>
        HttpResponse.json(
          {
            success: false,
            data: null,
            errors: [
              {
                message: 'Escolha o dia e o horário de entrega.',
                code: 400,
                type: 'validation',
                status: 400,
              },
              { message: 'Outro erro', code: 400, type: 'validation', status: 400 },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    await userEvent.selectOptions(await paymentSelect(), 'PIX');
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar e enviar PIX' }));
    const modal = await screen.findByRole('alertdialog', { name: 'Finalizar Pedido' });
    expect(within(modal).getByText('Escolha o dia e o horário de entrega.')).toBeInTheDocument();
    expect(within(modal).queryByText('Outro erro')).not.toBeInTheDocument();
  });

  it('a name over 200 characters: the finish sends nothing and leads to Nome, focused, with its message', async () => {
    const bodies: unknown[] = [];
    renderCheckout({ order: readyOrder() });
    server.use(
      http.post('/api/order/confirm', async ({ request }) => {
        bodies.push(await request.json());
        return envelope({ id: 'order-1', status: OrderState.Received });
      }),
      http.post('/api/customer/update', async ({ request }) => {
        bodies.push(await request.json());
        return envelope(null);
      }),
    );
    await userEvent.selectOptions(await paymentSelect(), 'PIX');
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    await userEvent.clear(name);
    await userEvent.click(name);
    await userEvent.paste('P'.repeat(250));
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar e enviar PIX' }));

    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Use no máximo 200 caracteres.');
    expect(bodies).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Página final' })).not.toBeInTheDocument();
  });

  it("never shows an English field key in 'Finalizar Pedido'", async () => {
    renderCheckout({ order: readyOrder() });
    server.use(
      http.post('/api/order/confirm', () => failure('O campo manualPaymentInformation é inválido.', 400)),
    );
    await userEvent.selectOptions(await paymentSelect(), 'PIX');
    await userEvent.click(await screen.findByRole('button', { name: 'Finalizar e enviar PIX' }));
    const modal = await screen.findByRole('alertdialog', { name: 'Finalizar Pedido' });
    expect(modal).toHaveTextContent('Um valor informado não foi aceito. Confira o que foi digitado.');
    expect(modal).not.toHaveTextContent('manualPaymentInformation');
  });

  it('sends a shopper paying by card on the shop’s page to the card page without confirming', async () => {
    let confirmed = false;
    const left: string[] = [];
    renderCheckout({ order: readyOrder({ enableCreditPayment: true }), leave: (url) => left.push(url) });
    server.use(
      http.post('/api/order/confirm', () => {
        confirmed = true;
        return failure('não deveria confirmar', 400);
      }),
    );
    await userEvent.selectOptions(await paymentSelect(), 'Cartão de Crédito');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Finalizar e enviar Cartão de Crédito' }),
    );
    // A page load of its own (the card page's CSP), with the choice already in the draft.
    await waitFor(() => expect(left).toEqual(['/order/payment']));
    expect(loadDraft('cliente-1')?.paymentMethod).toBe(PaymentMethod.CreditCard);
    expect(confirmed).toBe(false);
  });

  it('brings back the draft of the same user and never another user’s', async () => {
    saveDraft('cliente-1', { paymentMethod: PaymentMethod.Boleto });
    renderCheckout({ order: readyOrder(), userId: 'cliente-2' });
    expect(((await paymentSelect()) as HTMLSelectElement).selectedOptions[0]?.textContent).not.toBe('Boleto');
  });

  it('restores the payment method of the draft for the same user', async () => {
    saveDraft('cliente-1', { paymentMethod: PaymentMethod.Boleto });
    renderCheckout({ order: readyOrder() });
    expect(((await paymentSelect()) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Boleto');
    expect(await screen.findByRole('button', { name: 'Finalizar e enviar Boleto' })).toBeInTheDocument();
  });

  it("offers 'Receber pedido' when the shop does not charge, with no payment method needed", async () => {
    renderCheckout({ order: readyOrder(), settings: { disableChargeOrders: true }, platformUser: true });
    expect(await screen.findByRole('button', { name: 'Receber pedido' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar resumo do pedido' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar para fluxo semiautomático' })).toBeInTheDocument();
  });
});
