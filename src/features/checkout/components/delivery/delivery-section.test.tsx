import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { LogisticFormValue, LogisticType } from '@/contract/enums.ts';
import { renderSection } from '../delivery-method/section-test-kit.tsx';
import { DeliverySection } from './delivery-section.tsx';

const addresses = [
  { name: 'Casa', street: 'Praça da Sé', number: '10', zipCode: '01001-000' },
  { name: 'Trabalho', street: 'Av. Paulista', number: '900', zipCode: '01310-100' },
];
const options = [
  {
    providerId: 'moto',
    name: 'Motoboy',
    price: 8.9,
    shippingTimeEstimative: '2 horas',
    storeName: 'Loja Centro',
  },
  { providerId: 'gratis', name: 'Entrega econômica', price: 0, shippingTimeEstimative: '5 dias úteis' },
];

function deliveryCalls() {
  const queries: string[] = [];
  const choices: unknown[] = [];
  server.use(
    http.get('/api/order/logistic/', ({ request }) => {
      queries.push(new URL(request.url).search);
      return envelope(options);
    }),
    http.post('/api/order/logistic/', async ({ request }) => {
      choices.push(await request.json());
      return envelope(orderFixture());
    }),
  );
  return { queries, choices };
}

const delivery = { addresses, values: { logisticType: LogisticFormValue.Delivery } };

describe('DeliverySection', () => {
  it('is shown only for the delivery method with delivery enabled', () => {
    const { container } = renderSection((ctx) => <DeliverySection ctx={ctx} />, {
      ...delivery,
      sections: { delivery: 'disabled' },
    });
    expect(container.querySelector('section')).toBeNull();
  });

  it("lists the addresses as 'name - street, number' and the options with 'Em até', price or 'Grátis' and store", async () => {
    const { queries, choices } = deliveryCalls();
    const { form } = renderSection((ctx) => <DeliverySection ctx={ctx} />, delivery);
    expect(screen.getByRole('heading', { name: 'Entrega' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Endereço de entrega' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecione o endereço', 'Casa - Praça da Sé, 10', 'Trabalho - Av. Paulista, 900']);
    await userEvent.selectOptions(select, 'Trabalho - Av. Paulista, 900');
    expect(form().getValues('deliveryAddressIndex')).toBe(1);

    const group = await screen.findByRole('group', { name: 'Opções de entrega' });
    expect(queries).toEqual(['?type=1&code=01310-100&number=900']);
    const moto = within(group)
      .getByRole('radio', { name: /Motoboy/ })
      .closest('label');
    expect(moto).toHaveTextContent('Em até 2 horas');
    expect(moto).toHaveTextContent('R$ 8,90');
    expect(moto).toHaveTextContent('Loja Centro');
    const free = within(group)
      .getByRole('radio', { name: /Entrega econômica/ })
      .closest('label');
    expect(free).toHaveTextContent('Grátis');
    expect(free).toHaveTextContent('Em até 5 dias úteis');

    await userEvent.click(within(group).getByRole('radio', { name: /Motoboy/ }));
    await waitFor(() => expect(choices).toEqual([{ providerId: 'moto', type: 1, addressIndex: 1 }]));
    expect(form().getValues('selectedLogistic')).toBe('moto');
  });

  it("pre-selects the order's current delivery option", async () => {
    deliveryCalls();
    renderSection((ctx) => <DeliverySection ctx={ctx} />, {
      addresses,
      order: orderFixture({ logistic: { type: LogisticType.ExpressDelivery, providerId: 'gratis' } }),
      values: { logisticType: LogisticFormValue.Delivery, deliveryAddressIndex: 0 },
    });
    const group = await screen.findByRole('group', { name: 'Opções de entrega' });
    expect(within(group).getByRole('radio', { name: /Entrega econômica/ })).toBeChecked();
  });

  it("shows the server's refusal in the red block, line breaks kept", async () => {
    server.use(
      http.get('/api/order/logistic/', () =>
        failure('Não entregamos no CEP 01001-000.\nEscolha a retirada em loja.', 400),
      ),
    );
    renderSection((ctx) => <DeliverySection ctx={ctx} />, {
      addresses,
      values: { logisticType: LogisticFormValue.Delivery, deliveryAddressIndex: 0 },
    });
    const block = await screen.findByRole('alert');
    expect(block.textContent).toBe('Não entregamos no CEP 01001-000.\nEscolha a retirada em loja.');
    expect(block).toHaveClass('logistic-error');
  });

  it("manual freight sends 'Grátis' and 'Customizado' with the address index and its CEP", async () => {
    const sent: { search: string; body: unknown }[] = [];
    server.use(
      http.post('/api/order/logistic/manual', async ({ request }) => {
        sent.push({ search: new URL(request.url).search, body: await request.json() });
        return envelope(orderFixture());
      }),
    );
    renderSection((ctx) => <DeliverySection ctx={ctx} />, {
      addresses,
      isPlatformUser: true,
      sections: { manualLogistics: true },
      values: { logisticType: LogisticFormValue.Delivery, deliveryAddressIndex: 0 },
    });
    expect(screen.queryByRole('group', { name: 'Opções de entrega' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Grátis' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { search: '?code=01001-000', body: { addressIndex: 0, logistic: { type: 1, price: 0 } } },
      ]),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Customizado' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Valor do frete' }), '1.234,56');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toEqual({ addressIndex: 0, logistic: { type: 1, price: 1234.56 } });
  });

  it("'Adicionar endereço' opens 'Novo endereço'", async () => {
    renderSection((ctx) => <DeliverySection ctx={ctx} />, delivery);
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar endereço' }));
    expect(screen.getByRole('dialog', { name: 'Novo endereço' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog', { name: 'Novo endereço' })).not.toBeInTheDocument();
  });
});
