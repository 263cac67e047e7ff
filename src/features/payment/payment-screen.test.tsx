import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { useEffect, useImperativeHandle } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreditCardOption } from '@/contract/checkout.ts';
import {
  Channel,
  FailureType,
  OrderState,
  PaymentMethod,
  PaymentProviderType,
  PaymentStatus,
  SessionType,
} from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { clearDraft, saveDraft } from '@/order/checkout-draft.ts';
import { sessionQuery } from '@/session/use-session.ts';
import type { CaptchaWidgetProps } from './components/captcha-modal.tsx';
import type { MercadoPagoBrickProps } from './components/mercado-pago-brick.tsx';
import { PaymentPage } from './payment-screen.tsx';

const USER_ID = 'cliente-cartao';
const WHATSAPP = '+55 (11) 94002-8922';
const APPROVED = '4111111111111111';

const CARD_OPTIONS: CreditCardOption[] = [
  {
    providerId: 'cartao-loja',
    name: 'Cartão da loja',
    installments: [
      { count: 1, value: 60.88 },
      { count: 2, value: 30.44 },
    ],
  },
];

/** An order paid by card on the shop's own page, its billing data prefilled from the customer. */
const cardOrder = (overrides: Partial<Order> = {}) =>
  orderFixture({
    status: OrderState.Creating,
    itemsAmout: 60.88,
    totalAmout: 60.88,
    payment: {
      method: PaymentMethod.CreditCard,
      providerType: PaymentProviderType.ShopProvider,
      status: PaymentStatus.Waiting,
    },
    customer: {
      name: 'Patrícia Lopes',
      document: '52998224725',
      address: {
        street: 'Avenida Paulista',
        number: '1578',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        zipCode: '01310200',
      },
    },
    ...overrides,
  });

const resetCaptcha = vi.fn();

/** Google's widget cannot load here: a button hands the modal a token. */
function FakeCaptcha({ siteKey, onToken, onReady, ref }: CaptchaWidgetProps) {
  useImperativeHandle(ref, () => ({ reset: resetCaptcha }), []);
  useEffect(() => onReady(), [onReady]);
  return (
    <button type="button" onClick={() => onToken('token-do-captcha')}>
      Resolver captcha {siteKey}
    </button>
  );
}

type Setup = {
  order: Order;
  settings?: ShopSettings;
  channelType?: Channel;
  Brick?: (props: MercadoPagoBrickProps) => React.JSX.Element;
};

function renderPage({
  order,
  settings = { whatsApp: WHATSAPP },
  channelType = Channel.WebChat,
  Brick,
}: Setup) {
  const leave = vi.fn();
  server.use(
    http.get('/api/order/current', () => envelope(order)),
    http.get('/api/order/payment/credit', () => envelope(CARD_OPTIONS)),
    http.post('/api/order/payment/credit/installments', () => envelope(order)),
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionQuery.queryKey, {
    session: { sessionType: SessionType.Contact, channelType, userShop: { id: USER_ID } },
    settings,
  });
  queryClient.setQueryData(currentOrderQuery.queryKey, order);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/order/payment']}>
        <Routes>
          <Route
            path="/order/payment"
            element={<PaymentPage leave={leave} Captcha={FakeCaptcha} {...(Brick ? { Brick } : {})} />}
          />
          <Route path="/finish" element={<h1>Página final</h1>} />
          <Route path="/change-payment" element={<h1>Página de troca</h1>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { leave, user: userEvent.setup() };
}

/** Fills the card (the billing address and CPF come prefilled) and submits it. */
async function payWith(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Número do cartão'), number);
  await user.type(screen.getByLabelText('Nome impresso no cartão'), 'TITULAR DE TESTE');
  await user.type(screen.getByLabelText('Validade'), '1230');
  await user.type(screen.getByLabelText('Código de segurança'), '123');
  await user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }));
}

/** POST /api/order/payment/credit answering each attempt in turn; returns the bodies it received. */
function cardPaymentAnswers(...answers: (() => Response)[]) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/order/payment/credit', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      const answer = answers[Math.min(bodies.length, answers.length) - 1];
      if (!answer) throw new Error('no answer');
      return answer();
    }),
  );
  return bodies;
}

const paid = () => envelope({ status: PaymentStatus.Paid, failureType: null, recaptchaKey: null });

function declined(
  failureType: FailureType | null,
  { recaptchaKey = null, status = PaymentStatus.Failed, httpStatus = 402, message = 'Recusado' } = {} as {
    recaptchaKey?: string | null;
    status?: PaymentStatus;
    httpStatus?: number;
    message?: string;
  },
) {
  return () =>
    HttpResponse.json(
      {
        success: false,
        data: { status, failureType, recaptchaKey },
        errors: [{ message, code: httpStatus, type: 'payment', status: httpStatus }],
      },
      { status: httpStatus },
    );
}

afterEach(() => {
  toast.remove();
  clearDraft(USER_ID);
  resetCaptcha.mockClear();
});

// The backend of these tests has no public profile (decision 0024's extension), unless a test says so.
beforeEach(() => {
  server.use(http.get('/api/shop/public-profile', () => failure('Não encontrado.', 404)));
});

describe('the card payment page', () => {
  it('shows the Pagamento heading and, once approved, goes to /finish', async () => {
    const bodies = cardPaymentAnswers(paid);
    const { user, leave } = renderPage({ order: cardOrder() });
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeInTheDocument();

    await payWith(user, APPROVED);

    expect(await screen.findByRole('heading', { name: 'Página final' })).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      providerId: 'cartao-loja',
      installments: 1,
      number: APPROVED,
      name: 'TITULAR DE TESTE',
      securityCode: '123',
      expiryMonth: '12',
      zipCode: '01310-200',
      // The total the page showed: a backend that knows the field refuses another (409).
      expectedTotal: 60.88,
    });
    expect(bodies[0]).not.toHaveProperty('recaptchaKey');
    expect(leave).not.toHaveBeenCalled();
  });

  it('once approved on the WhatsApp channel, goes back to the chat', async () => {
    cardPaymentAnswers(paid);
    const { user, leave } = renderPage({ order: cardOrder(), channelType: Channel.WhatsApp });

    await payWith(user, APPROVED);

    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://wa.me/5511940028922'));
    expect(screen.queryByRole('heading', { name: 'Página final' })).not.toBeInTheDocument();
  });

  it.each([
    ['Os dados do cartão são inválidos', declined(FailureType.InvalidData)],
    ['Limite de compras do cartão insuficiente', declined(FailureType.LimitExceeded)],
    ['Aconteceu um erro com seu pagamento', declined(FailureType.Unknown)],
  ])('a refused payment shows "%s" with both recovery choices', async (title, answer) => {
    cardPaymentAnswers(answer);
    const { user } = renderPage({ order: cardOrder() });

    await payWith(user, '4000000000000002');

    const modal = await screen.findByRole('alertdialog', { name: title });
    expect(
      within(modal).getByText(
        'Você pode alterar a forma de pagamento ou modificar os dados antes de tentar novamente',
      ),
    ).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Alterar forma de pagamento' })).toBeEnabled();
    expect(within(modal).getByRole('button', { name: 'Modificar dados' })).toBeEnabled();
  });

  it("'Alterar forma de pagamento' changes the method and goes to /change-payment", async () => {
    cardPaymentAnswers(declined(FailureType.LimitExceeded));
    let changed = 0;
    server.use(
      http.get('/api/order/payment/update', () => {
        changed += 1;
        return envelope({ status: PaymentStatus.Canceled });
      }),
    );
    const { user } = renderPage({ order: cardOrder() });
    await payWith(user, '4000000000009995');

    await user.click(await screen.findByRole('button', { name: 'Alterar forma de pagamento' }));

    expect(await screen.findByRole('heading', { name: 'Página de troca' })).toBeInTheDocument();
    expect(changed).toBe(1);
  });

  it("a failed change of method toasts 'Erro ao atualizar o método de pagamento' and keeps the modal", async () => {
    cardPaymentAnswers(declined(FailureType.InvalidData));
    server.use(http.get('/api/order/payment/update', () => failure('Conflito', 409)));
    const { user } = renderPage({ order: cardOrder() });
    await payWith(user, '4000000000000002');

    await user.click(await screen.findByRole('button', { name: 'Alterar forma de pagamento' }));

    expect(await screen.findByText('Erro ao atualizar o método de pagamento')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Os dados do cartão são inválidos' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Página de troca' })).not.toBeInTheDocument();
  });

  it("'Modificar dados' closes the modal and keeps what was typed but the security code", async () => {
    cardPaymentAnswers(declined(FailureType.InvalidData));
    const { user } = renderPage({ order: cardOrder() });
    await payWith(user, '4000000000000002');

    await user.click(await screen.findByRole('button', { name: 'Modificar dados' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const number = screen.getByLabelText('Número do cartão');
    expect(number).toHaveValue('4000 0000 0000 0002');
    expect(screen.getByLabelText('Nome impresso no cartão')).toHaveValue('TITULAR DE TESTE');
    expect(screen.getByLabelText('Validade')).toHaveValue('12/30');
    expect(screen.getByLabelText('Código de segurança')).toHaveValue('');
    await waitFor(() => expect(number).toHaveFocus());
  });

  it('a captcha request opens the captcha and retries with the same card plus the key and the token', async () => {
    const bodies = cardPaymentAnswers(
      declined(FailureType.ReCAPTCHA, { recaptchaKey: 'chave-do-site' }),
      paid,
    );
    const { user } = renderPage({ order: cardOrder() });
    await payWith(user, '4000000000000101');

    const captcha = await screen.findByRole('dialog', { name: 'Confirme que você não é um robô' });
    await user.click(within(captcha).getByRole('button', { name: 'Resolver captcha chave-do-site' }));

    expect(await screen.findByRole('heading', { name: 'Página final' })).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      ...bodies[0],
      recaptchaKey: 'chave-do-site',
      recaptchaToken: 'token-do-captcha',
    });
  });

  it('a captcha retry that fails again shows the ReCaptcha message in the failure modal', async () => {
    cardPaymentAnswers(
      declined(FailureType.ReCAPTCHA, { recaptchaKey: 'chave-do-site' }),
      declined(FailureType.ReCAPTCHA, { recaptchaKey: 'chave-do-site' }),
    );
    const { user } = renderPage({ order: cardOrder() });
    await payWith(user, '4000000000000101');

    await user.click(await screen.findByRole('button', { name: 'Resolver captcha chave-do-site' }));

    expect(
      await screen.findByRole('alertdialog', {
        name: 'Houve um problema na validação do ReCaptcha, por favor tente novamente',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirme que você não é um robô' })).not.toBeInTheDocument();
  });

  it("an order paid through a provider's payment link goes to that link", async () => {
    const link = 'https://pagamento.exemplo.com.br/pagar/42';
    const { leave } = renderPage({
      order: cardOrder({
        payment: {
          method: PaymentMethod.CreditCard,
          providerType: PaymentProviderType.PagBrasil,
          status: PaymentStatus.Waiting,
          link,
        },
      }),
    });

    expect(await screen.findByText('Redirecionando para o pagamento...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para a página de pagamento' })).toHaveAttribute('href', link);
    expect(leave).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledWith(link);
  });

  it("MercadoPago chooses the brick with the shop's public key and the order's amount", async () => {
    const seen: { publicKey: string; amount: number }[] = [];
    let sent: unknown;
    server.use(
      http.post('/api/order/payment/mercadoPago', async ({ request }) => {
        sent = await request.json();
        return paid();
      }),
    );
    function FakeBrick({ publicKey, amount, onSubmit }: MercadoPagoBrickProps) {
      seen.push({ publicKey, amount });
      return (
        <button
          type="button"
          onClick={() =>
            void onSubmit({
              token: 'APRO-token',
              payment_method_id: 'visa',
              installments: 1,
              transaction_amount: amount,
            })
          }
        >
          Pagar com Mercado Pago
        </button>
      );
    }
    const { user } = renderPage({
      order: cardOrder({
        payment: {
          method: PaymentMethod.CreditCard,
          providerType: PaymentProviderType.MercadoPago,
          status: PaymentStatus.Waiting,
        },
      }),
      settings: { payment: { type: 'mercadopago', publicKey: 'TEST-chave-publica' } },
      Brick: FakeBrick,
    });

    const brick = await screen.findByRole('button', { name: 'Pagar com Mercado Pago' });
    expect(screen.getByText(/Total do pedido/)).toHaveTextContent('Total do pedido: R$ 60,88');
    await user.click(brick);

    expect(seen[0]).toEqual({ publicKey: 'TEST-chave-publica', amount: 60.88 });
    expect(await screen.findByRole('heading', { name: 'Página final' })).toBeInTheDocument();
    expect(sent).toEqual({
      token: 'APRO-token',
      payment_method_id: 'visa',
      installments: 1,
      transaction_amount: 60.88,
      expectedTotal: 60.88,
    });
    expect(screen.queryByLabelText('Número do cartão')).not.toBeInTheDocument();
  });

  it("without a payment method says 'Método de pagamento não encontrado' with a way back to WhatsApp", async () => {
    renderPage({ order: cardOrder({ payment: null }), channelType: Channel.WhatsApp });

    expect(await screen.findByText('Método de pagamento não encontrado')).toBeInTheDocument();
    expect(screen.getByText('Volte para o WhatsApp para escolher a forma de pagamento.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5511940028922',
    );
    expect(screen.queryByLabelText('Número do cartão')).not.toBeInTheDocument();
  });

  it.each([
    [Channel.Messenger, 'o Messenger'],
    [Channel.Instagram, 'o Instagram'],
    [Channel.WebChat, 'o chat do site'],
  ])(
    "'Método de pagamento não encontrado' names the session's chat (channel %i: %s), with no WhatsApp link",
    async (channelType, chat) => {
      renderPage({ order: cardOrder({ payment: null }), channelType });

      expect(await screen.findByText('Método de pagamento não encontrado')).toBeInTheDocument();
      expect(screen.getByText(`Volte para ${chat} para escolher a forma de pagamento.`)).toBeInTheDocument();
      expect(screen.queryByText(/WhatsApp/)).not.toBeInTheDocument();
    },
  );

  it("shows the card form when the order has no payment yet but 'Cartão de Crédito' was chosen at checkout", async () => {
    saveDraft(USER_ID, { paymentMethod: PaymentMethod.CreditCard });
    renderPage({ order: cardOrder({ payment: null }) });

    expect(await screen.findByLabelText('Número do cartão')).toBeInTheDocument();
  });

  it("a method other than card says 'Método de pagamento não é cartão de crédito'", async () => {
    renderPage({
      order: cardOrder({ payment: { method: PaymentMethod.Pix, status: PaymentStatus.Waiting } }),
    });

    expect(await screen.findByText('Método de pagamento não é cartão de crédito')).toBeInTheDocument();
    expect(screen.queryByLabelText('Número do cartão')).not.toBeInTheDocument();
  });

  it('a payment refused as expired ends the form: the expiry is final, with no way to edit the card', async () => {
    cardPaymentAnswers(
      declined(null, {
        status: PaymentStatus.Expired,
        httpStatus: 409,
        message: 'O tempo para pagamento expirou',
      }),
    );
    const { user } = renderPage({ order: cardOrder(), channelType: Channel.Messenger });
    await payWith(user, APPROVED);

    expect(await screen.findByRole('alert')).toHaveTextContent('O tempo para pagamento expirou');
    // A backend without the shop's public profile: no way back to Messenger but closing the tab.
    expect(screen.queryByRole('link', { name: /Voltar/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Este pagamento não pode mais ser concluído e nada foi cobrado. Escolha outra forma de pagamento ou volte para o Messenger para falar com a loja.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modificar dados' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Número do cartão')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });

  it("a Messenger shopper's expired payment offers 'Voltar para o Messenger' when the shop's profile has its page", async () => {
    server.use(
      http.get('/api/shop/public-profile', () =>
        envelope({ slug: 'emporio-bom-preco', chat: { messenger: 'emporiobompreco' } }),
      ),
    );
    cardPaymentAnswers(
      declined(null, {
        status: PaymentStatus.Expired,
        httpStatus: 409,
        message: 'O tempo para pagamento expirou',
      }),
    );
    const { user } = renderPage({ order: cardOrder(), channelType: Channel.Messenger });
    await payWith(user, APPROVED);
    expect(await screen.findByRole('link', { name: 'Voltar para o Messenger' })).toHaveAttribute(
      'href',
      'https://m.me/emporiobompreco',
    );
  });

  it("an order whose payment expired (a reload) shows the expiry, 'Alterar forma de pagamento' and the way back to WhatsApp", async () => {
    let changed = 0;
    server.use(
      http.get('/api/order/payment/update', () => {
        changed += 1;
        return envelope({ status: PaymentStatus.Canceled });
      }),
    );
    const expired = cardOrder({
      payment: {
        method: PaymentMethod.CreditCard,
        providerType: PaymentProviderType.ShopProvider,
        status: PaymentStatus.Expired,
      },
    });
    const { user } = renderPage({ order: expired, channelType: Channel.WhatsApp });

    expect(await screen.findByText('O tempo para pagamento expirou')).toBeInTheDocument();
    expect(screen.queryByLabelText('Número do cartão')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5511940028922',
    );
    await user.click(screen.getByRole('button', { name: 'Alterar forma de pagamento' }));
    expect(await screen.findByRole('heading', { name: 'Página de troca' })).toBeInTheDocument();
    expect(changed).toBe(1);
  });

  it('installments refused because the payment expired end the form once the order says so', async () => {
    const expired = cardOrder({
      payment: {
        method: PaymentMethod.CreditCard,
        providerType: PaymentProviderType.ShopProvider,
        status: PaymentStatus.Expired,
      },
    });
    const { user } = renderPage({ order: cardOrder() });
    const installments = await screen.findByLabelText('Parcelas');
    // The window closes while the shopper is on the page.
    server.use(
      http.post('/api/order/payment/credit/installments', () =>
        failure('O tempo para pagamento expirou', 409),
      ),
      http.get('/api/order/current', () => envelope(expired)),
    );

    await user.selectOptions(installments, '2');

    expect(await screen.findByText(/Este pagamento não pode mais ser concluído/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Número do cartão')).not.toBeInTheDocument();
  });

  it('an order already paid goes to /finish', async () => {
    renderPage({
      order: cardOrder({
        status: OrderState.Received,
        payment: { method: PaymentMethod.CreditCard, status: PaymentStatus.Paid },
      }),
    });

    expect(await screen.findByRole('heading', { name: 'Página final' })).toBeInTheDocument();
  });
});

/** The card options for a total, as the sandbox computes them: 1x and 2x interest-free, 3x with interest. */
function plansFor(total: number): CreditCardOption[] {
  const cents = Math.round(total * 100);
  const half = [Math.ceil(cents / 2), Math.floor(cents / 2)].map((value) => value / 100);
  const third = Math.ceil((cents * 1.04) / 3) / 100;
  return [
    {
      providerId: 'cartao-loja',
      name: 'Cartão da loja',
      installments: [
        { count: 1, value: total, values: [total], total, interestFree: true },
        { count: 2, value: half[0], values: half, total, interestFree: true },
        // 3x only from R$ 100,00 (the minimum installment).
        ...(total >= 100
          ? [
              {
                count: 3,
                value: third,
                values: [third, third, third],
                total: Math.round(third * 300) / 100,
                interestFree: false,
              },
            ]
          : []),
      ],
    },
  ];
}

/**
 * The order as the server holds it, which the test changes (another tab, another device); the card
 * options follow its total. `optionsGate`, when set, holds the options' answer until it resolves.
 */
function changingOrder(first: Order) {
  const state: { order: Order; optionsGate?: Promise<void> } = { order: first };
  server.use(
    http.get('/api/order/current', () => envelope(state.order)),
    http.get('/api/order/payment/credit', async () => {
      const total = state.order.totalAmout ?? 0;
      await state.optionsGate;
      return envelope(plansFor(total));
    }),
    http.post('/api/order/payment/credit/installments', () => envelope(state.order)),
  );
  return state;
}

const header = () => screen.getByText(/Total do pedido/);
const bar = () =>
  screen.getByRole('button', { name: /Finalizar pagamento|Atualizando pedido/ }).parentElement as HTMLElement;
const labels = () =>
  within(screen.getByLabelText('Parcelas'))
    .getAllByRole('option')
    .map((option) => option.textContent);

function totalChanged(newTotal: number) {
  return () =>
    HttpResponse.json(
      {
        success: false,
        data: { totalAmout: newTotal },
        errors: [
          {
            message: 'O total do pedido mudou. Confira e tente de novo.',
            code: 409,
            type: 'total_changed',
            status: 409,
          },
        ],
      },
      { status: 409 },
    );
}

describe('the card payment page when the order changes behind it (issue 34)', () => {
  it('another tab adds items: the header, the bar and the plans show the new total together; the pay button waits meanwhile', async () => {
    const { user } = renderPage({ order: cardOrder() });
    const held = changingOrder(cardOrder());
    await user.selectOptions(await screen.findByLabelText('Parcelas'), '2');
    expect(header()).toHaveTextContent('Total do pedido: R$ 60,88');
    expect(bar()).toHaveTextContent('Total R$ 60,88');

    let release = () => {};
    held.optionsGate = new Promise((resolve) => {
      release = resolve;
    });
    held.order = cardOrder({ itemsAmout: 121.76, totalAmout: 121.76 });
    // The shopper comes back to this tab.
    window.dispatchEvent(new Event('focus'));

    // While the new plans are read: the previous total with its own plans, and no paying.
    const waiting = await screen.findByRole('button', { name: 'Atualizando pedido' });
    expect(waiting).toBeDisabled();
    expect(header()).toHaveTextContent('Total do pedido: R$ 60,88');
    expect(labels()).toEqual(['1x de R$\u00A060,88 sem juros', '2x de R$\u00A030,44 sem juros']);
    expect(await axeViolations(document.body)).toEqual([]);

    release();
    expect(await screen.findByRole('button', { name: 'Finalizar pagamento' })).toBeEnabled();
    expect(header()).toHaveTextContent('Total do pedido: R$ 121,76');
    expect(bar()).toHaveTextContent('Total R$ 121,76');
    expect(labels()).toEqual([
      '1x de R$\u00A0121,76 sem juros',
      '2x de R$\u00A060,88 sem juros',
      '3x de R$\u00A042,22 com juros (total R$\u00A0126,66)',
    ]);
    // The 2x chosen before is still offered: still chosen.
    expect(screen.getByLabelText('Parcelas')).toHaveValue('2');

    const bodies = cardPaymentAnswers(paid);
    await payWith(user, APPROVED);
    expect(await screen.findByRole('heading', { name: 'Página final' })).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ installments: 2, expectedTotal: 121.76 });
  });

  it('a lower total without the chosen installments chooses 1x, on the server too, and says so', async () => {
    const big = cardOrder({ itemsAmout: 121.76, totalAmout: 121.76 });
    const { user } = renderPage({ order: big });
    const held = changingOrder(big);
    const chosen: unknown[] = [];
    await user.selectOptions(await screen.findByLabelText('Parcelas'), '3');
    expect(bar()).toHaveTextContent('Total R$ 126,66');
    serverRecordsInstallments(chosen, held);

    held.order = cardOrder();
    window.dispatchEvent(new Event('focus'));

    expect(
      await screen.findByText(
        'O total do pedido mudou e as parcelas escolhidas não estão mais disponíveis. Confira as parcelas.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Parcelas')).toHaveValue('1');
    expect(header()).toHaveTextContent('Total do pedido: R$ 60,88');
    expect(bar()).toHaveTextContent('Total R$ 60,88');
    await waitFor(() => expect(chosen).toEqual([{ providerId: 'cartao-loja', installments: 1 }]));
  });

  it("a payment refused as 'total_changed' charges nothing, shows the new total and asks again", async () => {
    const { user } = renderPage({ order: cardOrder() });
    const held = changingOrder(cardOrder());
    const bodies = cardPaymentAnswers(() => {
      held.order = cardOrder({ itemsAmout: 121.76, totalAmout: 121.76 });
      return totalChanged(121.76)();
    }, paid);
    await payWith(user, APPROVED);

    const modal = await screen.findByRole('alertdialog', {
      name: 'O total do pedido mudou. Confira e tente de novo.',
    });
    expect(within(modal).getByText('Novo total: R$ 121,76')).toBeInTheDocument();
    expect(await axeViolations(document.body)).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Página final' })).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Modificar dados' }));
    await waitFor(() => expect(header()).toHaveTextContent('Total do pedido: R$ 121,76'));
    expect(bar()).toHaveTextContent('Total R$ 121,76');

    await user.type(screen.getByLabelText('Código de segurança'), '123');
    await user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }));
    expect(await screen.findByRole('heading', { name: 'Página final' })).toBeInTheDocument();
    expect(bodies.map((body) => body.expectedTotal)).toEqual([60.88, 121.76]);
  });

  it("a payment answered 'Este pedido já foi pago.' (paid in another tab) says so and goes to /finish", async () => {
    cardPaymentAnswers(declined(null, { httpStatus: 409, message: 'Este pedido já foi pago.' }));
    const { user } = renderPage({ order: cardOrder() });
    await payWith(user, APPROVED);

    expect(await screen.findByRole('heading', { name: 'Página final' })).toBeInTheDocument();
    expect(screen.getByText('Este pedido já foi pago.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("on WhatsApp, a payment answered 'Este pedido já foi pago.' goes back to the chat, as a success does", async () => {
    cardPaymentAnswers(declined(null, { httpStatus: 409, message: 'Este pedido já foi pago.' }));
    const { user, leave } = renderPage({ order: cardOrder(), channelType: Channel.WhatsApp });
    await payWith(user, APPROVED);

    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://wa.me/5511940028922'));
    expect(screen.getAllByText('Este pedido já foi pago.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Modificar dados' })).not.toBeInTheDocument();
  });

  it("an order read again as paid (another tab paid it) says 'Este pedido já foi pago.' and goes to /finish", async () => {
    const { user } = renderPage({ order: cardOrder() });
    const held = changingOrder(cardOrder());
    await user.type(await screen.findByLabelText('Número do cartão'), APPROVED);

    held.order = cardOrder({
      payment: { method: PaymentMethod.CreditCard, status: PaymentStatus.Paid },
    });
    window.dispatchEvent(new Event('focus'));

    expect(await screen.findByRole('heading', { name: 'Página final' })).toBeInTheDocument();
    expect(screen.getByText('Este pedido já foi pago.')).toBeInTheDocument();
  });
});

/** Records the installments choices sent from now on (the server answers its order). */
function serverRecordsInstallments(chosen: unknown[], state: { order: Order }) {
  server.use(
    http.post('/api/order/payment/credit/installments', async ({ request }) => {
      chosen.push(await request.json());
      return envelope(state.order);
    }),
  );
}
