import { describe, expect, it } from 'vitest';
import type { CheckoutFormValues } from '@/contract/checkout.ts';
import { FlowStep, LogisticFormValue, LogisticType, PaymentMethod } from '@/contract/enums.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { type CheckoutCompleteInput, checkoutProblems, isCheckoutComplete } from './checkout-complete.ts';
import type { ContactFormValues } from './contact-form.ts';

const contact: ContactFormValues = {
  name: 'Ana Souza',
  email: 'ana@exemplo.com.br',
  document: '529.982.247-25',
  isCorporate: false,
  corporateDocument: '',
  corporateName: '',
  tradeName: '',
  stateInscription: '',
};
const corporateContact: ContactFormValues = {
  ...contact,
  isCorporate: true,
  corporateDocument: '11.222.333/0001-81',
  corporateName: 'Souza Ltda',
  tradeName: 'Sorvetes da Ana',
};

const complete: CheckoutCompleteInput = {
  values: {
    logisticType: 1,
    selectedLogistic: 'moto',
    deliveryAddressIndex: 0,
    paymentMethod: PaymentMethod.Pix,
  },
  contact,
  order: {
    items: [{ index: 0, providerId: 'arroz', quantity: 1 }],
    logistic: { providerId: 'moto', type: LogisticType.ExpressDelivery, addressIndex: 0 },
    totalAmout: 50,
  },
  settings: {},
  sections: {
    delivery: 'enabled',
    pickUp: true,
    schedule: false,
    sellerSelect: false,
    manualLogistics: false,
  },
};
const pickUpHeld = {
  totalAmout: 50,
  logistic: {
    providerId: 'retira-centro',
    type: LogisticType.StorePickUp,
    storePickUpAddress: { providerId: 'loja-centro' },
  },
};
const pickUpShown: CheckoutFormValues = {
  logisticType: LogisticFormValue.PickUp,
  pickupAddress: 'loja-centro',
  selectedLogistic: 'retira-centro',
  paymentMethod: PaymentMethod.Pix,
};

const problemsOf = (overrides: {
  values?: CheckoutFormValues;
  contact?: Partial<ContactFormValues>;
  order?: Partial<CheckoutCompleteInput['order']>;
  settings?: ShopSettings;
  sections?: Partial<CheckoutCompleteInput['sections']>;
}) =>
  checkoutProblems({
    values: overrides.values ?? complete.values,
    contact: { ...complete.contact, ...overrides.contact },
    order: { items: complete.order.items, ...(overrides.order ?? complete.order) },
    settings: overrides.settings ?? complete.settings,
    sections: { ...complete.sections, ...overrides.sections },
  });

describe('checkoutProblems: contact', () => {
  it('finds nothing for a complete checkout', () => {
    expect(checkoutProblems(complete)).toEqual([]);
    expect(isCheckoutComplete(complete)).toBe(true);
  });
  it('requires a name', () => {
    expect(problemsOf({ contact: { name: '  ' } })).toEqual(['name']);
  });
  it('requires a valid e-mail', () => {
    expect(problemsOf({ contact: { email: '' } })).toEqual(['email']);
    expect(problemsOf({ contact: { email: 'ana@exemplo' } })).toEqual(['email']);
  });
  it('requires a valid CPF', () => {
    expect(problemsOf({ contact: { document: '' } })).toEqual(['document']);
    expect(problemsOf({ contact: { document: '111.111.111-11' } })).toEqual(['document']);
  });
  it('requires company name, valid CNPJ and trade name for a corporate contact with CNPJ on', () => {
    const settings = { enableCnpj: true };
    expect(problemsOf({ contact: corporateContact, settings })).toEqual([]);
    expect(
      problemsOf({ contact: { ...corporateContact, corporateDocument: '12.ABC.345/01DE-35' }, settings }),
    ).toEqual([]);
    expect(
      problemsOf({ contact: { isCorporate: true, corporateDocument: '11.222.333/0001-82' }, settings }),
    ).toEqual(['corporateName', 'corporateDocument', 'tradeName']);
  });
  it('ignores corporate data when the CNPJ setting is off', () => {
    expect(problemsOf({ contact: { isCorporate: true } })).toEqual([]);
  });
});

describe('checkoutProblems: logistic, seller, schedule', () => {
  it('requires a logistic on the order', () => {
    expect(problemsOf({ order: { totalAmout: 50 } })).toEqual(['logistic']);
  });
  it('counts only a chosen logistic, not the limits the order carries before any choice', () => {
    expect(
      problemsOf({
        order: { totalAmout: 50, itemsAmout: 50, logistic: { maxItemsAmout: 100, orderMinPrice: 25 } },
      }),
    ).toEqual(['logistic']);
  });
  it('does not require a logistic when the shop settles logistics elsewhere', () => {
    expect(problemsOf({ order: { totalAmout: 50 }, settings: { externalLogistic: true } })).toEqual([]);
  });
  it('requires a logistic with the Seller step too, where the method switch is hidden', () => {
    const settings = { steps: [FlowStep.Seller] };
    const seller = { providerId: 's1' };
    expect(problemsOf({ settings, order: { totalAmout: 50, seller } })).toEqual(['logistic']);
    expect(problemsOf({ settings, order: { ...complete.order, seller } })).toEqual([]);
  });
  it('is not complete when the screen shows delivery but the order holds a pick-up', () => {
    expect(problemsOf({ order: pickUpHeld })).toEqual(['logistic']);
    expect(problemsOf({ order: pickUpHeld, values: pickUpShown })).toEqual([]);
  });
  it('is not complete when the screen shows pick-up but the order holds a delivery', () => {
    expect(problemsOf({ values: { ...pickUpShown, selectedLogistic: undefined } })).toEqual(['logistic']);
  });
  it('is not complete when the option shown is not the one held', () => {
    expect(problemsOf({ values: { ...complete.values, selectedLogistic: undefined } })).toEqual(['logistic']);
    expect(problemsOf({ values: { ...complete.values, selectedLogistic: 'bike' } })).toEqual(['logistic']);
  });
  it('is not complete when the store or the address shown is not the one held', () => {
    expect(
      problemsOf({ order: pickUpHeld, values: { ...pickUpShown, pickupAddress: 'loja-pinheiros' } }),
    ).toEqual(['logistic']);
    expect(problemsOf({ values: { ...complete.values, deliveryAddressIndex: 1 } })).toEqual(['logistic']);
  });
  it('takes the manual freight by its method, store and address (it has no option to tick)', () => {
    const sections = { manualLogistics: true };
    const order = { ...pickUpHeld, logistic: { ...pickUpHeld.logistic, providerId: 'loja-centro' } };
    const values = { ...pickUpShown, selectedLogistic: undefined };
    expect(problemsOf({ sections, order, values })).toEqual([]);
    expect(problemsOf({ sections, order, values: { ...values, pickupAddress: 'outra' } })).toEqual([
      'logistic',
    ]);
  });
  it('requires a seller on the order with the Seller step', () => {
    const settings = { steps: [FlowStep.Seller] };
    expect(problemsOf({ settings })).toEqual(['seller']);
    expect(problemsOf({ settings, order: { ...complete.order, seller: { providerId: 's1' } } })).toEqual([]);
  });
  it('is not complete when the seller shown is not the one held', () => {
    const sections = { sellerSelect: true };
    const order = { ...complete.order, seller: { providerId: 's1' } };
    expect(problemsOf({ sections, order, values: { ...complete.values, selectedSeller: 's1' } })).toEqual([]);
    expect(problemsOf({ sections, order, values: { ...complete.values, selectedSeller: 's2' } })).toEqual([
      'seller',
    ]);
  });
  it('does not require a seller without the Seller step', () => {
    expect(problemsOf({ settings: { showSellerOptions: true } })).toEqual([]);
  });
  it('requires the day and time shown to be the ones held, with the schedule section', () => {
    const sections = { schedule: true };
    const values = { ...complete.values, selectedDay: '2026-05-04', selectedSchedule: '10:00' };
    const order = { ...complete.order, schedule: { day: '2026-05-04', startTime: '10:00' } };
    expect(problemsOf({ sections, order: complete.order, values: complete.values })).toEqual(['schedule']);
    expect(problemsOf({ sections, order, values: { ...values, selectedSchedule: undefined } })).toEqual([
      'schedule',
    ]);
    expect(problemsOf({ sections, order: complete.order, values })).toEqual(['schedule']);
    expect(problemsOf({ sections, order, values: { ...values, selectedDay: '2026-05-05' } })).toEqual([
      'schedule',
    ]);
    expect(problemsOf({ sections, order, values })).toEqual([]);
  });
});

describe('checkoutProblems: payment', () => {
  it('requires a payment method', () => {
    const { paymentMethod: _method, ...noMethod } = complete.values;
    expect(problemsOf({ values: noMethod })).toEqual(['paymentMethod']);
    expect(problemsOf({ values: { ...noMethod, paymentMethod: null } })).toEqual(['paymentMethod']);
  });
  it('does not require a payment method when the shop does not charge orders', () => {
    const { paymentMethod: _method, ...noMethod } = complete.values;
    expect(problemsOf({ values: noMethod, settings: { disableChargeOrders: true } })).toEqual([]);
  });
  it('requires a group and a means of payment on delivery, held by the order', () => {
    const method = PaymentMethod.OnDelivery;
    const base = { ...complete.values, paymentMethod: method };
    const held = (onDelivery: { group: string; providerId?: string; cashAmount?: number }) => ({
      ...complete.order,
      payment: { method, onDelivery },
    });
    expect(problemsOf({ values: base })).toEqual(['paymentOption']);
    expect(problemsOf({ values: { ...base, paymentOptionGroup: 'Débito' } })).toEqual(['paymentOption']);
    const shown = { ...base, paymentOptionGroup: 'Débito', paymentOptionId: 'dv' };
    expect(problemsOf({ values: shown })).toEqual(['paymentOption']);
    expect(problemsOf({ values: shown, order: held({ group: 'Débito', providerId: 'other' }) })).toEqual([
      'paymentOption',
    ]);
    expect(problemsOf({ values: shown, order: held({ group: 'Débito', providerId: 'dv' }) })).toEqual([]);
  });
  it('requires cash of at least the order total, the amount shown being the amount held', () => {
    const values = {
      ...complete.values,
      paymentMethod: PaymentMethod.OnDelivery,
      paymentOptionGroup: 'Dinheiro',
    };
    const held = (cashAmount: number) => ({
      ...complete.order,
      payment: { method: PaymentMethod.OnDelivery, onDelivery: { group: 'Dinheiro', cashAmount } },
    });
    expect(problemsOf({ values })).toEqual(['cashAmount']);
    expect(problemsOf({ values: { ...values, cashAmount: 49.99 }, order: held(49.99) })).toEqual([
      'cashAmount',
    ]);
    expect(problemsOf({ values: { ...values, cashAmount: 50 }, order: held(50) })).toEqual([]);
    expect(problemsOf({ values: { ...values, cashAmount: 100 }, order: held(100) })).toEqual([]);
    expect(problemsOf({ values: { ...values, cashAmount: 100 }, order: held(60) })).toEqual(['cashAmount']);
    expect(problemsOf({ values: { ...values, cashAmount: 100 } })).toEqual(['cashAmount']);
  });
  it.each([PaymentMethod.Pix, PaymentMethod.CreditCard, PaymentMethod.Custom])(
    'requires the manual payment text for method %d in manual mode',
    (method) => {
      const settings = { payment: { type: 'manual' } };
      const values = { ...complete.values, paymentMethod: method };
      expect(problemsOf({ settings, values })).toEqual(['manualPayment']);
      expect(problemsOf({ settings, values: { ...values, manualPaymentOption: '  ' } })).toEqual([
        'manualPayment',
      ]);
      expect(
        problemsOf({ settings, values: { ...values, manualPaymentOption: 'https://pag.ae/x' } }),
      ).toEqual([]);
    },
  );
  it('refuses a manual card link that is not a URL', () => {
    const settings = { payment: { type: 'manual' } };
    expect(
      problemsOf({
        settings,
        values: {
          ...complete.values,
          paymentMethod: PaymentMethod.CreditCard,
          manualPaymentOption: 'pag.ae/x',
        },
      }),
    ).toEqual(['manualPayment']);
  });
  it('does not ask for manual payment text outside manual mode or for other methods', () => {
    expect(problemsOf({ values: { ...complete.values, paymentMethod: PaymentMethod.CreditCard } })).toEqual(
      [],
    );
    expect(
      problemsOf({
        settings: { payment: { type: 'manual' } },
        values: { ...complete.values, paymentMethod: PaymentMethod.Boleto },
      }),
    ).toEqual([]);
  });
});

describe('checkoutProblems: items', () => {
  it('is not complete without items, or when only gifts are left', () => {
    expect(problemsOf({ order: { ...complete.order, items: [] } })).toEqual(['items']);
    const gift = { index: 0, providerId: 'esponja', quantity: 1, isGift: true };
    expect(problemsOf({ order: { ...complete.order, items: [gift] } })).toEqual(['items']);
  });
  it('is not complete while the order breaks a limit the server refuses', () => {
    const limited = { ...complete.order, catalogErrorMessages: ['O máximo de itens do seu pedido é 10'] };
    expect(problemsOf({ order: limited })).toEqual(['items']);
    const items = [...complete.order.items, { index: 1, providerId: 'feijao', quantity: 1 }];
    const tooMany = {
      ...complete.order,
      items,
      logistic: { ...complete.order.logistic, maxDistinctItems: 1 },
    };
    expect(problemsOf({ order: tooMany })).toEqual(['items']);
  });
});

describe('isCheckoutComplete', () => {
  it('is false as soon as one rule fails', () => {
    expect(isCheckoutComplete({ ...complete, contact: { ...contact, name: '' } })).toBe(false);
  });
  it('lists every problem at once', () => {
    expect(
      checkoutProblems({
        values: {},
        contact: { ...contact, name: '', email: '', document: '' },
        order: { items: complete.order.items },
        settings: { steps: [FlowStep.Seller, FlowStep.Schedule] },
        sections: { ...complete.sections, schedule: true },
      }),
    ).toEqual(['seller', 'logistic', 'schedule', 'name', 'email', 'document', 'paymentMethod']);
  });
});
