import { orderFixture } from '@tests/msw.ts';
import { describe, expect, it } from 'vitest';
import {
  FailureType,
  OrderState,
  PaymentMethod,
  PaymentProviderType,
  PaymentStatus,
} from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { failureTitle, paymentView, safeLink } from './payment-view.ts';

const order = (overrides: Partial<Order>) =>
  orderFixture({ id: '1', status: OrderState.Creating, ...overrides });
const card = { method: PaymentMethod.CreditCard, status: PaymentStatus.Waiting };

describe('paymentView', () => {
  it('sends paid and closed orders to /finish', () => {
    expect(paymentView(order({ payment: { ...card, status: PaymentStatus.Paid } }), {}, undefined).kind).toBe(
      'finished',
    );
    expect(paymentView(order({ status: OrderState.Canceled, payment: card }), {}, undefined).kind).toBe(
      'finished',
    );
  });

  it('reads the method from the payment, else from the checkout draft; a canceled payment is none', () => {
    expect(paymentView(order({}), {}, undefined).kind).toBe('no-method');
    expect(paymentView(order({}), {}, PaymentMethod.CreditCard).kind).toBe('card');
    expect(paymentView(order({}), {}, PaymentMethod.Pix).kind).toBe('not-card');
    expect(
      paymentView(
        order({ payment: { ...card, status: PaymentStatus.Canceled } }),
        {},
        PaymentMethod.CreditCard,
      ).kind,
    ).toBe('no-method');
  });

  it('an expired payment is a final state, for the card page, the brick and a payment link alike', () => {
    const expired = { ...card, status: PaymentStatus.Expired };
    const link = 'https://pagamento.exemplo.com.br/pagar/1';
    for (const payment of [
      expired,
      { ...expired, providerType: PaymentProviderType.MercadoPago },
      { ...expired, providerType: PaymentProviderType.PagBrasil, link },
    ]) {
      expect(paymentView(order({ payment }), {}, PaymentMethod.CreditCard).kind).toBe('expired');
    }
  });

  it('follows a safe payment link of another provider, and picks Mercado Pago without one', () => {
    const link = 'https://pagamento.exemplo.com.br/pagar/1';
    expect(
      paymentView(
        order({ payment: { ...card, providerType: PaymentProviderType.PagBrasil, link } }),
        {},
        undefined,
      ),
    ).toEqual({ kind: 'link', url: link });
    expect(
      paymentView(
        order({ payment: { ...card, providerType: PaymentProviderType.ShopProvider, link } }),
        {},
        undefined,
      ).kind,
    ).toBe('card');
    expect(
      paymentView(
        order({ payment: { ...card, providerType: PaymentProviderType.MercadoPago } }),
        {},
        undefined,
      ).kind,
    ).toBe('mercado-pago');
    expect(paymentView(order({}), { payment: { type: 'mercadopago' } }, PaymentMethod.CreditCard).kind).toBe(
      'mercado-pago',
    );
  });

  it('never follows a link that is not http(s)', () => {
    expect(safeLink('javascript:alert(1)')).toBeUndefined();
    expect(safeLink('not a url')).toBeUndefined();
  });
});

describe('failureTitle', () => {
  it("uses the spec's message per failure, else the server's", () => {
    const title = (result: object, message = 'Servidor', captchaRetry = false) =>
      failureTitle({ message, result }, { captchaRetry });
    expect(title({ status: PaymentStatus.Expired })).toBe('O tempo para pagamento expirou');
    expect(title({ failureType: FailureType.InvalidData })).toBe('Os dados do cartão são inválidos');
    expect(title({ failureType: FailureType.LimitExceeded })).toBe(
      'Limite de compras do cartão insuficiente',
    );
    expect(title({ failureType: FailureType.Unknown })).toBe('Aconteceu um erro com seu pagamento');
    expect(title({ failureType: FailureType.ReCAPTCHA })).toBe(
      'Houve um problema na validação do ReCaptcha, por favor tente novamente',
    );
    expect(title({}, 'O CPF ou CNPJ do titular do cartão é inválido.')).toBe(
      'O CPF ou CNPJ do titular do cartão é inválido.',
    );
  });
});
