import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { http } from 'msw';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Channel, OrderState, SessionType } from '@/contract/enums.ts';
import type { PixCharge } from '@/contract/pix.ts';
import { sessionQuery } from '@/session/use-session.ts';
import { PixPage } from './pix-screen.tsx';
import { brCode, chargeFixture } from './pix-testing.ts';

const CHARGE_PATH = '/api/order/pix/charge';
const SHOP_WHATSAPP = '5511987654321';

function renderPix({
  platformUser = false,
  channel = Channel.WhatsApp as Channel,
}: {
  platformUser?: boolean;
  channel?: Channel;
} = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionQuery.queryKey, {
    session: {
      sessionType: platformUser ? SessionType.PlatformUser : SessionType.Contact,
      channelType: channel,
      userShop: { id: 'user-shop-1' },
    },
    settings: { whatsApp: SHOP_WHATSAPP },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/finish/pix']}>
        <Suspense fallback={<p>Carregando...</p>}>
          <Routes>
            <Route path="/finish/pix" element={<PixPage />} />
            <Route path="/finish" element={<h1>Pedido finalizado</h1>} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** The charge's call answers each charge in turn, then keeps answering the last one. */
function chargeAnswers(...charges: PixCharge[]) {
  let calls = 0;
  server.use(
    http.get(CHARGE_PATH, () => {
      const charge = charges[Math.min(calls, charges.length - 1)];
      calls += 1;
      return envelope(charge);
    }),
    http.get('/api/order/current', () => envelope(orderFixture({ status: OrderState.Received }))),
  );
  return { calls: () => calls };
}

const copyButton = () => screen.findByRole('button', { name: 'Copiar código Pix' });
const codeField = () => screen.getByRole('textbox', { name: 'Código Pix copia e cola' });

function withClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

function withExecCommand(result: boolean) {
  const exec = vi.fn(() => result);
  Object.defineProperty(document, 'execCommand', { configurable: true, value: exec });
  return exec;
}

afterEach(() => withClipboard(undefined));

describe('the Pix page', () => {
  it('shows the amount, the shop’s name, the code to copy and the QR code', async () => {
    const charge = chargeFixture();
    chargeAnswers(charge);
    renderPix();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pague com Pix' })).toBeInTheDocument();
    expect(screen.getByText(/^R\$\s27,90$/)).toBeInTheDocument();
    expect(screen.getByText('EMPORIO BOM PRECO')).toBeInTheDocument();
    expect(await copyButton()).toBeInTheDocument();
    expect(codeField()).toHaveValue(charge.brCode);
    expect(codeField()).toHaveAttribute('readonly');
    expect(screen.getByRole('img', { name: 'QR Code do Pix' }).tagName.toLowerCase()).toBe('svg');
  });

  it('puts the copy button before the code and the QR code after them (a phone’s order)', async () => {
    chargeAnswers(chargeFixture());
    renderPix();
    const button = await copyButton();
    const qr = screen.getByRole('img', { name: 'QR Code do Pix' });
    expect(button.compareDocumentPosition(codeField()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(codeField().compareDocumentPosition(qr) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says 'Código copiado!' when the clipboard took the code", async () => {
    const charge = chargeFixture();
    chargeAnswers(charge);
    const writeText = vi.fn(async () => {});
    withClipboard(writeText);
    renderPix();
    await userEvent.click(await copyButton());
    expect(await screen.findByText('Código copiado!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(charge.brCode);
  });

  it('still copies when the clipboard throws, as in WhatsApp’s browser', async () => {
    chargeAnswers(chargeFixture());
    withClipboard(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    const exec = withExecCommand(true);
    renderPix();
    await userEvent.click(await copyButton());
    expect(await screen.findByText('Código copiado!')).toBeInTheDocument();
    expect(exec).toHaveBeenCalledWith('copy');
  });

  it("says 'Selecione e copie o código', with the code selected, when nothing can copy it", async () => {
    const charge = chargeFixture();
    chargeAnswers(charge);
    withClipboard(undefined);
    withExecCommand(false);
    renderPix();
    await userEvent.click(await copyButton());
    expect(await screen.findByText('Selecione e copie o código')).toBeInTheDocument();
    expect(screen.queryByText('Código copiado!')).not.toBeInTheDocument();
    const field = codeField() as HTMLTextAreaElement;
    expect(field.value.slice(field.selectionStart, field.selectionEnd)).toBe(charge.brCode);
  });

  it('counts down on the server’s clock when the phone’s clock is 5 minutes ahead', async () => {
    // The server's `now` is 5 minutes behind this phone; the code expires 10 minutes after it.
    chargeAnswers(chargeFixture({ serverNow: Date.now() - 5 * 60_000 }));
    renderPix();
    const time = await screen.findByText(/^(10:0[01]|09:5\d)$/);
    expect(time).toBeInTheDocument();
    expect(screen.queryByText(/^0[45]:\d\d$/)).not.toBeInTheDocument();
  });

  it("turns to 'Pagamento recebido' when the payment arrives, with the way back to WhatsApp and no code", async () => {
    const charge = chargeFixture();
    const answers = chargeAnswers(charge, charge, {
      ...charge,
      status: 'paid',
      paidAt: new Date().toISOString(),
    });
    renderPix();
    expect(await copyButton()).toBeInTheDocument();
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Pagamento recebido' },
      { timeout: 5000 },
    );
    expect(heading).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Voltar para o WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/${SHOP_WHATSAPP}`,
    );
    expect(screen.queryByRole('button', { name: 'Copiar código Pix' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR Code do Pix' })).not.toBeInTheDocument();
    // Paid: no more polling.
    const calls = answers.calls();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(answers.calls()).toBe(calls);
  });

  it("offers 'Voltar para o WhatsApp' right under the code while the Pix is still to pay", async () => {
    chargeAnswers(chargeFixture());
    renderPix();
    await copyButton();
    const back = screen.getByRole('link', { name: 'Voltar para o WhatsApp' });
    expect(codeField().compareDocumentPosition(back) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows 'Pix expirado' and 'Gerar novo Pix' gives a new code, never the old one", async () => {
    const old = chargeFixture({ status: 'expired', serverNow: Date.now() - 11 * 60_000 });
    const renewed = chargeFixture({ txid: 'TX00000000000000000000002' });
    chargeAnswers(old);
    const renewals: string[] = [];
    server.use(
      http.post(CHARGE_PATH, () => {
        renewals.push('renew');
        return envelope(renewed);
      }),
    );
    renderPix();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pix expirado' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar código Pix' })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(old.brCode)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gerar novo Pix' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pague com Pix' })).toBeInTheDocument();
    expect(codeField()).toHaveValue(renewed.brCode);
    expect(renewed.brCode).not.toBe(old.brCode);
    expect(renewals).toEqual(['renew']);
  });

  it("turns to 'Pix expirado' when the countdown runs out, and reads the charge again at once", async () => {
    const serverNow = Date.now() - 10 * 60_000 + 1500;
    const charge = chargeFixture({ serverNow });
    const answers = chargeAnswers(charge, charge, { ...charge, status: 'expired' });
    renderPix();
    expect(await copyButton()).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pix expirado' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar código Pix' })).not.toBeInTheDocument();
    expect(answers.calls()).toBeGreaterThan(1);
  });

  it("shows the server's message when a new Pix is refused", async () => {
    chargeAnswers(chargeFixture({ status: 'expired' }));
    server.use(http.post(CHARGE_PATH, () => failure('Este pedido já foi pago.', 409)));
    renderPix();
    await userEvent.click(await screen.findByRole('button', { name: 'Gerar novo Pix' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este pedido já foi pago.');
  });

  it('shows the code another tab already renewed when its own new Pix is refused', async () => {
    const expired = chargeFixture({ status: 'expired' });
    const renewedElsewhere = chargeFixture({ txid: 'TX00000000000000000000003' });
    chargeAnswers(expired, renewedElsewhere);
    server.use(http.post(CHARGE_PATH, () => failure('Este Pix ainda pode ser pago.', 409)));
    renderPix();
    await userEvent.click(await screen.findByRole('button', { name: 'Gerar novo Pix' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pague com Pix' })).toBeInTheDocument();
    expect(codeField()).toHaveValue(renewedElsewhere.brCode);
    expect(screen.queryByRole('button', { name: 'Gerar novo Pix' })).not.toBeInTheDocument();
  });

  it("says 'Pedido cancelado' and offers no payment for a canceled order", async () => {
    chargeAnswers(chargeFixture({ status: 'canceled' }));
    renderPix();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido cancelado' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar código Pix' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gerar novo Pix' })).not.toBeInTheDocument();
  });

  it.each([
    [Channel.Messenger, 'Voltar para o Messenger', 'https://m.me/emporiobompreco'],
    [Channel.Instagram, 'Voltar para o Instagram', 'https://ig.me/m/emporio.bompreco'],
    [Channel.WebChat, 'Voltar para o chat do site', 'https://emporio.example/chat'],
  ])('a canceled Pix on channel %i offers the way back to that chat: %s', async (channel, label, href) => {
    server.use(
      http.get('/api/shop/public-profile', () =>
        envelope({
          slug: 'emporio-bom-preco',
          chat: {
            messenger: 'emporiobompreco',
            instagram: 'emporio.bompreco',
            webChat: 'https://emporio.example/chat',
          },
        }),
      ),
    );
    chargeAnswers(chargeFixture({ status: 'canceled' }));
    renderPix({ channel });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido cancelado' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: label })).toHaveAttribute('href', href);
  });

  it("an expired Pix offers the way back to the chat beside 'Gerar novo Pix'", async () => {
    chargeAnswers(chargeFixture({ status: 'expired' }));
    renderPix();
    expect(await screen.findByRole('button', { name: 'Gerar novo Pix' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/${SHOP_WHATSAPP}`,
    );
  });

  it('shows the same charge and the same countdown when the page is opened again (a reload)', async () => {
    // Made 2 minutes ago: 8 minutes left on the server's clock.
    const charge = chargeFixture({ serverNow: Date.now() - 2 * 60_000, now: new Date().toISOString() });
    chargeAnswers(charge);
    const first = renderPix();
    await copyButton();
    const code = (codeField() as HTMLTextAreaElement).value;
    expect(await screen.findByText(/^(08:0[01]|07:5\d)$/)).toBeInTheDocument();
    first.unmount();
    renderPix();
    await copyButton();
    expect(codeField()).toHaveValue(code);
    expect(await screen.findByText(/^(08:0[01]|07:5\d)$/)).toBeInTheDocument();
  });

  it('gives way to the finish page when the backend has no Pix charge', async () => {
    server.use(http.get(CHARGE_PATH, () => failure('Não encontrado.', 404)));
    renderPix();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido finalizado' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar código Pix' })).not.toBeInTheDocument();
  });

  it('shows the operator the charge’s status and sends the code to the contact', async () => {
    chargeAnswers(chargeFixture());
    let sent = 0;
    server.use(
      http.post(`${CHARGE_PATH}/send`, () => {
        sent += 1;
        return envelope(null);
      }),
    );
    renderPix({ platformUser: true });
    const panel = await screen.findByRole('region', { name: 'Status do Pix' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Status: Aguardando pagamento');
    expect(within(panel).getByText(/^R\$\s27,90$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar código Pix' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Enviar código Pix' }));
    await waitFor(() => expect(sent).toBe(1));
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the operator the server's message when the code cannot be sent", async () => {
    chargeAnswers(chargeFixture());
    server.use(http.post(`${CHARGE_PATH}/send`, () => failure('O contato não está mais na conversa.', 409)));
    renderPix({ platformUser: true });
    const panel = await screen.findByRole('region', { name: 'Status do Pix' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Enviar código Pix' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('O contato não está mais na conversa.');
  });

  it('shows the operator the payment as it arrives', async () => {
    const charge = chargeFixture();
    chargeAnswers(charge, { ...charge, status: 'paid' });
    renderPix({ platformUser: true });
    const panel = await screen.findByRole('region', { name: 'Status do Pix' });
    await waitFor(
      () => expect(within(panel).getByRole('status')).toHaveTextContent('Status: Pagamento recebido'),
      {
        timeout: 5000,
      },
    );
    expect(within(panel).queryByRole('button', { name: 'Enviar código Pix' })).not.toBeInTheDocument();
  });
});

describe('the BR Code kit', () => {
  it('builds codes whose fields read back', () => {
    expect(brCode({ amount: 27.9, txid: 'TX1' })).toContain('5917EMPORIO BOM PRECO');
  });
});
