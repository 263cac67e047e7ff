import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handlers, orderFixture, server } from '@tests/msw.ts';
import { renderWithProviders } from '@tests/render.tsx';
import { describe, expect, it } from 'vitest';
import { OrderState } from '@/contract/enums.ts';
import { TopBar } from './top-bar.tsx';

const item = (index: number, quantity: number) => ({
  index,
  providerId: `p${index}`,
  name: `Produto ${index}`,
  quantity,
  unitPrice: 10,
  totalAmout: 10 * quantity,
});

describe('the top bar', () => {
  it('shows the total quantity of the order on the cart badge, read as items in the cart', async () => {
    server.use(handlers.currentOrder(orderFixture({ items: [item(0, 2), item(1, 3)] })));
    renderWithProviders(<TopBar isPlatformUser={false} showBack={false} />);
    const cart = await screen.findByRole('link', { name: 'Ver carrinho, 5 itens no carrinho' });
    expect(cart).toHaveAttribute('href', '/order');
  });

  it("reads one unit in the singular: '1 item no carrinho'", async () => {
    server.use(handlers.currentOrder(orderFixture({ items: [item(0, 1)] })));
    renderWithProviders(<TopBar isPlatformUser={false} showBack={false} />);
    expect(await screen.findByRole('link', { name: 'Ver carrinho, 1 item no carrinho' })).toBeInTheDocument();
  });

  it('hides the badge when the order is empty', async () => {
    server.use(handlers.currentOrder(orderFixture()));
    renderWithProviders(<TopBar isPlatformUser={false} showBack={false} />);
    expect(await screen.findByRole('link', { name: 'Ver carrinho' })).toBeInTheDocument();
    expect(screen.queryByText(/itens no carrinho/)).not.toBeInTheDocument();
    expect(document.querySelector('.cart-link__badge')).toBeNull();
  });

  it('sends a platform user to checkout instead of the cart', async () => {
    server.use(handlers.currentOrder(orderFixture()));
    renderWithProviders(<TopBar isPlatformUser showBack={false} />);
    expect(await screen.findByRole('link', { name: 'Ver carrinho' })).toHaveAttribute(
      'href',
      '/order/checkout',
    );
  });

  it('shows the shop logo when there is one, and the text Shop when there is none', async () => {
    server.use(handlers.currentOrder(orderFixture()));
    const { unmount } = renderWithProviders(
      <TopBar isPlatformUser={false} showBack={false} logoUrl="/logo.svg" />,
    );
    expect(screen.getByRole('img', { name: 'Logo da loja' })).toHaveAttribute('src', '/logo.svg');
    unmount();
    renderWithProviders(<TopBar isPlatformUser={false} showBack={false} />);
    expect(screen.getByText('Shop')).toBeInTheDocument();
  });

  it('shows the back button only when the screen allows it', async () => {
    server.use(handlers.currentOrder(orderFixture()));
    const { unmount } = renderWithProviders(<TopBar isPlatformUser={false} showBack />);
    expect(screen.getByRole('link', { name: 'Voltar ao catálogo' })).toHaveAttribute('href', '/catalog');
    unmount();
    renderWithProviders(<TopBar isPlatformUser={false} showBack={false} />);
    expect(screen.queryByRole('link', { name: 'Voltar ao catálogo' })).not.toBeInTheDocument();
  });

  it('lists the order limits in the info dropdown', async () => {
    server.use(
      handlers.currentOrder(
        orderFixture({ logistic: { maxDistinctItems: 5, maxItemsAmout: 20, orderMinPrice: 30 } } as never),
      ),
    );
    renderWithProviders(<TopBar isPlatformUser={false} showBack={false} />);
    const button = await screen.findByRole('button', { name: 'Limites do pedido' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list');
    expect(within(list).getByText('Máximo de itens distintos: 5')).toBeInTheDocument();
    expect(within(list).getByText('Máximo de itens: 20')).toBeInTheDocument();
    expect(within(list).getByText(/^Valor mínimo: R\$\s30,00$/)).toBeInTheDocument();
  });

  it('offers no limits dropdown when the order has no limits', async () => {
    server.use(handlers.currentOrder(orderFixture()));
    renderWithProviders(<TopBar isPlatformUser={false} showBack={false} />);
    await screen.findByRole('link', { name: 'Ver carrinho' });
    expect(screen.queryByRole('button', { name: 'Limites do pedido' })).not.toBeInTheDocument();
  });
});

describe('the top bar of a closed order', () => {
  it('says the order was canceled instead of counting its items', async () => {
    server.use(
      handlers.currentOrder(orderFixture({ status: OrderState.Canceled, items: [item(0, 2), item(1, 1)] })),
    );
    renderWithProviders(<TopBar isPlatformUser={false} showBack={false} />);
    const cart = await screen.findByRole('link', { name: 'Ver carrinho: o pedido foi cancelado' });
    expect(cart).toHaveAttribute('title', 'Pedido cancelado');
    expect(screen.queryByText('3')).not.toBeInTheDocument();
    expect(screen.queryByText(/itens no carrinho/)).not.toBeInTheDocument();
  });

  it('says the shop received the order instead of counting its items', async () => {
    server.use(handlers.currentOrder(orderFixture({ status: OrderState.Received, items: [item(0, 2)] })));
    renderWithProviders(<TopBar isPlatformUser={false} showBack={false} />);
    expect(
      await screen.findByRole('link', { name: 'Ver carrinho: o pedido foi recebido pela loja' }),
    ).toBeInTheDocument();
  });
});
