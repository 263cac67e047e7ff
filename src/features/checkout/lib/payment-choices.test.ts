import { describe, expect, it } from 'vitest';
import { PaymentMethod } from '@/contract/enums.ts';
import { switchPayment } from './payment-choices.ts';

const heldOnDelivery = {
  payment: { method: PaymentMethod.OnDelivery, onDelivery: { group: 'Dinheiro', cashAmount: 100 } },
};
const heldNothing = {};

describe('a switch of payment method', () => {
  it('from Pagar na entrega with cash to Cartão de Crédito drops the cash and clears the order', () => {
    const change = switchPayment(PaymentMethod.CreditCard, PaymentMethod.OnDelivery, heldOnDelivery);
    expect(change.clearOnDelivery).toBe(true);
    expect(change.values).toEqual({
      paymentMethod: PaymentMethod.CreditCard,
      paymentOptionGroup: undefined,
      paymentOptionId: undefined,
      cashAmount: undefined,
      manualPaymentOption: undefined,
    });
  });

  it('clears pay on delivery the order holds even when the screen showed another method', () => {
    expect(switchPayment(PaymentMethod.Pix, PaymentMethod.Boleto, heldOnDelivery).clearOnDelivery).toBe(true);
  });

  it('clears a pay on delivery chosen on screen that the order may be receiving', () => {
    expect(switchPayment(PaymentMethod.Pix, PaymentMethod.OnDelivery, heldNothing).clearOnDelivery).toBe(
      true,
    );
  });

  it('sends nothing between methods that are not pay on delivery', () => {
    expect(switchPayment(PaymentMethod.Pix, PaymentMethod.Boleto, heldNothing).clearOnDelivery).toBe(false);
  });

  it('choosing Pagar na entrega sends no clear: the group and means are chosen next', () => {
    const change = switchPayment(PaymentMethod.OnDelivery, PaymentMethod.Pix, heldOnDelivery);
    expect(change.clearOnDelivery).toBe(false);
    expect(change.values.paymentOptionGroup).toBeUndefined();
  });

  it("drops the previous method's manual text; the custom method's text is its name", () => {
    expect(
      switchPayment(PaymentMethod.Boleto, PaymentMethod.Pix, heldNothing).values.manualPaymentOption,
    ).toBeUndefined();
    expect(
      switchPayment(PaymentMethod.Custom, PaymentMethod.Pix, heldNothing, 'Vale refeição').values
        .manualPaymentOption,
    ).toBe('Vale refeição');
  });
});
