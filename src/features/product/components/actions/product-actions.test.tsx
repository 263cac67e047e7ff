import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { FlowStep } from '@/contract/enums.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { blueG, blueM, products, renderActions, updatedOrder } from './product-actions.fixtures.tsx';
import { chooseLabel, ProductActions } from './product-actions.tsx';

let success: MockInstance<typeof toast.success>;
let error: MockInstance<typeof toast.error>;

beforeEach(() => {
  success = vi.spyOn(toast, 'success').mockImplementation(() => 'toast');
  error = vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
});
afterEach(() => {
  success.mockRestore();
  error.mockRestore();
});

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Answers item updates with `answer` once the gate opens; records each body. */
function itemUpdates(answer: () => Response = () => envelope(updatedOrder), wait?: Promise<void>) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/order/items/', async ({ request }) => {
      bodies.push(await request.json());
      await wait;
      return answer();
    }),
  );
  return bodies;
}

/** Answers product sends once the gate opens; records the decoded id and the body of each. */
function productSends(answer: () => Response = () => envelope(null), wait?: Promise<void>) {
  const sends: { id: string; body: unknown }[] = [];
  server.use(
    http.post('/api/order/send/product/:id', async ({ request, params }) => {
      sends.push({ id: decodeURIComponent(String(params.id)), body: await request.json() });
      await wait;
      return answer();
    }),
  );
  return sends;
}

const addButton = () => screen.getByRole('button', { name: 'Adicionar' });
const increase = () => screen.getByRole('button', { name: 'Adicionar mais um item' });
const sendButton = () => screen.getByRole('button', { name: 'Enviar detalhes do produto' });
const tShirtAttributes = [
  { providerId: 'cor', optionProviderId: 'azul' },
  { providerId: 'tamanho', optionProviderId: 'm' },
];

describe('adding from the product page', () => {
  it('sends the chosen quantity without index, caches the order, toasts and goes back one page', async () => {
    const { opened, open } = gate();
    const bodies = itemUpdates(undefined, opened);
    const { queryClient } = renderActions(
      <ProductActions product={products.rice} dimension={undefined} attributes={[]} hasDimensions={false} />,
    );
    await userEvent.click(increase());
    await userEvent.click(increase());
    await userEvent.click(addButton());

    const button = addButton();
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(within(button).getByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(bodies).toEqual([{ providerId: '1001', quantity: 3, sku: '1001' }]));

    await act(async () => open());
    expect(await screen.findByText('Catálogo')).toBeInTheDocument();
    expect(queryClient.getQueryData(currentOrderQuery.queryKey)).toEqual(updatedOrder);
    expect(success).toHaveBeenCalledWith('Produto adicionado ao carrinho');
    expect(error).not.toHaveBeenCalled();
  });

  it("sends the dimension's sku and the chosen attributes, and stays on the page", async () => {
    const bodies = itemUpdates();
    renderActions(
      <ProductActions
        product={products.tShirt}
        dimension={blueM}
        attributes={tShirtAttributes}
        hasDimensions
      />,
    );
    await userEvent.click(increase());
    await userEvent.click(addButton());

    await waitFor(() => expect(success).toHaveBeenCalledWith('Produto adicionado ao carrinho'));
    expect(bodies).toEqual([
      { providerId: '11103', quantity: 2, sku: '11103-azul-m', attributes: tShirtAttributes },
    ]);
    expect(screen.queryByText('Catálogo')).not.toBeInTheDocument();
    expect(addButton()).toBeEnabled();
  });

  it("toasts the server's message when the add fails, and stays", async () => {
    itemUpdates(() => failure('Este produto está indisponível no estoque', 400));
    const { queryClient } = renderActions(
      <ProductActions product={products.rice} dimension={undefined} attributes={[]} hasDimensions={false} />,
    );
    const before = queryClient.getQueryData(currentOrderQuery.queryKey);
    await userEvent.click(addButton());

    await waitFor(() => expect(error).toHaveBeenCalledWith('Este produto está indisponível no estoque'));
    expect(addButton()).toBeEnabled();
    expect(queryClient.getQueryData(currentOrderQuery.queryKey)).toBe(before);
    expect(screen.queryByText('Catálogo')).not.toBeInTheDocument();
    expect(success).not.toHaveBeenCalled();
  });
});

describe('when adding is not possible', () => {
  it('is disabled before the order exists', async () => {
    const bodies = itemUpdates();
    renderActions(
      <ProductActions product={products.rice} dimension={undefined} attributes={[]} hasDimensions={false} />,
      { order: null },
    );
    expect(addButton()).toBeDisabled();
    await userEvent.click(addButton());
    expect(bodies).toEqual([]);
  });

  it('is disabled while the product has dimensions and none is chosen', () => {
    renderActions(
      <ProductActions
        product={products.tShirt}
        dimension={undefined}
        attributes={[{ providerId: 'cor', optionProviderId: 'azul' }]}
        hasDimensions
      />,
    );
    expect(addButton()).toBeDisabled();
  });

  it("names what is still to choose ('Escolha tamanho') and takes the shopper to its first option", async () => {
    renderActions(
      <>
        <fieldset>
          <legend id="atributo-tamanho">Tamanho</legend>
          <button type="button" disabled>
            P
          </button>
          <button type="button">G</button>
        </fieldset>
        <ProductActions
          product={products.tShirt}
          dimension={undefined}
          attributes={[{ providerId: 'cor', optionProviderId: 'azul' }]}
          hasDimensions
          price={49.9}
          missingChoices={[{ id: 'tamanho', name: 'Tamanho' }]}
        />
      </>,
    );
    const choose = await screen.findByRole('button', { name: 'Escolha tamanho' });
    expect(screen.queryByRole('button', { name: 'Adicionar' })).toBeNull();
    Element.prototype.scrollIntoView ??= () => {};
    await userEvent.click(choose);
    expect(screen.getByRole('button', { name: 'G' })).toHaveFocus();
  });

  it("joins several missing choices as Portuguese does: 'Escolha cor e tamanho', 'Escolha cor, tamanho e voltagem'", () => {
    expect(
      chooseLabel([
        { id: 'cor', name: 'Cor' },
        { id: 'tamanho', name: 'Tamanho' },
      ]),
    ).toBe('Escolha cor e tamanho');
    expect(
      chooseLabel([
        { id: 'cor', name: 'Cor' },
        { id: 'tamanho', name: 'Tamanho' },
        { id: 'voltagem', name: 'Voltagem' },
      ]),
    ).toBe('Escolha cor, tamanho e voltagem');
  });

  it('is disabled when the chosen dimension is unavailable', () => {
    renderActions(
      <ProductActions
        product={products.tShirt}
        dimension={blueG}
        attributes={[
          { providerId: 'cor', optionProviderId: 'azul' },
          { providerId: 'tamanho', optionProviderId: 'g' },
        ]}
        hasDimensions
      />,
    );
    expect(addButton()).toBeDisabled();
  });

  it('is disabled for an inactive product, whose quantity cannot be changed either', () => {
    renderActions(
      <ProductActions
        product={products.inactive}
        dimension={undefined}
        attributes={[]}
        hasDimensions={false}
      />,
    );
    expect(addButton()).toBeDisabled();
    expect(screen.getByLabelText('Quantidade')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remover um item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar mais um item' })).not.toBeInTheDocument();
  });

  describe("an operator in a shop with the seller step ('Selecione a loja…')", () => {
    const settings = { steps: [FlowStep.Catalog, FlowStep.Seller] };

    it('cannot add before choosing the store, is told why and where to choose it', async () => {
      const bodies = itemUpdates();
      renderActions(
        <ProductActions
          product={products.rice}
          dimension={undefined}
          attributes={[]}
          hasDimensions={false}
        />,
        { settings, platformUser: true, order: orderFixture({ seller: null }) },
      );
      expect(addButton()).toBeDisabled();
      expect(addButton()).toHaveAccessibleDescription(
        'Selecione a loja que deseja comprar para liberar os produtos',
      );
      expect(screen.getByRole('link', { name: 'Escolher a loja' })).toHaveAttribute(
        'href',
        '/order/checkout',
      );
      await userEvent.click(addButton());
      expect(bodies).toEqual([]);
    });

    it('adds once the store is chosen', async () => {
      const bodies = itemUpdates();
      renderActions(
        <ProductActions
          product={products.rice}
          dimension={undefined}
          attributes={[]}
          hasDimensions={false}
        />,
        {
          settings,
          platformUser: true,
          order: orderFixture({ seller: { providerId: 'loja-1', name: 'Loja Pinheiros' } }),
        },
      );
      expect(screen.queryByRole('link', { name: 'Escolher a loja' })).not.toBeInTheDocument();
      await userEvent.click(addButton());
      await waitFor(() => expect(bodies).toEqual([{ providerId: '1001', quantity: 1, sku: '1001' }]));
    });
  });

  describe('a restricted-sale product while the shop disables restricted sales', () => {
    const settings = { disableRestrictedProducts: true };

    it('is disabled for a contact, with a read-only quantity picker and the reason', async () => {
      const bodies = itemUpdates();
      renderActions(
        <ProductActions
          product={products.beer}
          dimension={undefined}
          attributes={[]}
          hasDimensions={false}
        />,
        { settings },
      );
      expect(addButton()).toBeDisabled();
      expect(addButton()).toHaveAccessibleDescription('Venda restrita: peça ao atendente');
      expect(screen.getByLabelText('Quantidade')).toBeDisabled();
      expect(screen.getByLabelText('Quantidade')).toHaveAccessibleDescription(
        'Venda restrita: peça ao atendente',
      );
      expect(screen.queryByRole('button', { name: 'Remover um item' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Adicionar mais um item' })).not.toBeInTheDocument();
      await userEvent.click(addButton());
      expect(bodies).toEqual([]);
    });

    it('can be added by an operator, with the full picker', async () => {
      const bodies = itemUpdates();
      renderActions(
        <ProductActions
          product={products.beer}
          dimension={undefined}
          attributes={[]}
          hasDimensions={false}
        />,
        { settings, platformUser: true },
      );
      expect(screen.queryByText('Venda restrita: peça ao atendente')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Quantidade')).toBeEnabled();
      await userEvent.click(increase());
      await userEvent.click(addButton());
      await waitFor(() => expect(bodies).toEqual([{ providerId: '2006', quantity: 2, sku: '2006' }]));
    });

    it('can be added by a contact when the shop allows restricted sales', () => {
      renderActions(
        <ProductActions
          product={products.beer}
          dimension={undefined}
          attributes={[]}
          hasDimensions={false}
        />,
        { settings: { disableRestrictedProducts: false } },
      );
      expect(addButton()).toBeEnabled();
      expect(screen.getByLabelText('Quantidade')).toBeEnabled();
    });
  });
});

describe('the subscription dropdown', () => {
  it('is not shown without subscription offers', () => {
    renderActions(
      <ProductActions product={products.rice} dimension={undefined} attributes={[]} hasDimensions={false} />,
    );
    expect(screen.queryByRole('button', { name: 'Assinar' })).not.toBeInTheDocument();
  });

  it('toggles and lists the offers in the frequency wording', async () => {
    renderActions(
      <ProductActions
        product={products.coffee}
        dimension={undefined}
        attributes={[]}
        hasDimensions={false}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Assinar' });
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(list).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(list)
        .getAllByRole('button')
        .map((option) => option.textContent),
    ).toEqual(['A cada 1 Mês', 'A cada 2 Semanas']);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
  });

  it('adds the chosen quantity with the chosen subscription', async () => {
    const bodies = itemUpdates();
    renderActions(
      <ProductActions
        product={products.coffee}
        dimension={undefined}
        attributes={[]}
        hasDimensions={false}
      />,
    );
    await userEvent.click(increase());
    await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
    await userEvent.click(screen.getByRole('button', { name: 'A cada 2 Semanas' }));

    await waitFor(() =>
      expect(bodies).toEqual([
        {
          providerId: '1008',
          quantity: 2,
          sku: '1008',
          subscription: { recurrence: { type: 20, frequency: 2 } },
        },
      ]),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Produto adicionado ao carrinho'));
  });

  it('is disabled when adding is not possible', () => {
    renderActions(
      <ProductActions
        product={products.coffee}
        dimension={undefined}
        attributes={[]}
        hasDimensions={false}
      />,
      { order: null },
    );
    expect(screen.getByRole('button', { name: 'Assinar' })).toBeDisabled();
  });
});

describe("the operator's 'Enviar detalhes do produto'", () => {
  it('is not offered to a contact', () => {
    renderActions(
      <ProductActions product={products.rice} dimension={undefined} attributes={[]} hasDimensions={false} />,
    );
    expect(screen.queryByRole('button', { name: 'Enviar detalhes do produto' })).not.toBeInTheDocument();
  });

  it('sends a variant as the id followed by Variant= and the option id, with a spinner, then toasts', async () => {
    const { opened, open } = gate();
    const sends = productSends(undefined, opened);
    renderActions(
      <ProductActions
        product={products.juice}
        dimension={undefined}
        attributes={[{ providerId: 'sabor', optionProviderId: 'pessego', redirectable: true }]}
        hasDimensions={false}
        variantOptionId="pessego"
      />,
      { platformUser: true },
    );
    await userEvent.click(sendButton());
    expect(sendButton()).toBeDisabled();
    expect(within(sendButton()).getByRole('status')).toBeInTheDocument();
    expect(addButton()).toBeEnabled();
    await waitFor(() =>
      expect(sends).toEqual([
        { id: '2011Variant=pessego', body: { providerId: '2011Variant=pessego', attributes: [] } },
      ]),
    );

    await act(async () => open());
    await waitFor(() => expect(success).toHaveBeenCalledWith('Produto enviado para o contato'));
    expect(sendButton()).toBeEnabled();
    expect(screen.queryByText('Catálogo')).not.toBeInTheDocument();
  });

  it('sends a dimension product with its chosen attributes', async () => {
    const sends = productSends();
    renderActions(
      <ProductActions
        product={products.tShirt}
        dimension={blueM}
        attributes={tShirtAttributes}
        hasDimensions
      />,
      { platformUser: true },
    );
    await userEvent.click(sendButton());
    await waitFor(() => expect(success).toHaveBeenCalledWith('Produto enviado para o contato'));
    expect(sends).toEqual([{ id: '11103', body: { providerId: '11103', attributes: tShirtAttributes } }]);
  });

  it("toasts the server's message when the send fails", async () => {
    productSends(() => failure('Contato indisponível', 400));
    renderActions(
      <ProductActions product={products.rice} dimension={undefined} attributes={[]} hasDimensions={false} />,
      { platformUser: true },
    );
    await userEvent.click(sendButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Contato indisponível'));
    expect(success).not.toHaveBeenCalled();
  });
});
