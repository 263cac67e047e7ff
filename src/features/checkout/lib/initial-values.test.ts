import { orderFixture } from '@tests/msw.ts';
import { describe, expect, it } from 'vitest';
import { NO_PRICE_TABLE_ID } from '@/contract/checkout.ts';
import { LogisticFormValue, LogisticType, PaymentMethod } from '@/contract/enums.ts';
import { draftOf, initialCheckoutValues } from './initial-values.ts';

describe('the checkout form when the screen opens', () => {
  it('brings back the payment choices of the draft, which only the form knows', () => {
    const values = initialCheckoutValues(
      orderFixture(),
      { paymentMethod: PaymentMethod.Pix, manualPaymentOption: 'chave@pix.com', deliveryAddressIndex: 1 },
      [{ name: 'Casa' }, { name: 'Trabalho' }],
    );
    expect(values).toMatchObject({
      paymentMethod: PaymentMethod.Pix,
      manualPaymentOption: 'chave@pix.com',
      deliveryAddressIndex: 1,
    });
  });

  it('shows pay on delivery as the server holds it, not as the draft remembers it', () => {
    const draft = {
      paymentMethod: PaymentMethod.OnDelivery,
      paymentOptionGroup: 'Dinheiro',
      cashAmount: 200,
    };
    // Not held (never sent, or cleared by a switch of method): no 'Pagar na entrega' comes back.
    expect(initialCheckoutValues(orderFixture(), draft)).toMatchObject({
      paymentMethod: undefined,
      paymentOptionGroup: undefined,
      cashAmount: undefined,
    });
    const held = orderFixture({
      payment: { method: PaymentMethod.OnDelivery, onDelivery: { group: 'Dinheiro', cashAmount: 150 } },
    });
    expect(initialCheckoutValues(held, draft)).toMatchObject({
      paymentOptionGroup: 'Dinheiro',
      cashAmount: 150,
    });
  });

  it('shows the delivery address and the schedule the server holds', () => {
    const order = orderFixture({
      logistic: { providerId: 'expressa', type: LogisticType.ExpressDelivery, addressIndex: 1 },
      schedule: { day: '2026-05-04', startTime: '10:00' },
    });
    const values = initialCheckoutValues(
      order,
      { deliveryAddressIndex: 0, selectedDay: '2026-05-05', selectedSchedule: '08:00' },
      [{ name: 'Casa', isDefault: true }, { name: 'Trabalho' }],
    );
    expect(values).toMatchObject({
      logisticType: LogisticFormValue.Delivery,
      selectedLogistic: 'expressa',
      deliveryAddressIndex: 1,
      selectedDay: '2026-05-04',
      selectedSchedule: '10:00',
    });
  });

  it('takes the logistic, seller, price table and coupon the server holds over the draft', () => {
    const order = orderFixture({
      logistic: {
        providerId: 'retirada-pinheiros',
        type: LogisticType.StorePickUp,
        storePickUpAddress: { providerId: 'loja-pinheiros' },
      },
      seller: { providerId: 'loja-centro', name: 'Centro' },
      providerPriceTableId: 'atacado',
      coupon: 'BEMVINDO10',
    });
    const values = initialCheckoutValues(order, {
      logisticType: LogisticFormValue.Delivery,
      selectedLogistic: 'entrega-expressa',
      selectedSeller: 'outra-loja',
      priceTableId: NO_PRICE_TABLE_ID,
      coupon: 'VELHO',
    });
    expect(values).toMatchObject({
      logisticType: LogisticFormValue.PickUp,
      selectedLogistic: 'retirada-pinheiros',
      pickupAddress: 'loja-pinheiros',
      selectedSeller: 'loja-centro',
      priceTableId: 'atacado',
      coupon: 'BEMVINDO10',
    });
  });

  it('forgets a stored logistic option when the order has none any more', () => {
    const values = initialCheckoutValues(orderFixture({ logistic: null }), {
      selectedLogistic: 'entrega-expressa',
    });
    expect(values.selectedLogistic).toBeUndefined();
    expect(values.priceTableId).toBe(NO_PRICE_TABLE_ID);
  });

  it('drops nulls read back from storage and never stores the CEP search fields', () => {
    const values = initialCheckoutValues(orderFixture(), { paymentMethod: null, cashAmount: null });
    expect('paymentMethod' in values).toBe(false);
    expect(draftOf({ ...values, cep: '01310-200', cepNumber: '900' })).not.toHaveProperty('cep');
  });

  it('starts with the default address for delivery and its CEP for the pick-up search', () => {
    const addresses = [
      { name: 'Trabalho', zipCode: '01001-000' },
      { name: 'Casa', zipCode: '01310-200', isDefault: true },
    ];
    const values = initialCheckoutValues(orderFixture(), undefined, addresses);
    expect(values).toMatchObject({ deliveryAddressIndex: 1, cep: '01310-200' });
  });

  it('keeps the address of the draft while it still exists', () => {
    const addresses = [{ name: 'Casa', isDefault: true }, { name: 'Outro' }];
    expect(
      initialCheckoutValues(orderFixture(), { deliveryAddressIndex: 1 }, addresses).deliveryAddressIndex,
    ).toBe(1);
    expect(
      initialCheckoutValues(orderFixture(), { deliveryAddressIndex: 5 }, addresses).deliveryAddressIndex,
    ).toBe(0);
  });
});
