import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, handlers, orderFixture, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '@/contract/catalog.ts';
import { TOTAL_CHANGED_ERROR_TYPE, TOTAL_CHANGED_MESSAGE } from '@/contract/checkout.ts';
import { Channel } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { FOOTER_BAR_HEIGHT_VAR, FooterBar, type FooterBarView } from './footer-bar.tsx';
import { leaveForChat } from './leave-for-chat.ts';
import { contactSession, operatorSession, renderOnCatalog } from './testing.tsx';

vi.mock('./leave-for-chat.ts', () => ({ leaveForChat: vi.fn() }));

afterEach(() => {
  toast.remove();
  vi.mocked(leaveForChat).mockClear();
});

const NBSP = '\u00A0';
const noView: FooterBarView = { hasCollections: false };

const item = (index: number, quantity: number, unitPrice = 10) => ({
  index,
  providerId: `p${index}`,
  name: `Produto ${index}`,
  quantity,
  unitPrice,
  totalAmout: unitPrice * quantity,
});

const orderWithItems = (overrides: Partial<Order> = {}) =>
  orderFixture({ items: [item(0, 2)], itemsAmout: 20, totalAmout: 20, ...overrides });

function deferred() {
  let release: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** Records the query of every call to a GET path, answering success (after `gate`, when given). */
function recordGet(path: string, gate?: Promise<void>) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(path, async ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      await gate;
      return envelope({ id: 'msg-1' });
    }),
  );
  return queries;
}

const categories: Category[] = [
  { providerId: '10', name: 'Bebidas' },
  { providerId: '20', name: 'Padaria' },
  { providerId: 'COLLECTION_9001', name: 'Ofertas da semana' },
];
const categoriesHandler = () => http.get('/api/catalog/categories', () => envelope(categories));

const confirmButton = () => screen.findByRole('button', { name: /^Confirmar pedido/ });
/** The confirm button once the order has loaded and it can be used. */
async function enabledConfirmButton() {
  const button = await confirmButton();
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('the footer bar, for a shopper', () => {
  it('lists the order problems under Problemas: and disables the confirm button', async () => {
    server.use(
      handlers.currentOrder(
        orderWithItems({
          minOrderValue: 50,
          catalogErrorMessages: ['O produto Café está indisponível no estoque'],
        }),
      ),
    );
    renderOnCatalog(<FooterBar view={noView} />);
    const list = await screen.findByRole('list', { name: 'Problemas:' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `O valor mínimo do seu pedido é R$${NBSP}50,00`,
      'O produto Café está indisponível no estoque',
    ]);
    const button = screen.getByRole('button', { name: /^Confirmar pedido/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/O valor mínimo do seu pedido é/);
  });

  it("says what is confirmed: 'Confirmar pedido · 3 itens · R$ 65,70', from the server's order, gifts not counted", async () => {
    server.use(
      handlers.currentOrder(
        orderFixture({
          items: [item(0, 2), item(1, 1), { ...item(2, 1), isGift: true, unitPrice: 0, totalAmout: 0 }],
          itemsAmout: 60.7,
          totalAmout: 65.7,
        }),
      ),
    );
    renderOnCatalog(<FooterBar view={noView} />);
    expect(await enabledConfirmButton()).toHaveAccessibleName(`Confirmar pedido · 3 itens · R$${NBSP}65,70`);
  });

  it("says '1 item' for a single unit", async () => {
    server.use(handlers.currentOrder(orderFixture({ items: [item(0, 1)], itemsAmout: 10, totalAmout: 10 })));
    renderOnCatalog(<FooterBar view={noView} />);
    expect(await enabledConfirmButton()).toHaveAccessibleName(`Confirmar pedido · 1 item · R$${NBSP}10,00`);
  });

  it("shows 'Faltam … para o pedido mínimo' and 'Faltam … para ganhar o brinde' above the problems", async () => {
    server.use(
      handlers.currentOrder({
        ...orderWithItems({ itemsAmout: 38, totalAmout: 38, minOrderValue: 50 }),
        nextGift: { missingAmount: 62 },
      } as Order),
    );
    renderOnCatalog(<FooterBar view={noView} />);
    // They load at the shopper's first touch (or once the page has settled).
    fireEvent.pointerDown(window);
    expect(await screen.findByText('Faltam R$ 12,00 para o pedido mínimo')).toBeInTheDocument();
    expect(screen.getByText('Faltam R$ 62,00 para ganhar o brinde')).toBeInTheDocument();
  });

  it("says 'Você perdeu o brinde: faltam R$ 3,00' once when a change drops the gift", async () => {
    const gifts = [
      { id: 'brinde-100', availableQuantity: 1, availableGifts: [{ id: 'g1', name: 'Caneca' }] },
    ];
    // A minimum still to reach, so the footer's lines show once they have loaded.
    const reached = orderWithItems({ itemsAmout: 100, totalAmout: 100, minOrderValue: 150, gifts });
    const dropped = {
      ...orderWithItems({ itemsAmout: 97, totalAmout: 97, gifts: [] }),
      nextGift: { missingAmount: 3 },
    };
    server.use(handlers.currentOrder(reached));
    const { queryClient } = renderOnCatalog(<FooterBar view={noView} />);
    await confirmButton();
    // The shopper's first touch loads the footer's lines.
    fireEvent.pointerDown(window);
    expect(await screen.findByText('Faltam R$ 50,00 para o pedido mínimo')).toBeInTheDocument();
    expect(screen.queryByText(/Você perdeu o brinde/)).toBeNull();
    queryClient.setQueryData(['order', 'current'], dropped);
    expect(await screen.findByText('Você perdeu o brinde: faltam R$ 3,00')).toBeInTheDocument();
    // The same order again (a re-read) says nothing more.
    queryClient.setQueryData(['order', 'current'], { ...dropped });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(/Você perdeu o brinde/)).toHaveLength(1);
  });

  it('shows no problems and disables the confirm button while the order is empty', async () => {
    server.use(handlers.currentOrder(orderFixture({ minOrderValue: 50 })));
    renderOnCatalog(<FooterBar view={noView} />);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Confirmar pedido/ })).toBeDisabled());
    expect(screen.queryByText('Problemas:')).not.toBeInTheDocument();
  });

  it('shows Atualizando... while the order is being updated', async () => {
    server.use(handlers.currentOrder(orderWithItems()));
    const gate = deferred();
    function AddToCart() {
      const add = useMutation({ mutationKey: ['order', 'update'], mutationFn: () => gate.promise });
      return (
        <button type="button" onClick={() => add.mutate()}>
          Adicionar
        </button>
      );
    }
    renderOnCatalog(
      <>
        <FooterBar view={noView} />
        <AddToCart />
      </>,
    );
    await enabledConfirmButton();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('button', { name: 'Atualizando...' })).toBeDisabled();
    gate.release();
    await enabledConfirmButton();
  });

  it('shows Redirecionando... while confirming, then goes to the confirmation page', async () => {
    server.use(handlers.currentOrder(orderWithItems()));
    const gate = deferred();
    const confirms = recordGet('/api/order/confirm', gate.promise);
    renderOnCatalog(<FooterBar view={noView} />);
    await userEvent.click(await enabledConfirmButton());
    expect(await screen.findByRole('button', { name: 'Redirecionando...' })).toBeDisabled();
    gate.release();
    expect(await screen.findByRole('heading', { name: 'Página de confirmação' })).toBeInTheDocument();
    // The total the shopper saw travels with the confirm (issue 34).
    expect(confirms).toEqual([{ expectedTotal: '20.00' }]);
    expect(leaveForChat).not.toHaveBeenCalled();
  });

  it('a confirm refused because the total changed says so and reads the order again', async () => {
    let reads = 0;
    let total = 20;
    server.use(
      http.get('/api/order/current', () => {
        reads += 1;
        return envelope(orderWithItems({ totalAmout: total }));
      }),
      http.get('/api/order/confirm', () => {
        total = 55;
        return HttpResponse.json(
          {
            success: false,
            data: { totalAmout: 55 },
            errors: [
              { message: TOTAL_CHANGED_MESSAGE, code: 409, type: TOTAL_CHANGED_ERROR_TYPE, status: 409 },
            ],
          },
          { status: 409 },
        );
      }),
    );
    renderOnCatalog(<FooterBar view={noView} />);
    const button = await enabledConfirmButton();
    const readsBefore = reads;
    await userEvent.click(button);
    expect(await screen.findByText(TOTAL_CHANGED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(reads).toBeGreaterThan(readsBefore));
    expect(screen.queryByRole('heading', { name: 'Página de confirmação' })).not.toBeInTheDocument();
    await enabledConfirmButton();
  });

  it("shows the server's message when the confirmation fails, and lets the shopper try again", async () => {
    server.use(
      handlers.currentOrder(orderWithItems()),
      http.get('/api/order/confirm', () => failure('O pedido já foi confirmado.', 409)),
    );
    renderOnCatalog(<FooterBar view={noView} />);
    await userEvent.click(await enabledConfirmButton());
    expect(await screen.findByText('O pedido já foi confirmado.')).toBeInTheDocument();
    await enabledConfirmButton();
    expect(screen.queryByRole('heading', { name: 'Página de confirmação' })).not.toBeInTheDocument();
  });

  it('on WhatsApp with a callback message, opens the chat with the message and the anonymous order id, skipping the call', async () => {
    server.use(handlers.currentOrder(orderWithItems({ id: '77', userId: 'anonymous-wa-1' })));
    const confirms = recordGet('/api/order/confirm');
    renderOnCatalog(<FooterBar view={noView} />, {
      session: contactSession(Channel.WhatsApp),
      settings: { whatsApp: '55 11 94002-8922', webCatalogCallbackMessage: 'Quero finalizar' },
    });
    await userEvent.click(await enabledConfirmButton());
    expect(leaveForChat).toHaveBeenCalledWith('https://wa.me/5511940028922?text=Quero%20finalizar%2077');
    expect(screen.getByRole('button', { name: 'Redirecionando...' })).toBeDisabled();
    expect(confirms).toHaveLength(0);
  });

  it('on WhatsApp with no text to send, confirms first and then opens the chat', async () => {
    server.use(handlers.currentOrder(orderWithItems({ userId: 'user-1' })));
    const confirms = recordGet('/api/order/confirm');
    renderOnCatalog(<FooterBar view={noView} />, {
      session: contactSession(Channel.WhatsApp),
      settings: { whatsApp: '5511940028922' },
    });
    await userEvent.click(await enabledConfirmButton());
    await waitFor(() => expect(leaveForChat).toHaveBeenCalledWith('https://wa.me/5511940028922'));
    expect(confirms).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Página de confirmação' })).not.toBeInTheDocument();
  });

  it('offers no operator sends', async () => {
    server.use(handlers.currentOrder(orderWithItems()));
    renderOnCatalog(<FooterBar view={noView} />);
    await confirmButton();
    expect(screen.queryByRole('button', { name: 'Enviar catálogo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar resumo do pedido' })).not.toBeInTheDocument();
  });

  it('publishes its height for the page to leave room, and removes it when it leaves', async () => {
    server.use(handlers.currentOrder(orderWithItems()));
    const { unmount } = renderOnCatalog(<FooterBar view={noView} />);
    await confirmButton();
    expect(document.documentElement.style.getPropertyValue(FOOTER_BAR_HEIGHT_VAR)).toMatch(/^\d+px$/);
    unmount();
    expect(document.documentElement.style.getPropertyValue(FOOTER_BAR_HEIGHT_VAR)).toBe('');
  });
});

describe('the footer bar, for an operator', () => {
  const renderForOperator = (view: FooterBarView, order: Order = orderWithItems()) => {
    server.use(handlers.currentOrder(order), categoriesHandler());
    return renderOnCatalog(<FooterBar view={view} />, { session: operatorSession() });
  };
  const typeSelect = () => screen.findByRole('combobox', { name: 'Tipo de catálogo' });
  const optionNames = (select: HTMLElement) =>
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);

  it('offers the sends and no confirm button, and still lists the problems', async () => {
    renderForOperator(noView, orderWithItems({ minOrderValue: 50 }));
    expect(await screen.findByRole('button', { name: 'Enviar catálogo' })).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Enviar resumo do pedido' })).toBeEnabled();
    expect(screen.getByRole('list', { name: 'Problemas:' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirmar pedido/ })).not.toBeInTheDocument();
  });

  it('offers Coleção only when the shop has collections', async () => {
    const { unmount } = renderForOperator({ hasCollections: false });
    expect(optionNames(await typeSelect())).toEqual(['Padrão', 'Categoria', 'Busca']);
    unmount();
    renderForOperator({ hasCollections: true });
    expect(optionNames(await typeSelect())).toEqual(['Padrão', 'Categoria', 'Coleção', 'Busca']);
  });

  it('sends the standard catalogue by default, showing Enviando catálogo while busy', async () => {
    const gate = deferred();
    const sends = recordGet('/api/order/send/catalog', gate.promise);
    renderForOperator(noView);
    expect(await typeSelect()).toHaveDisplayValue('Padrão');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar catálogo' }));
    expect(await screen.findByRole('button', { name: 'Enviando catálogo' })).toBeDisabled();
    gate.release();
    expect(await screen.findByText('Catálogo enviado para o contato')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Enviar catálogo' })).toBeEnabled();
    expect(sends).toEqual([{}]);
  });

  it('defaults to Categoria on a category and sends its id', async () => {
    const sends = recordGet('/api/order/send/catalog');
    renderForOperator({ categoryId: '20', subcategoryId: '21', hasCollections: true });
    expect(await typeSelect()).toHaveDisplayValue('Categoria');
    const category = screen.getByRole('combobox', { name: 'Categoria a enviar' });
    await waitFor(() => expect(category).toHaveDisplayValue('Padaria'));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar catálogo' }));
    await screen.findByText('Catálogo enviado para o contato');
    expect(sends).toEqual([{ categoryId: '20' }]);
  });

  it('defaults to Coleção on a collection and sends its id without the prefix', async () => {
    const sends = recordGet('/api/order/send/catalog');
    renderForOperator({ categoryId: 'COLLECTION_9001', hasCollections: true });
    expect(await typeSelect()).toHaveDisplayValue('Coleção');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Coleção a enviar' })).toHaveDisplayValue(
        'Ofertas da semana',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enviar catálogo' }));
    await screen.findByText('Catálogo enviado para o contato');
    expect(sends).toEqual([{ collectionId: '9001' }]);
  });

  it('defaults to Busca while searching and sends the search text; the type can be changed', async () => {
    const sends = recordGet('/api/order/send/catalog');
    renderForOperator({ searchText: 'suco', categoryId: '10', hasCollections: false });
    expect(await typeSelect()).toHaveDisplayValue('Busca');
    expect(screen.getByRole('searchbox', { name: 'Termo de busca' })).toHaveValue('suco');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar catálogo' }));
    await screen.findByText('Catálogo enviado para o contato');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo de catálogo' }), 'Categoria');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Categoria a enviar' })).toHaveDisplayValue('Bebidas'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enviar catálogo' }));
    await waitFor(() => expect(sends).toEqual([{ searchTerm: 'suco' }, { categoryId: '10' }]));
  });

  it('cannot send a type that has no value yet', async () => {
    renderForOperator(noView);
    await userEvent.selectOptions(await typeSelect(), 'Busca');
    const send = screen.getByRole('button', { name: 'Enviar catálogo' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Termo de busca' }), 'pão');
    expect(send).toBeEnabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo de catálogo' }), 'Categoria');
    expect(send).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Categoria a enviar' }), 'Padaria');
    expect(send).toBeEnabled();
  });

  it("shows the server's message when a send fails", async () => {
    server.use(
      http.get('/api/order/send/catalog', () =>
        failure('Esta conversa não tem um contato para receber a mensagem.', 409),
      ),
    );
    renderForOperator(noView);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar catálogo' }));
    expect(
      await screen.findByText('Esta conversa não tem um contato para receber a mensagem.'),
    ).toBeInTheDocument();
  });

  it('offers the order summary only when the order has items', async () => {
    // A server message shows once the order is loaded: only then is the summary's absence meaningful.
    renderForOperator(
      noView,
      orderFixture({ items: [{ ...item(0, 1), isGift: true }], catalogErrorMessages: ['Loja fechada'] }),
    );
    expect(await screen.findByText('Loja fechada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar catálogo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /resumo do pedido/ })).not.toBeInTheDocument();
  });

  it('sends the order summary, showing Enviando resumo do pedido while busy', async () => {
    const gate = deferred();
    const sends = recordGet('/api/order/send/resume', gate.promise);
    renderForOperator(noView);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar resumo do pedido' }));
    expect(await screen.findByRole('button', { name: 'Enviando resumo do pedido' })).toBeDisabled();
    gate.release();
    expect(await screen.findByText('Resumo do pedido enviado para o contato')).toBeInTheDocument();
    expect(sends).toHaveLength(1);
  });

  it('sends the quantities still in their pause first, so the summary is of the order shown', async () => {
    const saved = deferred();
    const events: string[] = [];
    server.use(handlers.currentOrder(orderWithItems()), categoriesHandler());
    server.use(
      http.get('/api/order/send/resume', () => {
        events.push('summary');
        return envelope({ id: 'msg-1' });
      }),
    );
    renderOnCatalog(
      <FooterBar
        view={noView}
        beforeConfirm={async () => {
          await saved.promise;
          events.push('quantities saved');
        }}
      />,
      { session: operatorSession() },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar resumo do pedido' }));
    expect(await screen.findByRole('button', { name: 'Enviando resumo do pedido' })).toBeDisabled();
    expect(events).toEqual([]);
    saved.release();
    expect(await screen.findByText('Resumo do pedido enviado para o contato')).toBeInTheDocument();
    expect(events).toEqual(['quantities saved', 'summary']);
  });

  it('shows the default message when a summary send gets no answer', async () => {
    server.use(http.get('/api/order/send/resume', () => HttpResponse.error()));
    renderForOperator(noView);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar resumo do pedido' }));
    expect(await screen.findByText('Não foi possível enviar o resumo do pedido.')).toBeInTheDocument();
  });
});
