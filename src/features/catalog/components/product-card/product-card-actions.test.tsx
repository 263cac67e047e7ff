import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { FlowStep } from '@/contract/enums.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { products, renderCard, updatedOrder } from './product-card.fixtures.tsx';
import { ProductCard } from './product-card.tsx';

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

const addButton = (name: string) => screen.getByRole('button', { name: `Adicionar ${name} ao carrinho` });

describe('adding to the cart from the card', () => {
  it('sends one unit, shows a spinner on the disabled button meanwhile, then caches the order and toasts', async () => {
    const { opened, open } = gate();
    const bodies = itemUpdates(undefined, opened);
    const { queryClient } = renderCard(<ProductCard product={products.rice} layout="contact" />);
    const button = addButton(products.rice.name);

    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(within(button).getByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(bodies).toEqual([{ providerId: '1001', quantity: 1 }]));

    await act(async () => open());
    // The order now holds the product: the card shows its quantity in place of the button.
    expect(await screen.findByRole('group', { name: `${products.rice.name} no carrinho` })).toHaveTextContent(
      '1',
    );
    expect(queryClient.getQueryData(currentOrderQuery.queryKey)).toEqual(updatedOrder);
    expect(success).toHaveBeenCalledWith('Produto adicionado ao carrinho');
    expect(error).not.toHaveBeenCalled();
  });

  it("toasts the server's message when the add fails, and leaves the order as it was", async () => {
    itemUpdates(() => failure('Este produto está indisponível no estoque', 400));
    const { queryClient } = renderCard(<ProductCard product={products.rice} layout="contact" />);
    const before = queryClient.getQueryData(currentOrderQuery.queryKey);

    await userEvent.click(addButton(products.rice.name));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Este produto está indisponível no estoque'));
    expect(addButton(products.rice.name)).toBeEnabled();
    expect(queryClient.getQueryData(currentOrderQuery.queryKey)).toBe(before);
    expect(success).not.toHaveBeenCalled();
  });

  it('cannot add before the order exists', async () => {
    const bodies = itemUpdates();
    renderCard(<ProductCard product={products.rice} layout="contact" />, { order: null });
    const button = addButton(products.rice.name);
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(bodies).toEqual([]);
  });

  it("cannot add, for an operator, before the store of the seller step is chosen ('Selecione a loja…')", async () => {
    const bodies = itemUpdates();
    const settings = { steps: [FlowStep.Seller] };
    renderCard(<ProductCard product={products.rice} layout="operator" />, {
      platformUser: true,
      settings,
      order: orderFixture({ seller: null }),
    });
    const button = addButton(products.rice.name);
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(bodies).toEqual([]);
  });

  it('opens the product page of a product with variants instead of adding it', async () => {
    const bodies = itemUpdates();
    renderCard(<ProductCard product={products.tShirt} layout="contact" />);
    await userEvent.click(addButton(products.tShirt.name));
    expect(await screen.findByText('Página do produto 11103')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  describe('a restricted-sale product while the shop disables restricted sales', () => {
    const settings = { disableRestrictedProducts: true };

    it('is disabled for a contact, with the reason, and never sent', async () => {
      const bodies = itemUpdates();
      renderCard(<ProductCard product={products.beer} layout="contact" />, { settings });
      const button = addButton(products.beer.name);
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Venda restrita: peça ao atendente');
      expect(screen.getByText('Venda restrita: peça ao atendente')).toBeVisible();
      await userEvent.click(button);
      expect(bodies).toEqual([]);
    });

    it('can be added by an operator', async () => {
      const bodies = itemUpdates();
      renderCard(<ProductCard product={products.beer} layout="operator" />, { settings, platformUser: true });
      const button = addButton(products.beer.name);
      expect(button).toBeEnabled();
      expect(screen.queryByText('Venda restrita: peça ao atendente')).not.toBeInTheDocument();
      await userEvent.click(button);
      await waitFor(() => expect(bodies).toEqual([{ providerId: '2006', quantity: 1 }]));
      await waitFor(() => expect(success).toHaveBeenCalledWith('Produto adicionado ao carrinho'));
    });

    it('can be added by a contact when the shop allows restricted sales', () => {
      renderCard(<ProductCard product={products.beer} layout="contact" />, {
        settings: { disableRestrictedProducts: false },
      });
      expect(addButton(products.beer.name)).toBeEnabled();
    });
  });
});

describe('the subscription dropdown', () => {
  const toggleName = `Assinar ${products.coffee.name}`;

  it('toggles open and closed and lists the offers in the frequency wording', async () => {
    renderCard(<ProductCard product={products.coffee} layout="contact" />);
    const toggle = screen.getByRole('button', { name: toggleName });
    expect(toggle).toHaveTextContent('Assinar');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list).not.toBeNull();
    expect(list).not.toBeVisible();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).toBeVisible();
    expect(
      within(list as HTMLElement)
        .getAllByRole('button')
        .map((option) => option.textContent),
    ).toEqual(['A cada 1 Mês', 'A cada 2 Semanas']);

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
  });

  it('closes on Escape, giving focus back to the toggle, and on a click outside', async () => {
    renderCard(
      <>
        <ProductCard product={products.coffee} layout="contact" />
        <p>Fora do cartão</p>
      </>,
    );
    const toggle = screen.getByRole('button', { name: toggleName });

    await userEvent.click(toggle);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'A cada 1 Mês' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByText('Fora do cartão'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus leaves it', async () => {
    renderCard(<ProductCard product={products.coffee} layout="contact" />);
    const toggle = screen.getByRole('button', { name: toggleName });
    await userEvent.click(toggle);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'A cada 2 Semanas' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // 'Assinar' sits beside the price: 'Adicionar', below, comes next.
    await userEvent.tab();
    expect(addButton(products.coffee.name)).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('adds the product with the chosen subscription', async () => {
    const bodies = itemUpdates();
    const { queryClient } = renderCard(<ProductCard product={products.coffee} layout="contact" />);
    const toggle = screen.getByRole('button', { name: toggleName });

    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'A cada 2 Semanas' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(bodies).toEqual([
        { providerId: '1008', quantity: 1, subscription: { recurrence: { type: 20, frequency: 2 } } },
      ]),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Produto adicionado ao carrinho'));
    expect(queryClient.getQueryData(currentOrderQuery.queryKey)).toEqual(updatedOrder);
  });

  it('opens the product page of a product with variants instead of subscribing to it', async () => {
    const bodies = itemUpdates();
    renderCard(<ProductCard product={products.dogFood} layout="contact" />);
    await userEvent.click(screen.getByRole('button', { name: `Assinar ${products.dogFood.name}` }));
    await userEvent.click(screen.getByRole('button', { name: 'A cada 1 Mês' }));
    expect(await screen.findByText('Página do produto 10101')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});

describe("the operator's send-to-contact button", () => {
  const sendName = (name: string) => `Enviar ${name} para o contato`;

  it('sends the product with no attributes, with a spinner meanwhile, then toasts', async () => {
    const { opened, open } = gate();
    const requests: { url: string; body: unknown }[] = [];
    server.use(
      http.post('/api/order/send/product/:id', async ({ request }) => {
        requests.push({ url: new URL(request.url).pathname, body: await request.json() });
        await opened;
        return envelope({ text: 'enviado' });
      }),
    );
    renderCard(<ProductCard product={products.rice} layout="operator" />, { platformUser: true });
    const button = screen.getByRole('button', { name: sendName(products.rice.name) });

    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(within(button).getByRole('status')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests).toEqual([
        { url: '/api/order/send/product/1001', body: { providerId: '1001', attributes: [] } },
      ]),
    );

    await act(async () => open());
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent('Enviar para o contato');
    expect(success).toHaveBeenCalledWith('Produto enviado para o contato');
  });

  it('encodes the product id in the path', async () => {
    const paths: string[] = [];
    server.use(
      http.post('/api/order/send/product/:id', ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return envelope(null);
      }),
    );
    renderCard(
      <ProductCard product={{ ...products.tShirt, providerId: '11103&1110302' }} layout="operator" />,
      {
        platformUser: true,
      },
    );
    await userEvent.click(screen.getByRole('button', { name: sendName(products.tShirt.name) }));
    await waitFor(() => expect(paths).toEqual(['/api/order/send/product/11103%261110302']));
  });

  it("toasts the server's message when the send fails", async () => {
    server.use(
      http.post('/api/order/send/product/:id', () =>
        HttpResponse.json(
          {
            success: false,
            data: null,
            errors: [{ message: 'Contato indisponível', code: 409, type: 'error', status: 409 }],
          },
          { status: 409 },
        ),
      ),
    );
    renderCard(<ProductCard product={products.rice} layout="operator" />, { platformUser: true });
    const button = screen.getByRole('button', { name: sendName(products.rice.name) });
    await userEvent.click(button);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Contato indisponível'));
    expect(button).toBeEnabled();
    expect(success).not.toHaveBeenCalled();
  });
});
