import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { renderWithProviders } from '@tests/render.tsx';
import { http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { GiftGroup, Order } from '@/contract/order.ts';
import { currentOrderQuery } from '../api/get-current-order.ts';
import { GiftItemBadge } from './gift-item-badge.tsx';
import { GiftPanel } from './gift-panel.tsx';

let error: MockInstance<typeof toast.error>;
beforeEach(() => {
  error = vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
});
afterEach(() => error.mockRestore());

const mug = { id: 'g-mug', seller: 's1', name: 'Caneca', imageUrl: 'https://img.test/mug.png' };
const bag = { id: 'g-bag', seller: 's1', name: 'Sacola', imageUrl: 'https://img.test/bag.png' };
const pen = { id: 'g-pen', name: 'Caneta' };
const gifts = [mug, bag, pen];

function group(overrides: Partial<GiftGroup> = {}): GiftGroup {
  return { id: 'grp-1', availableGifts: gifts, ...overrides };
}

/** Reads the order from the cache, as the cart page does, and shows its gift panel. */
function Harness() {
  const { data } = useQuery({ ...currentOrderQuery, staleTime: Number.POSITIVE_INFINITY });
  return data ? <GiftPanel order={data} /> : null;
}

/** Renders the panel as the cart does, reading a cache prefilled with the order (no retries). */
function renderPanel(order: Order) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(currentOrderQuery.queryKey, order);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Answers gift updates with `answer` once `wait` settles; records each body. */
function giftUpdates(answer: () => Response, wait?: Promise<void>) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/order/gift/', async ({ request }) => {
      bodies.push(await request.json());
      await wait;
      return answer();
    }),
  );
  return bodies;
}

const choice = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

describe('GiftPanel', () => {
  it('renders nothing when the order has no gift group to choose from', () => {
    for (const order of [
      orderFixture({ gifts: undefined }),
      orderFixture({ gifts: [] }),
      orderFixture({ gifts: [group({ availableGifts: [] })] }),
    ]) {
      const { container, unmount } = renderWithProviders(<GiftPanel order={order} />);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });

  it('shows each gift as a toggle with a lazy, sized image, its name and "Brinde" (axe clean)', async () => {
    const { container } = renderPanel(orderFixture({ gifts: [group()] }));
    expect(screen.getByRole('heading', { name: 'Escolha seu brinde' })).toBeInTheDocument();
    const mug = choice('Caneca');
    expect(mug).toHaveAttribute('aria-pressed', 'false');
    expect(mug).toBeEnabled();
    expect(within(mug).getByText('Brinde')).toBeInTheDocument();
    const image = container.querySelector('img[src="https://img.test/mug.png"]');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '64');
    expect(image).toHaveAttribute('height', '64');
    expect(screen.getAllByRole('button')).toHaveLength(3);
    expect(await axeViolations(container)).toEqual([]);
  });

  it("sends the group's full new selection (index = position) and writes the answered order to the cache", async () => {
    const answered = orderFixture({
      gifts: [group({ selectedGifts: [{ id: 'g-bag', seller: 's1', index: 1 }] })],
      items: [{ index: 0, providerId: 'g-bag', quantity: 1, isGift: true, sellerId: 's1' }],
    });
    const bodies = giftUpdates(() => envelope(answered));
    const { queryClient } = renderPanel(orderFixture({ gifts: [group()] }));

    await userEvent.click(choice('Sacola'));
    await waitFor(() => expect(choice('Sacola')).toHaveAttribute('aria-pressed', 'true'));
    expect(bodies).toEqual([{ id: 'grp-1', selectedGifts: [{ id: 'g-bag', seller: 's1', index: 1 }] }]);
    await waitFor(() => expect(queryClient.getQueryData(currentOrderQuery.queryKey)).toEqual(answered));
    expect(error).not.toHaveBeenCalled();
  });

  it('unchoosing sends an empty selection', async () => {
    const bodies = giftUpdates(() => envelope(orderFixture({ gifts: [group({ selectedGifts: [] })] })));
    renderPanel(orderFixture({ gifts: [group({ selectedGifts: [{ id: 'g-pen', index: 2 }] })] }));

    expect(choice('Caneta')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(choice('Caneta'));
    await waitFor(() => expect(choice('Caneta')).toHaveAttribute('aria-pressed', 'false'));
    expect(bodies).toEqual([{ id: 'grp-1', selectedGifts: [] }]);
  });

  it("reads the choice from the order's gift items when the group does not send it; the default limit is 1", () => {
    renderPanel(
      orderFixture({
        gifts: [group()],
        items: [
          { index: 0, providerId: 'p-rice', quantity: 2 },
          { index: 1, providerId: 'g-mug', quantity: 1, isGift: true, sellerId: 's1' },
        ],
      }),
    );
    expect(choice('Caneca')).toHaveAttribute('aria-pressed', 'true');
    expect(choice('Caneca')).toBeEnabled();
    expect(choice('Sacola')).toBeDisabled();
    expect(choice('Caneta')).toBeDisabled();
  });

  it('blocks further choices at availableQuantity, and unchoosing one frees it', async () => {
    const penChosen = { id: 'g-pen', index: 2 };
    const twoChosen = [{ id: 'g-mug', seller: 's1', index: 0 }, penChosen];
    const bodies = giftUpdates(() =>
      envelope(orderFixture({ gifts: [group({ availableQuantity: 2, selectedGifts: [penChosen] })] })),
    );
    renderPanel(orderFixture({ gifts: [group({ availableQuantity: 2, selectedGifts: twoChosen })] }));

    expect(screen.getByRole('heading', { name: 'Escolha até 2 brindes' })).toBeInTheDocument();
    expect(choice('Sacola')).toBeDisabled();
    expect(choice('Sacola')).toHaveAttribute('aria-pressed', 'false');
    expect(choice('Caneca')).toBeEnabled();
    expect(screen.getByText(/2 de 2 brindes escolhidos/)).toBeInTheDocument();

    await userEvent.click(choice('Caneca'));
    await waitFor(() => expect(choice('Sacola')).toBeEnabled());
    expect(bodies).toEqual([{ id: 'grp-1', selectedGifts: [{ id: 'g-pen', index: 2 }] }]);
    expect(choice('Caneca')).toHaveAttribute('aria-pressed', 'false');
    expect(choice('Caneta')).toHaveAttribute('aria-pressed', 'true');
  });

  it("adds to the group's current choice when the limit allows more", async () => {
    const bodies = giftUpdates(() => envelope(orderFixture({ gifts: [group({ availableQuantity: 2 })] })));
    renderPanel(
      orderFixture({
        gifts: [group({ availableQuantity: 2, selectedGifts: [{ id: 'g-pen', index: 2 }] })],
      }),
    );
    await userEvent.click(choice('Caneca'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      id: 'grp-1',
      selectedGifts: [
        { id: 'g-mug', seller: 's1', index: 0 },
        { id: 'g-pen', index: 2 },
      ],
    });
  });

  it("locks every choice of the group while saving, and only that group's", async () => {
    const { opened, open } = gate();
    const answered = orderFixture({
      gifts: [group({ selectedGifts: [{ id: 'g-mug', seller: 's1', index: 0 }] }), group({ id: 'grp-2' })],
    });
    const bodies = giftUpdates(() => envelope(answered), opened);
    renderPanel(orderFixture({ gifts: [group(), group({ id: 'grp-2', availableGifts: [bag] })] }));
    const [first, second] = screen.getAllByRole('region') as [HTMLElement, HTMLElement];

    await userEvent.click(within(first).getByRole('button', { name: /^Caneca/ }));
    const locked = within(first).getAllByRole('button');
    for (const button of locked) {
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-busy', 'true');
    }
    expect(first).toHaveAttribute('aria-busy', 'true');
    expect(within(first).getByRole('button', { name: /^Caneca/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(first).getByRole('status')).toHaveTextContent('Salvando a escolha do brinde');
    expect(within(second).getByRole('button')).toBeEnabled();
    await waitFor(() => expect(bodies).toHaveLength(1));

    await act(async () => open());
    await waitFor(() => expect(first).toHaveAttribute('aria-busy', 'false'));
    expect(within(first).getByRole('button', { name: /^Caneca/ })).toBeEnabled();
    expect(within(first).getByRole('button', { name: /^Sacola/ })).toBeDisabled();
  });

  it("toasts the server's message on failure and shows the server's choice again", async () => {
    const { opened, open } = gate();
    giftUpdates(
      () => failure('Os brindes ficam disponíveis para pedidos a partir de R$ 100,00.', 400),
      opened,
    );
    const before = orderFixture({ gifts: [group()] });
    const { queryClient } = renderPanel(before);

    await userEvent.click(choice('Sacola'));
    expect(choice('Sacola')).toHaveAttribute('aria-pressed', 'true');
    await act(async () => open());
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Os brindes ficam disponíveis para pedidos a partir de R$ 100,00.'),
    );
    await waitFor(() => expect(choice('Sacola')).toHaveAttribute('aria-pressed', 'false'));
    expect(choice('Sacola')).toBeEnabled();
    expect(queryClient.getQueryData(currentOrderQuery.queryKey)).toBe(before);
  });
});

describe('GiftItemBadge', () => {
  it("shows 'Brinde'", () => {
    render(<GiftItemBadge />);
    expect(screen.getByText('Brinde')).toBeInTheDocument();
  });
});
