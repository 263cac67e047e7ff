import { describe, expect, it } from 'vitest';
import type { PaymentOption } from '@/contract/checkout.ts';
import { PaymentMethod, RecurrenceType } from '@/contract/enums.ts';
import type { OrderItem } from '@/contract/order.ts';
import {
  CASH_AMOUNT_MESSAGE,
  cashAmountError,
  finishLabel,
  INVALID_LINK_MESSAGE,
  isCashGroup,
  manualPaymentError,
  onDeliveryGroups,
  onDeliveryOptionsOf,
  PAYMENT_METHOD_LABELS,
  type VisiblePaymentMethodsInput,
  visiblePaymentMethods,
} from './payment-methods.ts';

const item: OrderItem = { index: 0, providerId: 'p1', quantity: 1 };
const subscriptionItem: OrderItem = {
  index: 1,
  providerId: 'p2',
  quantity: 1,
  subscription: { recurrence: { type: RecurrenceType.Monthly, frequency: 1 } },
};
const allEnabled = {
  items: [item],
  enableCreditPayment: true,
  enablePixPayment: true,
  enableNubankPayment: true,
  enableLinkPayment: true,
  enableBoletoPayment: true,
};
const custom: PaymentOption = { method: PaymentMethod.Custom, name: 'Fiado', providerId: 'custom-1' };
const cash: PaymentOption = {
  method: PaymentMethod.OnDelivery,
  name: 'Dinheiro',
  group: 'Dinheiro',
  payOnDelivery: true,
};
const debitVisa: PaymentOption = {
  name: 'Visa Débito',
  group: 'Débito',
  providerId: 'dv',
  payOnDelivery: true,
};
const debitElo: PaymentOption = {
  name: 'Elo Débito',
  group: 'Débito',
  providerId: 'de',
  payOnDelivery: true,
};
const creditVisa: PaymentOption = {
  name: 'Visa Crédito',
  group: 'Crédito',
  providerId: 'cv',
  payOnDelivery: true,
};
const online: PaymentOption = { method: PaymentMethod.Pix, name: 'Pix', group: 'Online', providerId: 'px' };

const methodsOf = (input: Partial<VisiblePaymentMethodsInput>) =>
  visiblePaymentMethods({ order: allEnabled, settings: {}, paymentOptions: [], ...input }).map(
    (entry) => entry.method,
  );

describe('visiblePaymentMethods', () => {
  it("lists the order's enabled methods in the spec's order 0, 3, 8, 6, 1 with their labels", () => {
    expect(visiblePaymentMethods({ order: allEnabled, settings: {}, paymentOptions: [] })).toEqual([
      { method: 0, label: 'Cartão de Crédito' },
      { method: 3, label: 'PIX' },
      { method: 8, label: 'Nubank' },
      { method: 6, label: 'Link' },
      { method: 1, label: 'Boleto' },
    ]);
  });
  it('lists nothing when the order enables nothing and no option pays on delivery', () => {
    expect(methodsOf({ order: { items: [item] } })).toEqual([]);
  });
  it.each([
    ['enableCreditPayment', PaymentMethod.CreditCard],
    ['enablePixPayment', PaymentMethod.Pix],
    ['enableNubankPayment', PaymentMethod.Nubank],
    ['enableLinkPayment', PaymentMethod.Link],
    ['enableBoletoPayment', PaymentMethod.Boleto],
  ] as const)('shows a method only when the order has %s', (flag, method) => {
    expect(methodsOf({ order: { items: [item], [flag]: true } })).toEqual([method]);
    expect(methodsOf({ order: { ...allEnabled, [flag]: false } })).not.toContain(method);
  });
  it('hides PIX and Boleto when any item is a subscription', () => {
    expect(methodsOf({ order: { ...allEnabled, items: [item, subscriptionItem] } })).toEqual([
      PaymentMethod.CreditCard,
      PaymentMethod.Nubank,
      PaymentMethod.Link,
    ]);
  });
  it('shows the custom method in manual payment mode, labelled with its name', () => {
    const methods = visiblePaymentMethods({
      order: { items: [item] },
      settings: { payment: { type: 'manual' } },
      paymentOptions: [custom],
    });
    expect(methods).toEqual([{ method: PaymentMethod.Custom, label: 'Fiado', optionId: 'custom-1' }]);
  });
  it('hides the custom method outside manual payment mode', () => {
    expect(methodsOf({ settings: { payment: { type: 'pagarme' } }, paymentOptions: [custom] })).not.toContain(
      PaymentMethod.Custom,
    );
    expect(methodsOf({ settings: {}, paymentOptions: [custom] })).not.toContain(PaymentMethod.Custom);
  });
  it('hides the custom method in manual mode without a custom option', () => {
    expect(methodsOf({ settings: { payment: { type: 'manual' } }, paymentOptions: [cash] })).not.toContain(
      PaymentMethod.Custom,
    );
  });
  it('shows pay on delivery last when any option has payOnDelivery', () => {
    const methods = visiblePaymentMethods({
      order: allEnabled,
      settings: { payment: { type: 'manual' } },
      paymentOptions: [online, custom, debitVisa],
    });
    expect(methods.map((entry) => entry.method)).toEqual([0, 3, 8, 6, 1, 7, 5]);
    expect(methods.at(-1)).toEqual({ method: PaymentMethod.OnDelivery, label: 'Pagar na entrega' });
  });
  it('hides pay on delivery when no option has payOnDelivery or the options are not loaded', () => {
    expect(methodsOf({ paymentOptions: [online] })).not.toContain(PaymentMethod.OnDelivery);
    expect(methodsOf({ paymentOptions: undefined })).not.toContain(PaymentMethod.OnDelivery);
  });
  it('labels every listed method', () => {
    expect(PAYMENT_METHOD_LABELS).toEqual({
      0: 'Cartão de Crédito',
      3: 'PIX',
      8: 'Nubank',
      6: 'Link',
      1: 'Boleto',
      5: 'Pagar na entrega',
    });
  });
});

describe('pay on delivery', () => {
  const options = [online, debitVisa, cash, creditVisa, debitElo];
  it('lists each on-delivery group once, in order, leaving out other options', () => {
    expect(onDeliveryGroups(options)).toEqual(['Débito', 'Dinheiro', 'Crédito']);
    expect(onDeliveryGroups(undefined)).toEqual([]);
  });
  it("lists a group's means of payment", () => {
    expect(onDeliveryOptionsOf(options, 'Débito')).toEqual([debitVisa, debitElo]);
    expect(onDeliveryOptionsOf(options, 'Online')).toEqual([]);
    expect(onDeliveryOptionsOf(options, undefined)).toEqual([]);
  });
  it("treats only 'Dinheiro' as cash", () => {
    expect(isCashGroup('Dinheiro')).toBe(true);
    expect(isCashGroup('Débito')).toBe(false);
    expect(isCashGroup(undefined)).toBe(false);
  });
  it('accepts cash equal to or above the order total', () => {
    expect(cashAmountError(50, 50)).toBeUndefined();
    expect(cashAmountError(100, 50)).toBeUndefined();
  });
  it('refuses cash below the total or missing with the spec message', () => {
    expect(cashAmountError(49.99, 50)).toBe(CASH_AMOUNT_MESSAGE);
    expect(cashAmountError(undefined, 50)).toBe('O valor deve ser maior ou igual ao valor do pedido!');
  });
});

describe('finishLabel', () => {
  it.each([
    [PaymentMethod.CreditCard, 'Finalizar e enviar Cartão de Crédito'],
    [PaymentMethod.Link, 'Finalizar e enviar Link'],
    [PaymentMethod.Pix, 'Finalizar e enviar PIX'],
    [PaymentMethod.Nubank, 'Finalizar e enviar Nubank'],
    [PaymentMethod.Boleto, 'Finalizar e enviar Boleto'],
    [PaymentMethod.OnDelivery, 'Finalizar e enviar pedido'],
    [PaymentMethod.Custom, 'Finalizar e enviar pedido'],
    [undefined, 'Finalizar e enviar pedido'],
  ])('labels method %s as %j', (method, label) => {
    expect(finishLabel({ method, settings: {} })).toBe(label);
  });
  it("says 'Receber pedido' when the shop does not charge orders", () => {
    expect(finishLabel({ method: PaymentMethod.Pix, settings: { disableChargeOrders: true } })).toBe(
      'Receber pedido',
    );
    expect(finishLabel({ method: undefined, settings: { disableChargeOrders: true } })).toBe(
      'Receber pedido',
    );
  });
});

describe('manualPaymentError', () => {
  it.each(['https://pag.ae/abc', 'http://link.exemplo.com/pagar?id=1', ' https://pag.ae/x '])(
    'accepts the card link %j',
    (link) => {
      expect(manualPaymentError(PaymentMethod.CreditCard, link)).toBeUndefined();
    },
  );
  it.each([
    'pag.ae/abc',
    'ftp://exemplo.com/x',
    'javascript:alert(1)',
    'https://',
    'https://a b.com',
    'link',
  ])("refuses the card link %j with 'Insira um link válido'", (link) => {
    expect(manualPaymentError(PaymentMethod.CreditCard, link)).toBe(INVALID_LINK_MESSAGE);
    expect(INVALID_LINK_MESSAGE).toBe('Insira um link válido');
  });
  it('has no error for an empty field (it is only incomplete)', () => {
    expect(manualPaymentError(PaymentMethod.CreditCard, '')).toBeUndefined();
    expect(manualPaymentError(PaymentMethod.Pix, '')).toBeUndefined();
    expect(manualPaymentError(PaymentMethod.Custom, undefined)).toBeUndefined();
  });
  it('accepts any PIX key or custom text', () => {
    expect(manualPaymentError(PaymentMethod.Pix, 'ana@exemplo.com')).toBeUndefined();
    expect(manualPaymentError(PaymentMethod.Custom, 'Fiado')).toBeUndefined();
  });
});
