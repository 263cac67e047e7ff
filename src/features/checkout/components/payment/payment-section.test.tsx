import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { http } from 'msw';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { CheckoutFormValues, PaymentOption } from '@/contract/checkout.ts';
import { PaymentMethod, SessionType } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { type CheckoutScreen, checkoutSections } from '../../lib/checkout-sections.ts';
import { PaymentSection } from './payment-section.tsx';

/** The sandbox seed's on-delivery options (server/sandbox/seed/checkout.ts). */
const onDelivery: PaymentOption[] = [
  { method: 5, name: 'Dinheiro', group: 'Dinheiro', providerId: 'dinheiro', payOnDelivery: true },
  {
    method: 5,
    name: 'Crédito na entrega',
    group: 'Cartão na entrega',
    providerId: 'maquininha-credito',
    payOnDelivery: true,
  },
  {
    method: 5,
    name: 'Débito na entrega',
    group: 'Cartão na entrega',
    providerId: 'maquininha-debito',
    payOnDelivery: true,
  },
];
/** The manual-payment scenario's own method. */
const transfer: PaymentOption = {
  method: 7,
  name: 'Transferência bancária',
  providerId: 'transferencia-bancaria',
  payOnDelivery: false,
};
const manual: ShopSettings = { payment: { type: 'manual' } };

const allEnabled: Partial<Order> = {
  items: [{ index: 0, providerId: 'arroz', quantity: 1, unitPrice: 50, totalAmout: 50 }],
  totalAmout: 50,
  enableCreditPayment: true,
  enablePixPayment: true,
  enableNubankPayment: true,
  enableLinkPayment: true,
  enableBoletoPayment: true,
};

function screenFor(order: Order, settings: ShopSettings): CheckoutScreen {
  return {
    order,
    settings,
    isPlatformUser: true,
    session: { sessionType: SessionType.PlatformUser, userShop: { id: 'user-shop-1' } },
    sections: checkoutSections({ order, settings, isPlatformUser: true, priceTableCount: 0 }),
  };
}

type Setup = {
  order?: Partial<Order>;
  settings?: ShopSettings;
  options?: PaymentOption[] | 'fail';
  pixKey?: string;
  values?: CheckoutFormValues;
};

function renderPayment({
  order = allEnabled,
  settings = {},
  options = onDelivery,
  pixKey,
  values = {},
}: Setup) {
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/order/payments/', () => (options === 'fail' ? failure('erro') : envelope(options))),
    http.post('/api/order/pix/manual', () => envelope(pixKey ?? null)),
    http.post('/api/order/payment/delivery', async ({ request }) => {
      const body = (await request.json()) as { cashAmount?: number };
      bodies.push(body);
      return envelope(orderFixture({ ...order, payment: { method: PaymentMethod.OnDelivery } }));
    }),
  );
  const fullOrder = orderFixture(order);
  const queryClient = seededQueryClient({ settings, order: fullOrder, platformUser: true });
  const form: { current?: UseFormReturn<CheckoutFormValues> } = {};
  function Harness() {
    const methods = useForm<CheckoutFormValues>({ defaultValues: values });
    form.current = methods;
    return (
      <FormProvider {...methods}>
        <PaymentSection ctx={screenFor(fullOrder, settings)} />
      </FormProvider>
    );
  }
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  const formValue = <K extends keyof CheckoutFormValues>(name: K) => form.current?.getValues(name);
  return { ...view, bodies, formValue };
}

const methodSelect = () => screen.getByRole('combobox', { name: 'Forma de pagamento' });
const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .filter((option) => !(option as HTMLOptionElement).disabled)
    .map((option) => option.textContent);

describe('PaymentSection', () => {
  it('lists the methods the order enables, in the spec’s order, with pay on delivery from the options (axe clean)', async () => {
    const { container } = renderPayment({});
    await waitFor(() => expect(optionNames(methodSelect())).toContain('Pagar na entrega'));
    expect(optionNames(methodSelect())).toEqual([
      'Cartão de Crédito',
      'PIX',
      'Nubank',
      'Link',
      'Boleto',
      'Pagar na entrega',
    ]);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('hides PIX and Boleto for a subscription, disabled methods, and pay on delivery without such options', async () => {
    renderPayment({
      order: {
        ...allEnabled,
        enableNubankPayment: false,
        items: [
          {
            index: 0,
            providerId: 'cafe',
            quantity: 1,
            subscription: { recurrence: { type: 20, frequency: 1 } },
          },
        ],
      },
      options: [],
    });
    await waitFor(() => expect(optionNames(methodSelect())).toEqual(['Cartão de Crédito', 'Link']));
  });

  it('renders nothing for an order without items', () => {
    const { container } = renderPayment({ order: { ...allEnabled, items: [] } });
    expect(container).toBeEmptyDOMElement();
  });

  it('warns when the payment options cannot be loaded', async () => {
    renderPayment({ options: 'fail' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Falha ao carregar opções de pagamento');
    expect(optionNames(methodSelect())).toEqual(['Cartão de Crédito', 'PIX', 'Nubank', 'Link', 'Boleto']);
  });

  it('manual mode: PIX shows the ‘Chave PIX’ field prefilled with the shop’s key', async () => {
    const { formValue } = renderPayment({ settings: manual, pixKey: 'pix@emporiobompreco.com.br' });
    await userEvent.selectOptions(methodSelect(), 'PIX');
    const key = screen.getByLabelText('Chave PIX');
    await waitFor(() => expect(key).toHaveValue('pix@emporiobompreco.com.br'));
    expect(formValue('paymentMethod')).toBe(PaymentMethod.Pix);
    expect(formValue('manualPaymentOption')).toBe('pix@emporiobompreco.com.br');
  });

  it('manual mode: a card link that is not a URL reads ‘Insira um link válido’', async () => {
    renderPayment({ settings: manual });
    await userEvent.selectOptions(methodSelect(), 'Cartão de Crédito');
    const card = screen.getByLabelText('Cartão');
    await userEvent.type(card, 'pagamento da loja');
    expect(screen.getByRole('alert')).toHaveTextContent('Insira um link válido');
    expect(card).toHaveAttribute('aria-invalid', 'true');
    expect(card).toHaveAccessibleDescription('Insira um link válido');

    await userEvent.clear(card);
    await userEvent.type(card, 'https://pagar.exemplo.com/abc');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(card).toHaveAttribute('aria-invalid', 'false');
  });

  it('manual mode: the custom method shows its name, which becomes the manual payment text', async () => {
    const { formValue } = renderPayment({ settings: manual, options: [...onDelivery, transfer] });
    await waitFor(() => expect(optionNames(methodSelect())).toContain('Transferência bancária'));
    await userEvent.selectOptions(methodSelect(), 'Transferência bancária');
    expect(screen.getByText('Transferência bancária', { selector: 'p' })).toBeInTheDocument();
    expect(formValue('paymentMethod')).toBe(PaymentMethod.Custom);
    expect(formValue('manualPaymentOption')).toBe('Transferência bancária');
  });

  it('pay on delivery in cash: below the total reads the spec’s message and sends nothing; enough cash is sent', async () => {
    const { bodies, formValue } = renderPayment({});
    await waitFor(() => expect(optionNames(methodSelect())).toContain('Pagar na entrega'));
    await userEvent.selectOptions(methodSelect(), 'Pagar na entrega');
    const group = screen.getByRole('combobox', { name: 'Tipo de pagamento' });
    expect(optionNames(group)).toEqual(['Dinheiro', 'Cartão na entrega']);
    await userEvent.selectOptions(group, 'Dinheiro');

    const cash = screen.getByLabelText('Valor em espécie');
    await userEvent.type(cash, '10');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'O valor deve ser maior ou igual ao valor do pedido!',
    );
    expect(cash).toHaveAccessibleDescription('O valor deve ser maior ou igual ao valor do pedido!');
    expect(bodies).toEqual([]);

    await userEvent.clear(cash);
    await userEvent.type(cash, '100,00');
    await userEvent.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(bodies).toEqual([{ type: 'Dinheiro', providerId: 'dinheiro', cashAmount: 100 }]),
    );
    expect(formValue('cashAmount')).toBe(100);
    expect(formValue('paymentOptionGroup')).toBe('Dinheiro');
  });

  it('pay on delivery by card: the means select holds only the group’s options and the choice is sent', async () => {
    const { bodies, formValue } = renderPayment({});
    await waitFor(() => expect(optionNames(methodSelect())).toContain('Pagar na entrega'));
    await userEvent.selectOptions(methodSelect(), 'Pagar na entrega');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Tipo de pagamento' }),
      'Cartão na entrega',
    );
    expect(screen.queryByLabelText('Valor em espécie')).not.toBeInTheDocument();
    const means = screen.getByRole('combobox', { name: 'Meio de pagamento' });
    expect(optionNames(means)).toEqual(['Crédito na entrega', 'Débito na entrega']);

    await userEvent.selectOptions(means, 'Débito na entrega');
    await waitFor(() =>
      expect(bodies).toEqual([{ type: 'Cartão na entrega', providerId: 'maquininha-debito' }]),
    );
    expect(formValue('paymentOptionId')).toBe('maquininha-debito');
  });

  it('shows the server’s message under the means select when the choice is refused', async () => {
    renderPayment({});
    server.use(
      http.post('/api/order/payment/delivery', () =>
        failure('Esta loja não aceita pagamento na entrega.', 400),
      ),
    );
    await waitFor(() => expect(optionNames(methodSelect())).toContain('Pagar na entrega'));
    await userEvent.selectOptions(methodSelect(), 'Pagar na entrega');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Tipo de pagamento' }),
      'Cartão na entrega',
    );
    const means = screen.getByRole('combobox', { name: 'Meio de pagamento' });
    await userEvent.selectOptions(means, 'Crédito na entrega');
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta loja não aceita pagamento na entrega.');
    expect(means).toHaveAttribute('aria-invalid', 'true');
  });

  it('changing the method clears the on-delivery choices', async () => {
    const { formValue } = renderPayment({
      values: { paymentMethod: 5, paymentOptionGroup: 'Dinheiro', cashAmount: 80 },
    });
    await waitFor(() => expect(screen.getByLabelText('Valor em espécie')).toHaveValue('80,00'));
    await userEvent.selectOptions(methodSelect(), 'PIX');
    expect(formValue('paymentMethod')).toBe(PaymentMethod.Pix);
    expect(formValue('paymentOptionGroup')).toBeUndefined();
    expect(formValue('cashAmount')).toBeUndefined();
    expect(screen.queryByLabelText('Tipo de pagamento')).not.toBeInTheDocument();
  });

  it('manual mode: a card link or a Pix key over 2000 characters says ‘Use no máximo 2000 caracteres.’ under the field, uncut', async () => {
    const { formValue } = renderPayment({ settings: manual });
    await userEvent.selectOptions(methodSelect(), 'Cartão de Crédito');
    const link = `https://pagar.exemplo.com/${'a'.repeat(2100)}`;
    await userEvent.click(screen.getByLabelText('Cartão'));
    await userEvent.paste(link);
    expect(screen.getByLabelText('Cartão')).toHaveAccessibleDescription('Use no máximo 2000 caracteres.');
    expect(formValue('manualPaymentOption')).toBe(link);

    await userEvent.selectOptions(methodSelect(), 'PIX');
    await userEvent.click(screen.getByLabelText('Chave PIX'));
    await userEvent.paste('k'.repeat(2001));
    expect(screen.getByLabelText('Chave PIX')).toHaveAccessibleDescription('Use no máximo 2000 caracteres.');
    expect(screen.getByLabelText('Chave PIX')).toHaveAttribute('aria-invalid', 'true');
  });

  it('pay on delivery in cash: the change due reads ‘Troco: R$ 29,22’ under the field; none for the exact amount (axe clean)', async () => {
    const { container } = renderPayment({ order: { ...allEnabled, totalAmout: 70.78 } });
    await waitFor(() => expect(optionNames(methodSelect())).toContain('Pagar na entrega'));
    await userEvent.selectOptions(methodSelect(), 'Pagar na entrega');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo de pagamento' }), 'Dinheiro');
    const cash = screen.getByLabelText('Valor em espécie');
    await userEvent.type(cash, '100');
    expect(cash).toHaveAccessibleDescription('Troco: R$\u00A029,22');
    expect(screen.getByText('Troco: R$ 29,22')).toBeVisible();
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.clear(cash);
    await userEvent.type(cash, '70,78');
    expect(screen.queryByText(/Troco/)).not.toBeInTheDocument();
  });

  it('pay on delivery in cash: an amount over R$ 100.000.000,00 is no amount the field takes', async () => {
    const { formValue } = renderPayment({});
    await waitFor(() => expect(optionNames(methodSelect())).toContain('Pagar na entrega'));
    await userEvent.selectOptions(methodSelect(), 'Pagar na entrega');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo de pagamento' }), 'Dinheiro');
    const cash = screen.getByLabelText('Valor em espécie');
    expect(cash).toHaveAttribute('maxlength', '20');
    await userEvent.type(cash, '100000001');
    expect(cash).toHaveAccessibleDescription('Informe o valor em reais, por exemplo 50,00');
    expect(formValue('cashAmount')).toBeUndefined();
  });
});
