import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { LogisticFormValue, LogisticType } from '@/contract/enums.ts';
import { renderSection } from '../delivery-method/section-test-kit.tsx';
import { PickUpSection } from './pick-up-section.tsx';

const centro = {
  providerId: 'loja-centro',
  name: 'Loja Centro',
  street: 'Rua Direita',
  number: '100',
  fullAddress: 'Rua Direita, 100 - Sé, São Paulo - SP, 01002-000',
  serviceTax: 2.5,
};
const bairro = {
  providerId: 'loja-bairro',
  name: 'Loja Bairro',
  fullAddress: 'Av. Paulista, 900 - Bela Vista, São Paulo - SP, 01310-100',
  serviceTax: 0,
};
const pickUpOption = (storeId: string, providerId: string, name: string, price: number | null) => ({
  providerId,
  name,
  price,
  orderMinPrice: 30,
  maxDistinctItems: 20,
  maxItemsAmout: 50,
  shippingTimeEstimative: '2 horas',
  storeName: storeId,
  storePickUpAddress: { providerId: storeId, name: storeId },
});

function pickUpCalls() {
  const optionQueries: string[] = [];
  const choices: unknown[] = [];
  server.use(
    http.get('/api/order/stores/', () => envelope([centro, bairro])),
    http.get('/api/order/logistic/', ({ request }) => {
      optionQueries.push(new URL(request.url).search);
      return envelope([
        pickUpOption('loja-bairro', 'retirada-bairro', 'Retirada no balcão', null),
        pickUpOption('loja-centro', 'retirada-centro', 'Retirada expressa', 4.9),
      ]);
    }),
    http.post('/api/order/logistic/', async ({ request }) => {
      choices.push(await request.json());
      return envelope(orderFixture());
    }),
  );
  return { optionQueries, choices };
}

const pickUp = { values: { logisticType: LogisticFormValue.PickUp } };

describe('PickUpSection', () => {
  it('is shown only for the pick-up method', () => {
    const { container } = renderSection((ctx) => <PickUpSection ctx={ctx} />, {
      values: { logisticType: LogisticFormValue.Delivery },
    });
    expect(container.querySelector('section')).toBeNull();
  });

  it("enables 'Buscar' only for a valid CEP", async () => {
    renderSection((ctx) => <PickUpSection ctx={ctx} />, pickUp);
    expect(screen.getByRole('heading', { name: 'Retirada em loja' })).toBeInTheDocument();
    const cep = screen.getByRole('textbox', { name: 'CEP' });
    const search = screen.getByRole('button', { name: 'Buscar' });
    expect(search).toBeDisabled();
    await userEvent.type(cep, '0100');
    expect(search).toBeDisabled();
    await userEvent.type(cep, '1000');
    expect(cep).toHaveValue('01001-000');
    expect(search).toBeEnabled();
  });

  it("lists the stores with 'Taxa de serviço' (or 'Grátis'), nearest first, and the chosen store's options", async () => {
    const { optionQueries, choices } = pickUpCalls();
    const { form } = renderSection((ctx) => <PickUpSection ctx={ctx} />, pickUp);
    await userEvent.type(screen.getByRole('textbox', { name: 'CEP' }), '01001000');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));

    const stores = await screen.findByRole('group', { name: 'Lojas' });
    await waitFor(() => expect(optionQueries).toEqual(['?type=0&code=01001-000']));
    await waitFor(() =>
      expect(
        within(stores)
          .getAllByRole('radio')
          .map((r) => r.getAttribute('value')),
      ).toEqual(['loja-bairro', 'loja-centro']),
    );
    const centroCard = within(stores)
      .getByRole('radio', { name: /Loja Centro/ })
      .closest('label');
    expect(centroCard).toHaveTextContent('Rua Direita, 100 - Sé, São Paulo - SP, 01002-000');
    expect(centroCard).toHaveTextContent('Taxa de serviço: R$ 2,50');
    expect(
      within(stores)
        .getByRole('radio', { name: /Loja Bairro/ })
        .closest('label'),
    ).toHaveTextContent('Taxa de serviço: Grátis');

    await userEvent.click(within(stores).getByRole('radio', { name: /Loja Centro/ }));
    expect(form().getValues('pickupAddress')).toBe('loja-centro');
    const options = screen.getByRole('group', { name: 'Opções de retirada' });
    const option = within(options).getByRole('radio', { name: /Retirada expressa/ });
    expect(within(options).queryByRole('radio', { name: /Retirada no balcão/ })).not.toBeInTheDocument();
    const card = option.closest('label');
    expect(card).toHaveTextContent('R$ 4,90');
    expect(card).toHaveTextContent('Pedido mínimo: R$ 30,00');
    expect(card).toHaveTextContent('Máximo de itens diferentes: 20');
    expect(card).toHaveTextContent('Máximo de itens: 50');

    expect(await axeViolations(stores.closest('section') as HTMLElement)).toEqual([]);

    await userEvent.click(option);
    await waitFor(() => expect(choices).toEqual([{ providerId: 'retirada-centro', type: 0 }]));
    expect(form().getValues('selectedLogistic')).toBe('retirada-centro');
  });

  it("shows a free pick-up option as 'Grátis'", async () => {
    pickUpCalls();
    renderSection((ctx) => <PickUpSection ctx={ctx} />, {
      values: { logisticType: LogisticFormValue.PickUp, pickupAddress: 'loja-bairro' },
    });
    const options = await screen.findByRole('group', { name: 'Opções de retirada' });
    expect(
      within(options)
        .getByRole('radio', { name: /Retirada no balcão/ })
        .closest('label'),
    ).toHaveTextContent('Grátis');
  });

  it("pre-selects the order's pick-up and shows a refused choice in the red block", async () => {
    pickUpCalls();
    const cleared: unknown[] = [];
    server.use(
      http.post('/api/order/logistic/', async ({ request }) => {
        const body = (await request.json()) as { providerId?: string };
        // Another store: the order forgets the option of the previous one.
        if (body.providerId === undefined) {
          cleared.push(body);
          return envelope(orderFixture());
        }
        return failure('Opção de retirada indisponível.\nEscolha outra loja.', 400);
      }),
    );
    renderSection((ctx) => <PickUpSection ctx={ctx} />, {
      order: orderFixture({
        logistic: {
          type: LogisticType.StorePickUp,
          providerId: 'retirada-bairro',
          storePickUpAddress: { providerId: 'loja-bairro' },
        },
      }),
      values: { logisticType: LogisticFormValue.PickUp },
    });
    const options = await screen.findByRole('group', { name: 'Opções de retirada' });
    expect(within(options).getByRole('radio', { name: /Retirada no balcão/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Loja Centro/ }));
    await waitFor(() => expect(cleared).toEqual([{ type: LogisticFormValue.PickUp }]));
    await userEvent.click(await screen.findByRole('radio', { name: /Retirada expressa/ }));
    const block = await screen.findByRole('alert');
    expect(block.textContent).toBe('Opção de retirada indisponível.\nEscolha outra loja.');
    expect(block).toHaveClass('logistic-error');
  });

  it("shows the server's message when the options fail to load", async () => {
    server.use(
      http.get('/api/order/stores/', () => envelope([centro])),
      http.get('/api/order/logistic/', () => failure('Esta loja não oferece retirada em loja.', 400)),
    );
    renderSection((ctx) => <PickUpSection ctx={ctx} />, {
      values: { logisticType: LogisticFormValue.PickUp, cep: '01001-000' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta loja não oferece retirada em loja.');
  });

  it("manual freight: a store select, then 'Grátis' or 'Customizado' with its value", async () => {
    const bodies: unknown[] = [];
    const searches: string[] = [];
    server.use(
      http.get('/api/order/stores/', () => envelope([centro, bairro])),
      http.post('/api/order/logistic/manual', async ({ request }) => {
        searches.push(new URL(request.url).search);
        bodies.push(await request.json());
        return envelope(orderFixture());
      }),
    );
    renderSection((ctx) => <PickUpSection ctx={ctx} />, {
      ...pickUp,
      isPlatformUser: true,
      sections: { manualLogistics: true },
    });
    expect(screen.queryByRole('textbox', { name: 'CEP' })).not.toBeInTheDocument();
    await screen.findByRole('option', { name: 'Loja Centro' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Loja de retirada' }), 'Loja Centro');

    await userEvent.click(screen.getByRole('radio', { name: 'Grátis' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ logistic: { type: 0, price: 0, providerId: 'loja-centro' } }]),
    );

    await userEvent.click(screen.getByRole('radio', { name: 'Customizado' }));
    const apply = screen.getByRole('button', { name: 'Aplicar' });
    expect(apply).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Valor do frete' }), '12,50');
    await userEvent.click(apply);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ logistic: { type: 0, price: 12.5, providerId: 'loja-centro' } });
    expect(searches).toEqual(['', '']);
  });
});
