import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { NO_PRICE_TABLE_ID } from '@/contract/checkout.ts';
import { LogisticFormValue } from '@/contract/enums.ts';
import { renderSection } from '../delivery-method/section-test-kit.tsx';
import { StoreSection } from './store-section.tsx';

let error: MockInstance<typeof toast.error>;
beforeEach(() => {
  error = vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
});
afterEach(() => error.mockRestore());

const sellers = [
  { providerId: 's1', name: 'Loja Centro', address: 'Rua A, 1', serviceTax: 0 },
  { providerId: 's2', name: 'Loja Bairro', address: 'Rua B, 2', serviceTax: 5 },
];

function sellerCalls(setAnswer: () => Response) {
  const queries: string[] = [];
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/order/seller/', ({ request }) => {
      queries.push(new URL(request.url).search);
      return envelope(sellers);
    }),
    http.post('/api/order/seller/', async ({ request }) => {
      bodies.push(await request.json());
      return setAnswer();
    }),
  );
  return { queries, bodies };
}

const sellerSetup = {
  sections: { store: true, sellerSelect: true },
  addresses: [{ name: 'Casa', street: 'Praça da Sé', number: '10', zipCode: '01001-000' }],
};

describe('StoreSection', () => {
  it('renders nothing without the store section', () => {
    const { container } = renderSection((ctx) => <StoreSection ctx={ctx} />);
    expect(container.querySelector('section')).toBeNull();
  });

  it("shows 'Buscando...' while the sellers load, then the placeholder 'Selecione a loja desejada'", async () => {
    const { queries } = sellerCalls(() => envelope(orderFixture()));
    renderSection((ctx) => <StoreSection ctx={ctx} />, {
      ...sellerSetup,
      values: { logisticType: LogisticFormValue.Delivery, deliveryAddressIndex: 0 },
    });
    expect(screen.getByRole('heading', { name: 'Loja' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Loja' });
    expect(screen.getByRole('option', { name: 'Buscando...' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Loja Centro' });
    expect(select).toHaveDisplayValue('Selecione a loja desejada');
    expect(queries).toEqual(['?type=1&code=01001-000']);
  });

  it('choosing a seller resets the logistic, schedule and payment choices and sets it on the order', async () => {
    const { bodies } = sellerCalls(() =>
      envelope(orderFixture({ seller: { providerId: 's2', name: 'Loja Bairro' } })),
    );
    const { form } = renderSection((ctx) => <StoreSection ctx={ctx} />, {
      ...sellerSetup,
      values: {
        selectedLogistic: 'entrega-1',
        selectedDay: '2030-01-07',
        selectedSchedule: '08:00',
        paymentMethod: 5,
        paymentOptionGroup: 'Dinheiro',
        cashAmount: 100,
      },
    });
    await screen.findByRole('option', { name: 'Loja Bairro' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Loja' }), 'Loja Bairro');
    await waitFor(() => expect(bodies).toEqual([{ providerId: 's2' }]));
    const values = form().getValues();
    expect(values.selectedSeller).toBe('s2');
    for (const reset of [
      'selectedLogistic',
      'selectedDay',
      'selectedSchedule',
      'paymentMethod',
      'cashAmount',
    ] as const) {
      expect(values[reset]).toBeUndefined();
    }
  });

  it("a refused seller shows the server's message by the field and goes back to the order's seller", async () => {
    sellerCalls(() => failure('Esta loja não atende o seu endereço.', 400));
    const { form } = renderSection((ctx) => <StoreSection ctx={ctx} />, {
      ...sellerSetup,
      order: orderFixture({ seller: { providerId: 's1', name: 'Loja Centro' } }),
    });
    const select = screen.getByRole('combobox', { name: 'Loja' });
    await screen.findByRole('option', { name: 'Loja Bairro' });
    expect(select).toHaveDisplayValue('Loja Centro');
    await userEvent.selectOptions(select, 'Loja Bairro');
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta loja não atende o seu endereço.');
    expect(select).toHaveAccessibleDescription('Esta loja não atende o seu endereço.');
    await waitFor(() => expect(select).toHaveDisplayValue('Loja Centro'));
    expect(form().getValues('selectedSeller')).toBe('s1');
  });

  it("warns 'Falha ao carregar lojas' when the list fails", async () => {
    server.use(http.get('/api/order/seller/', () => failure('Falha ao carregar lojas')));
    renderSection((ctx) => <StoreSection ctx={ctx} />, sellerSetup);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Falha ao carregar lojas$/);
  });

  it("a failed price-table change shows the toast and goes back to 'Sem Tabela de preço'", async () => {
    const posted: string[] = [];
    server.use(
      http.get('/api/order/price-tables', () =>
        envelope([
          { id: 'atacado', name: 'Atacado' },
          { id: 'varejo', name: 'Varejo' },
        ]),
      ),
      http.post('/api/order/price-tables/:id', ({ params }) => {
        posted.push(String(params.id));
        return failure('Tabela indisponível', 400);
      }),
    );
    const { form } = renderSection((ctx) => <StoreSection ctx={ctx} />, {
      sections: { store: true, priceTableSelect: true },
      isPlatformUser: true,
    });
    const select = screen.getByRole('combobox', { name: 'Tabela de preço' });
    expect(select).toHaveDisplayValue('Sem Tabela de preço');
    await screen.findByRole('option', { name: 'Atacado' });
    await userEvent.selectOptions(select, 'Atacado');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Falha ao alterar a tabela de preço'));
    // The order goes back to none too (the spec's revert), so the prices shown are the ones charged.
    await waitFor(() => expect(posted).toEqual(['atacado', 'none']));
    await waitFor(() => expect(select).toHaveDisplayValue('Sem Tabela de preço'));
    expect(form().getValues('priceTableId')).toBe(NO_PRICE_TABLE_ID);
  });

  it('a failed change whose revert also fails shows the table the order still holds', async () => {
    server.use(
      http.get('/api/order/price-tables', () =>
        envelope([
          { id: 'atacado', name: 'Atacado' },
          { id: 'funcionarios', name: 'Funcionários' },
        ]),
      ),
      http.post('/api/order/price-tables/:id', () => failure('Tabela indisponível', 503)),
      http.get('/api/order/current', () => envelope(orderFixture({ providerPriceTableId: 'atacado' }))),
    );
    renderSection((ctx) => <StoreSection ctx={ctx} />, {
      order: orderFixture({ providerPriceTableId: 'atacado' }),
      sections: { store: true, priceTableSelect: true },
      isPlatformUser: true,
    });
    const select = screen.getByRole('combobox', { name: 'Tabela de preço' });
    await screen.findByRole('option', { name: 'Funcionários' });
    expect(select).toHaveDisplayValue('Atacado');
    await userEvent.selectOptions(select, 'Funcionários');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Falha ao alterar a tabela de preço'));
    await waitFor(() => expect(select).toHaveDisplayValue('Atacado'));
  });

  it('a price-table change that works keeps the chosen table', async () => {
    server.use(
      http.get('/api/order/price-tables', () => envelope([{ id: 'atacado', name: 'Atacado' }])),
      http.post('/api/order/price-tables/:id', () =>
        envelope(orderFixture({ providerPriceTableId: 'atacado' })),
      ),
    );
    renderSection((ctx) => <StoreSection ctx={ctx} />, {
      sections: { store: true, priceTableSelect: true },
      isPlatformUser: true,
    });
    await screen.findByRole('option', { name: 'Atacado' });
    const select = screen.getByRole('combobox', { name: 'Tabela de preço' });
    await userEvent.selectOptions(select, 'Atacado');
    await waitFor(() => expect(select).toHaveDisplayValue('Atacado'));
    expect(error).not.toHaveBeenCalled();
  });
});
