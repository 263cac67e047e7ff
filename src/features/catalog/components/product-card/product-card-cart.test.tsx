import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, handlers, orderFixture, server } from '@tests/msw.ts';
import { http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { FlowStep } from '@/contract/enums.ts';
import type { Order, OrderItem } from '@/contract/order.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { QUANTITY_DEBOUNCE_MS } from '@/order/quantity/quantity-queue.ts';
import { products, renderCard } from './product-card.fixtures.tsx';
import { ProductCard, STEPPER_SETTLE_MS } from './product-card.tsx';

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

const rice = products.rice;
const riceLine = (quantity: number, index = 0): OrderItem => ({
  index,
  providerId: rice.providerId,
  sku: rice.providerId,
  quantity,
  name: rice.name,
  unitPrice: 27.9,
});
const orderWith = (...items: OrderItem[]): Order => orderFixture({ items });

/** Answers item updates with the order the body asks for (one rice line); records each body. */
function itemUpdates(answer?: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/order/items/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (answer) return answer(body);
      const quantity = Number(body.quantity);
      return envelope(
        orderWith(...(quantity > 0 ? [riceLine(body.index === undefined ? 1 : quantity)] : [])),
      );
    }),
  );
  return bodies;
}

const stepper = () => screen.getByRole('group', { name: `${rice.name} no carrinho` });
const more = () => screen.getByRole('button', { name: `Adicionar mais um item de ${rice.name}` });
const less = () => screen.getByRole('button', { name: `Remover um item de ${rice.name}` });
const bin = () => screen.getByRole('button', { name: `Remover ${rice.name} do carrinho` });
const addButton = () => screen.getByRole('button', { name: `Adicionar ${rice.name} ao carrinho` });

/** Waits past the queue's pause, so what was set is sent. */
const pause = () => new Promise((resolve) => setTimeout(resolve, QUANTITY_DEBOUNCE_MS + 100));

describe('a card whose product is in the cart', () => {
  it('shows the quantity in the cart in a stepper, in place of Adicionar', () => {
    renderCard(<ProductCard product={rice} layout="contact" />, { order: orderWith(riceLine(2)) });
    expect(within(stepper()).getByRole('status')).toHaveTextContent('2 no carrinho');
    expect(
      screen.queryByRole('button', { name: `Adicionar ${rice.name} ao carrinho` }),
    ).not.toBeInTheDocument();
  });

  it("changes the line's quantity through the cart's queue: shown at once, sent once after the pause", async () => {
    const bodies = itemUpdates();
    const { queryClient } = renderCard(<ProductCard product={rice} layout="contact" />, {
      order: orderWith(riceLine(2, 5)),
    });
    const user = userEvent.setup();
    await user.click(more());
    await user.click(more());
    await user.click(less());
    expect(within(stepper()).getByRole('status')).toHaveTextContent('3 no carrinho');
    expect(bodies).toEqual([]);

    await act(pause);
    await waitFor(() =>
      expect(bodies).toEqual([{ index: '5', providerId: '1001', sku: '1001', quantity: 3 }]),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData<Order>(currentOrderQuery.queryKey)?.items[0]?.quantity).toBe(3),
    );
    expect(error).not.toHaveBeenCalled();
  });

  it("takes the product out with the bin at 1, bringing 'Adicionar' back at once", async () => {
    const bodies = itemUpdates();
    renderCard(<ProductCard product={rice} layout="contact" />, { order: orderWith(riceLine(1)) });
    const user = userEvent.setup();
    await user.click(bin());
    expect(addButton()).toBeEnabled();
    expect(screen.queryByRole('group', { name: `${rice.name} no carrinho` })).not.toBeInTheDocument();

    await act(pause);
    await waitFor(() =>
      expect(bodies).toEqual([{ index: '0', providerId: '1001', sku: '1001', quantity: 0 }]),
    );
    expect(addButton()).toBeEnabled();
  });

  it("puts the line back to 1 when 'Adicionar' is tapped while its removal waits, instead of adding another", async () => {
    const bodies = itemUpdates();
    renderCard(<ProductCard product={rice} layout="contact" />, { order: orderWith(riceLine(1)) });
    const user = userEvent.setup();
    await user.click(bin());
    await user.click(addButton());
    expect(within(stepper()).getByRole('status')).toHaveTextContent('1 no carrinho');

    await act(pause);
    await waitFor(() =>
      expect(bodies).toEqual([{ index: '0', providerId: '1001', sku: '1001', quantity: 1 }]),
    );
  });

  it('says what went wrong and shows the saved quantity when the server refuses a change', async () => {
    itemUpdates(() => failure('A quantidade máxima de um item é 99999.', 400));
    server.use(handlers.currentOrder(orderWith(riceLine(2))));
    renderCard(<ProductCard product={rice} layout="contact" />, { order: orderWith(riceLine(2)) });
    const user = userEvent.setup();
    await user.click(more());
    expect(within(stepper()).getByRole('status')).toHaveTextContent('3 no carrinho');

    await act(pause);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'A quantidade máxima de um item é 99999. Mostramos a quantidade salva.',
        {
          id: 'cart-quantity-failed',
        },
      ),
    );
    await waitFor(() => expect(within(stepper()).getByRole('status')).toHaveTextContent('2 no carrinho'));
  });
});

describe('adding from a card', () => {
  it("turns 'Adicionar' into the stepper once the order has the product", async () => {
    const bodies = itemUpdates();
    renderCard(<ProductCard product={rice} layout="contact" />);
    await userEvent.click(addButton());
    expect(await screen.findByRole('group', { name: `${rice.name} no carrinho` })).toHaveTextContent('1');
    expect(bodies).toEqual([{ providerId: '1001', quantity: 1 }]);
    expect(success).toHaveBeenCalledWith('Produto adicionado ao carrinho');
  });

  it('sends a single add for a double tap', async () => {
    const bodies = itemUpdates();
    renderCard(<ProductCard product={rice} layout="contact" />);
    await userEvent.dblClick(addButton());
    await screen.findByRole('group', { name: `${rice.name} no carrinho` });
    await act(pause);
    expect(bodies).toEqual([{ providerId: '1001', quantity: 1 }]);
    expect(within(stepper()).getByRole('status')).toHaveTextContent('1 no carrinho');
  });

  it("ignores the rest of a double tap on the stepper that just took Adicionar's place", async () => {
    const bodies = itemUpdates();
    renderCard(<ProductCard product={rice} layout="contact" />);
    const user = userEvent.setup();
    await user.click(addButton());
    await screen.findByRole('group', { name: `${rice.name} no carrinho` });
    await user.click(bin());
    expect(within(stepper()).getByRole('status')).toHaveTextContent('1 no carrinho');

    await act(() => new Promise((resolve) => setTimeout(resolve, STEPPER_SETTLE_MS)));
    await user.click(more());
    expect(within(stepper()).getByRole('status')).toHaveTextContent('2 no carrinho');
    await act(pause);
    await waitFor(() =>
      expect(bodies).toEqual([
        { providerId: '1001', quantity: 1 },
        { index: '0', providerId: '1001', sku: '1001', quantity: 2 },
      ]),
    );
  });

  it("keeps the keyboard's place: from 'Adicionar' to '+', and from the bin back to 'Adicionar'", async () => {
    const bodies = itemUpdates();
    renderCard(<ProductCard product={rice} layout="contact" />);
    const user = userEvent.setup();
    addButton().focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(more()).toHaveFocus());

    await act(() => new Promise((resolve) => setTimeout(resolve, STEPPER_SETTLE_MS)));
    await user.keyboard('{Enter}');
    expect(within(stepper()).getByRole('status')).toHaveTextContent('2 no carrinho');
    less().focus();
    await user.keyboard('{Enter}');
    bin().focus();
    await user.keyboard('{Enter}');
    expect(addButton()).toHaveFocus();
    await act(pause);
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ index: '0', quantity: 0 }));
  });
});

describe('a card without a stepper', () => {
  it('shows the units of a product with variants and still opens its page to choose one', async () => {
    const { tShirt } = products;
    renderCard(<ProductCard product={tShirt} layout="contact" />, {
      order: orderWith(
        { index: 0, providerId: tShirt.providerId, sku: '1110301', quantity: 1 },
        { index: 1, providerId: tShirt.providerId, sku: '1110302', quantity: 2 },
      ),
    });
    expect(screen.getByText('3 no carrinho')).toBeVisible();
    expect(screen.queryByRole('group', { name: `${tShirt.name} no carrinho` })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Adicionar ${tShirt.name} ao carrinho` }));
    expect(await screen.findByText('Página do produto 11103')).toBeInTheDocument();
  });

  it('lets a product with variants open its page before the order has loaded', async () => {
    const { tShirt } = products;
    renderCard(<ProductCard product={tShirt} layout="contact" />, { order: null });
    const button = screen.getByRole('button', { name: `Adicionar ${tShirt.name} ao carrinho` });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(await screen.findByText('Página do produto 11103')).toBeInTheDocument();
  });

  it('shows, without changing it, the quantity of a restricted product the shopper may not buy', () => {
    const { beer } = products;
    renderCard(<ProductCard product={beer} layout="contact" />, {
      settings: { disableRestrictedProducts: true },
      order: orderWith({ index: 0, providerId: beer.providerId, sku: beer.providerId, quantity: 2 }),
    });
    expect(screen.getByText('2 no carrinho')).toBeVisible();
    expect(screen.queryByRole('group', { name: `${beer.name} no carrinho` })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Adicionar ${beer.name} ao carrinho` })).toBeDisabled();
    expect(screen.getByText('Venda restrita: peça ao atendente')).toBeVisible();
  });

  it('shows nothing of a closed order: adding starts the next one', () => {
    renderCard(<ProductCard product={rice} layout="contact" />, {
      order: orderFixture({ status: 1, items: [riceLine(2)] }),
    });
    expect(addButton()).toBeEnabled();
    expect(screen.queryByText(/no carrinho/)).not.toBeInTheDocument();
  });

  it('offers no stepper outside a grid that gives it the quantity queue, but shows the units', () => {
    renderCard(<ProductCard product={rice} layout="contact" />, {
      order: orderWith(riceLine(2)),
      quantities: false,
    });
    expect(screen.getByText('2 no carrinho')).toBeVisible();
    expect(addButton()).toBeEnabled();
  });
});

describe('an operator’s card in the cart, with the seller step and no store chosen', () => {
  const lockedShop = { settings: { steps: [FlowStep.Catalog, FlowStep.Seller] }, platformUser: true };

  it('takes a unit out but puts none in: its + is disabled', async () => {
    const bodies = itemUpdates();
    renderCard(<ProductCard product={rice} layout="operator" />, {
      ...lockedShop,
      order: orderWith(riceLine(2)),
    });
    expect(more()).toBeDisabled();
    const user = userEvent.setup();
    await user.click(less());
    expect(within(stepper()).getByRole('status')).toHaveTextContent('1 no carrinho');
    await act(pause);
    await waitFor(() =>
      expect(bodies).toEqual([{ index: '0', providerId: '1001', sku: '1001', quantity: 1 }]),
    );
  });

  it('puts more in once the store is chosen', () => {
    renderCard(<ProductCard product={rice} layout="operator" />, {
      ...lockedShop,
      order: orderFixture({
        items: [riceLine(2)],
        seller: { providerId: 'vendedor-pinheiros', name: 'Loja Pinheiros' },
      }),
    });
    expect(more()).toBeEnabled();
  });
});
