import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { http } from 'msw';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Channel, OrderState, PaymentMethod, SessionType } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { sessionQuery } from '@/session/use-session.ts';
import FinishRoute from './finish-screen.tsx';

const DIGITABLE_LINE = '23793.38128 60000.000003 00000.000400 1 84340000002790';

type SessionSide = { channelType?: Channel; whatsApp?: string };

function renderFinish(order: Order, path = '/finish', { channelType, whatsApp }: SessionSide = {}) {
  server.use(
    http.get('/api/order/current', () => envelope(order)),
    http.get('/api/order/pix/charge', () =>
      envelope({
        txid: 'TX00000000000000000000001',
        brCode: '00020101021252040000530398654052.795802BR5913EMPORIO BOM6009SAO PAULO6304ABCD',
        amount: 27.9,
        status: 'pending',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      }),
    ),
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionQuery.queryKey, {
    session: { sessionType: SessionType.Contact, userShop: { id: 'user-shop-1' }, channelType },
    settings: whatsApp ? { whatsApp } : {},
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p>Carregando...</p>}>
          <Routes>
            <Route path="/finish/*" element={<FinishRoute />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The backend of these tests has no public profile (decision 0024's extension), unless a test says so.
beforeEach(() => {
  server.use(http.get('/api/shop/public-profile', () => failure('Não encontrado.', 404)));
});

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
  Reflect.deleteProperty(document, 'execCommand');
});

describe('the finish page', () => {
  it("says 'Pedido finalizado' and offers nothing to pay for an order paid in the chat (as before)", async () => {
    renderFinish(orderFixture({ status: OrderState.Received }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido finalizado' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows a boleto's 'linha digitável' to copy, and a same-tab link to its PDF that says where it opens", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const order = {
      ...orderFixture({ status: OrderState.Received }),
      payment: {
        method: PaymentMethod.Boleto,
        boleto: {
          digitableLine: DIGITABLE_LINE,
          pdfUrl: 'https://boletos.exemplo.com.br/b/123.pdf',
          dueDate: '2026-12-05',
        },
      },
    } as Order;
    renderFinish(order);
    expect(await screen.findByRole('heading', { name: 'Pague o boleto' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Linha digitável do boleto' })).toHaveValue(DIGITABLE_LINE);
    expect(screen.getByText('Vencimento: 05/12/2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar linha digitável' }));
    expect(await screen.findByText('Código copiado!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(DIGITABLE_LINE);
    const pdf = screen.getByRole('link', { name: 'Abrir ou baixar o boleto (PDF)' });
    expect(pdf).toHaveAttribute('href', 'https://boletos.exemplo.com.br/b/123.pdf');
    // No new window: a chat app's browser answers one with nothing.
    expect(pdf).not.toHaveAttribute('target');
    expect(
      screen.getByText(
        'No app da conversa, o PDF pode abrir no navegador do celular ou ser baixado. A linha digitável acima já basta para pagar.',
      ),
    ).toBeInTheDocument();
  });

  it("copies a boleto's line in a chat app's browser without navigator.clipboard", async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: exec });
    const order = {
      ...orderFixture({ status: OrderState.Received }),
      payment: { method: PaymentMethod.Boleto, boleto: { digitableLine: DIGITABLE_LINE } },
    } as Order;
    renderFinish(order);
    await userEvent.click(await screen.findByRole('button', { name: 'Copiar linha digitável' }));
    expect(await screen.findByText('Código copiado!')).toBeInTheDocument();
    expect(exec).toHaveBeenCalledWith('copy');
    const line = screen.getByRole('textbox', { name: 'Linha digitável do boleto' }) as HTMLTextAreaElement;
    expect(line.value.slice(line.selectionStart, line.selectionEnd)).toBe(DIGITABLE_LINE);
  });

  it('shows the payment link as a big button that stays in the tab when the order is paid by link', async () => {
    const order = orderFixture({
      status: OrderState.Received,
      payment: { method: PaymentMethod.Link, link: 'https://pagamento.exemplo.com.br/p/abc' },
    });
    renderFinish(order);
    const link = await screen.findByRole('link', { name: 'Ir para a página de pagamento' });
    expect(link).toHaveAttribute('href', 'https://pagamento.exemplo.com.br/p/abc');
    expect(link).toHaveClass('button');
    expect(link).not.toHaveAttribute('target');
  });

  it('shows the Pix page at /finish/pix', async () => {
    renderFinish(orderFixture({ status: OrderState.Received }), '/finish/pix');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pague com Pix' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Copiar código Pix' })).toBeInTheDocument();
  });
});

describe('the way back to the chat on the finish page', () => {
  const profile = {
    slug: 'emporio-bom-preco',
    name: 'Empório Bom Preço',
    chat: { whatsApp: '5511940028922', messenger: 'emporiobompreco', instagram: 'emporio.bompreco' },
  };
  /** Answers the shop's public profile; counts the reads. */
  function profileAnswers(answer: () => Response): () => number {
    let reads = 0;
    server.use(
      http.get('/api/shop/public-profile', () => {
        reads += 1;
        return answer();
      }),
    );
    return () => reads;
  }

  it("a Messenger shopper's 'Pedido finalizado' offers 'Voltar para o Messenger' (m.me)", async () => {
    profileAnswers(() => envelope(profile));
    renderFinish(orderFixture({ status: OrderState.Received }), '/finish', {
      channelType: Channel.Messenger,
    });
    const back = await screen.findByRole('link', { name: 'Voltar para o Messenger' });
    expect(back).toHaveAttribute('href', 'https://m.me/emporiobompreco');
    expect(back).not.toHaveAttribute('target');
  });

  it("an Instagram shopper's 'Pedido cancelado' offers 'Voltar para o Instagram' (ig.me)", async () => {
    profileAnswers(() => envelope(profile));
    renderFinish(orderFixture({ status: OrderState.Canceled }), '/finish', {
      channelType: Channel.Instagram,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido cancelado' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Voltar para o Instagram' })).toHaveAttribute(
      'href',
      'https://ig.me/m/emporio.bompreco',
    );
  });

  it('a WhatsApp shopper goes back to the settings’ number without reading the profile', async () => {
    const reads = profileAnswers(() => envelope(profile));
    renderFinish(orderFixture({ status: OrderState.Received }), '/finish', {
      channelType: Channel.WhatsApp,
      whatsApp: '+55 11 3333-4444',
    });
    expect(await screen.findByRole('link', { name: 'Voltar para o WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/551133334444',
    );
    expect(reads()).toBe(0);
  });

  it('a backend without the profile (404) leaves a Messenger shopper’s page as before: no link', async () => {
    const reads = profileAnswers(() => failure('Não encontrado.', 404));
    renderFinish(orderFixture({ status: OrderState.Received }), '/finish', {
      channelType: Channel.Messenger,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido finalizado' })).toBeInTheDocument();
    await waitFor(() => expect(reads()).toBe(1));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
