import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handlers, orderFixture, server } from '@tests/msw.ts';
import { describe, expect, it, vi } from 'vitest';
import type { GiftGroup } from '@/contract/order.ts';
import { operatorSession, renderOnCatalog } from '@/order/footer-bar/testing.tsx';
import { GiftNotice, giftsToChoose } from './gift-notice.tsx';

const group = (overrides: Partial<GiftGroup> = {}): GiftGroup => ({
  id: 'g1',
  availableQuantity: 1,
  availableGifts: [{ id: 'gift-1', name: 'Caneca' }],
  selectedGifts: [],
  ...overrides,
});

describe('the gift notice', () => {
  it('tells a shopper there is a gift to choose, with a link to the cart', async () => {
    server.use(handlers.currentOrder(orderFixture({ gifts: [group()] })));
    renderOnCatalog(<GiftNotice />);
    expect(await screen.findByText(/Você ganhou um brinde!/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Escolha o seu no carrinho' });
    expect(link).toHaveAttribute('href', '/order');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Página do carrinho' })).toBeInTheDocument();
  });

  it('sends an operator to checkout to choose it', async () => {
    server.use(handlers.currentOrder(orderFixture({ gifts: [group()] })));
    renderOnCatalog(<GiftNotice />, { session: operatorSession() });
    expect(await screen.findByText(/Este pedido ganhou um brinde!/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escolher o brinde no checkout' })).toHaveAttribute(
      'href',
      '/order/checkout',
    );
  });

  it('speaks of gifts in the plural when several may be chosen', async () => {
    server.use(handlers.currentOrder(orderFixture({ gifts: [group({ availableQuantity: 2 })] })));
    renderOnCatalog(<GiftNotice />);
    expect(await screen.findByText(/Você ganhou brindes!/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escolha os seus no carrinho' })).toBeInTheDocument();
  });

  it('shows nothing without a gift group offering gifts, or once every gift is chosen', async () => {
    for (const gifts of [
      [],
      [group({ availableGifts: [] })],
      [group({ selectedGifts: [{ id: 'gift-1' }] })],
    ]) {
      server.use(handlers.currentOrder(orderFixture({ gifts })));
      const { queryClient, unmount } = renderOnCatalog(<GiftNotice />);
      // Nothing shows either way: wait until the order is in the cache, then look.
      await vi.waitFor(() => expect(queryClient.getQueryData(['order', 'current'])).toBeDefined());
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.queryByText(/brinde/i)).not.toBeInTheDocument();
      unmount();
    }
  });
});

describe('giftsToChoose', () => {
  it('adds up what each group still allows, 1 when the group does not say', () => {
    expect(giftsToChoose(undefined)).toBe(0);
    expect(giftsToChoose({ gifts: null })).toBe(0);
    expect(
      giftsToChoose({
        gifts: [
          group({ availableQuantity: null }),
          group({ id: 'g2', availableQuantity: 3, selectedGifts: [{ id: 'a' }] }),
          group({ id: 'g3', availableQuantity: 1, selectedGifts: [{ id: 'a' }, { id: 'b' }] }),
          group({ id: 'g4', availableGifts: null }),
        ],
      }),
    ).toBe(3);
  });
});
