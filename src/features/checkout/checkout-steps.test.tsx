import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogisticType, OrderState, SessionType } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { clearDraft, draftStorage } from '@/order/checkout-draft.ts';
import { sessionQuery } from '@/session/use-session.ts';
import { CheckoutPage } from './checkout-screen.tsx';
import { NOT_ACCEPTED_MESSAGE } from './lib/server-message.ts';

// The checkout's steps on a phone (issue 25): complete steps fold to one line with 'Alterar', the first
// incomplete one is open and ends with 'Continuar' once complete.

const CUSTOMER = { name: 'Patrícia Lopes', email: 'patricia@exemplo.com.br', document: '52998224725' };

const order = orderFixture({
  status: OrderState.Creating,
  enablePixPayment: true,
  enablePickUp: true,
  enableDelivery: true,
  items: [{ index: 0, providerId: '1001', quantity: 2, name: 'Arroz', unitPrice: 27.9, totalAmout: 55.8 }],
  itemsAmout: 55.8,
  totalAmout: 55.8,
  logistic: {
    providerId: 'retirada-pinheiros',
    type: LogisticType.StorePickUp,
    price: 0,
    storePickUpAddress: { providerId: 'loja-pinheiros', name: 'Loja Pinheiros' },
  },
});

/** A window as wide as a phone's, or a desktop's (no media query matches). */
function windowWidth(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderCheckout({
  settings = {},
  extra = {},
}: {
  settings?: ShopSettings;
  extra?: Partial<Order>;
} = {}) {
  const current = { ...order, ...extra };
  server.use(
    http.get('/api/order/current', () => envelope(current)),
    http.get('/api/order/payments/', () => envelope([])),
    http.get('/api/order/price-tables', () => envelope([])),
    http.get('/api/order/stores/', () => envelope([])),
    http.get('/api/order/logistic/', () => envelope([])),
    http.post('/api/order/customer', () => HttpResponse.json({ data: null })),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQuery.queryKey, {
    session: {
      sessionType: SessionType.Contact,
      userShop: { id: 'cliente-1', customer: CUSTOMER, addresses: [] },
    },
    settings,
  });
  queryClient.setQueryData(currentOrderQuery.queryKey, current);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/order/checkout']}>
        <CheckoutPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A folded step: the region named by its title, holding the one line and 'Alterar'. */
const foldedStep = (title: string) => {
  const heading = screen.getByRole('heading', { name: title, level: 2 });
  return heading.closest('section') as HTMLElement;
};

// The draft is written when the screen unmounts: each test starts without one.
beforeEach(() => {
  clearDraft('cliente-1');
  // The contact draft too: a test leaves an e-mail the server refused in it.
  draftStorage().clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the checkout on a phone', () => {
  it('shows each complete step as one line with Alterar and opens the first one missing something', async () => {
    windowWidth(true);
    renderCheckout();
    expect(await screen.findByRole('combobox', { name: 'Forma de pagamento' })).toBeVisible();

    const delivery = foldedStep('Forma de entrega');
    expect(within(delivery).getByText('Retirada em loja · Loja Pinheiros · Grátis')).toBeVisible();
    expect(within(foldedStep('Itens do pedido')).getByText(/^2 itens · R\$\s55,80$/)).toBeVisible();
    expect(
      within(foldedStep('Dados do contato')).getByText('Patrícia Lopes · patricia@exemplo.com.br'),
    ).toBeVisible();
    // The CPF is not repeated on the folded line.
    expect(screen.queryByText(/529/)).toBeNull();

    const change = within(delivery).getByRole('button', { name: 'Alterar' });
    expect(change).toHaveAttribute('aria-expanded', 'false');
    const content = document.getElementById(change.getAttribute('aria-controls') ?? '');
    expect(content).not.toBeVisible();
    // The fields of a folded step stay on the page (hidden), so nothing typed is lost.
    expect(
      within(content as HTMLElement).getByRole('radio', { name: 'Retirada em loja', hidden: true }),
    ).toBeChecked();
  });

  it('Alterar opens the step, folds the one that was open and moves the focus to its heading', async () => {
    windowWidth(true);
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('combobox', { name: 'Forma de pagamento' });

    await user.click(within(foldedStep('Dados do contato')).getByRole('button', { name: 'Alterar' }));
    expect(screen.getByRole('heading', { name: 'Dados do contato' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Patrícia Lopes');
    expect(within(foldedStep('Pagamento')).getByText('Falta: Forma de pagamento')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Forma de pagamento' })).toBeNull();
  });

  it('Continuar on the last step leads to the finish once nothing is missing', async () => {
    windowWidth(true);
    const user = userEvent.setup();
    renderCheckout();
    // Incomplete, the open step has no 'Continuar'.
    const method = await screen.findByRole('combobox', { name: 'Forma de pagamento' });
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();

    await user.selectOptions(method, 'PIX');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('button', { name: 'Finalizar e enviar PIX' })).toHaveFocus();
    expect(within(foldedStep('Pagamento')).getByText('PIX')).toBeVisible();
  });

  it("the bar's 'Para finalizar, falta' opens the step of what is missing", async () => {
    windowWidth(true);
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('combobox', { name: 'Forma de pagamento' });
    await user.click(within(foldedStep('Itens do pedido')).getByRole('button', { name: 'Alterar' }));

    await user.click(screen.getByRole('button', { name: 'Para finalizar, falta: Forma de pagamento.' }));
    expect(screen.getByRole('heading', { name: 'Pagamento' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Forma de pagamento' })).toBeVisible();
  });

  it("'Para finalizar, falta' leads to the field in error: a card link over 2000 characters, focused with its message", async () => {
    windowWidth(true);
    const user = userEvent.setup();
    renderCheckout({ settings: { payment: { type: 'manual' } }, extra: { enableCreditPayment: true } });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Forma de pagamento' }),
      'Cartão de Crédito',
    );
    const card = screen.getByRole('textbox', { name: 'Cartão' });
    await user.click(card);
    await user.paste(`https://pagar.exemplo.com/${'a'.repeat(2100)}`);
    await user.click(within(foldedStep('Itens do pedido')).getByRole('button', { name: 'Alterar' }));

    await user.click(
      screen.getByRole('button', { name: 'Para finalizar, falta: Informações do pagamento.' }),
    );
    expect(screen.getByRole('textbox', { name: 'Cartão' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Cartão' })).toHaveAccessibleDescription(
      'Use no máximo 2000 caracteres.',
    );
  });

  it('a contact field the server refuses by its English key opens the contact step again and focuses the field, in Portuguese', async () => {
    windowWidth(true);
    const user = userEvent.setup();
    renderCheckout();
    server.use(http.post('/api/customer/update', () => failure('O campo email é inválido.', 400)));
    await screen.findByRole('combobox', { name: 'Forma de pagamento' });
    await user.click(within(foldedStep('Dados do contato')).getByRole('button', { name: 'Alterar' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'r');
    // Leaving for another step saves at once; the refusal brings the shopper back to the field.
    await user.click(within(foldedStep('Itens do pedido')).getByRole('button', { name: 'Alterar' }));

    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(NOT_ACCEPTED_MESSAGE);
    expect(screen.getByRole('region', { name: 'Dados do contato' })).not.toHaveTextContent(/\bemail\b/);
  });
});

describe('the checkout on a wide screen', () => {
  it('shows every section open, with no Alterar and no Continuar', async () => {
    windowWidth(false);
    const user = userEvent.setup();
    renderCheckout();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Forma de pagamento' }), 'PIX');
    expect(screen.getByRole('radio', { name: 'Retirada em loja' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Alterar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
  });
});
