import { describe, expect, it } from 'vitest';
import type { CheckoutFormValues } from '../../../contract/checkout.ts';
import { FlowStep, LogisticType, PaymentMethod } from '../../../contract/enums.ts';
import type { ShopSettings } from '../../../contract/shop-settings.ts';
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
  values: { logisticType: 1, paymentMethod: PaymentMethod.Pix },
  contact,
  order: { logistic: { providerId: 'moto', type: LogisticType.ExpressDelivery }, totalAmout: 50 },
  settings: {},
  sections: { deliveryMethod: true, schedule: false },
};

const problemsOf = (overrides: {
  values?: CheckoutFormValues;
  contact?: Partial<ContactFormValues>;
  order?: CheckoutCompleteInput['order'];
  settings?: ShopSettings;
  sections?: Partial<CheckoutCompleteInput['sections']>;
}) =>
  checkoutProblems({
    values: overrides.values ?? complete.values,
    contact: { ...complete.contact, ...overrides.contact },
    order: overrides.order ?? complete.order,
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
  it('requires a logistic on the order when the delivery method is shown', () => {
    expect(problemsOf({ order: { totalAmout: 50 } })).toEqual(['logistic']);
  });
  it('counts only a chosen logistic, not the limits the order carries before any choice', () => {
    expect(
      problemsOf({ order: { totalAmout: 50, logistic: { maxItemsAmout: 100, orderMinPrice: 25 } } }),
    ).toEqual(['logistic']);
  });
  it('does not require a logistic when the delivery method section is hidden', () => {
    expect(problemsOf({ order: { totalAmout: 50 }, sections: { deliveryMethod: false } })).toEqual([]);
  });
  it('requires a seller on the order with the Seller step', () => {
    const settings = { steps: [FlowStep.Seller] };
    expect(problemsOf({ settings, sections: { deliveryMethod: false } })).toEqual(['seller']);
    expect(
      problemsOf({ settings, sections: { deliveryMethod: false }, order: { seller: { providerId: 's1' } } }),
    ).toEqual([]);
  });
  it('does not require a seller without the Seller step', () => {
    expect(problemsOf({ settings: { showSellerOptions: true } })).toEqual([]);
  });
  it('requires a day and a time with the schedule section', () => {
    const sections = { schedule: true };
    const values = { paymentMethod: PaymentMethod.Pix };
    expect(problemsOf({ sections, values })).toEqual(['schedule']);
    expect(problemsOf({ sections, values: { ...values, selectedDay: '2026-05-04' } })).toEqual(['schedule']);
    expect(problemsOf({ sections, values: { ...values, selectedSchedule: '10:00' } })).toEqual(['schedule']);
    expect(
      problemsOf({ sections, values: { ...values, selectedDay: '2026-05-04', selectedSchedule: '10:00' } }),
    ).toEqual([]);
  });
});

describe('checkoutProblems: payment', () => {
  it('requires a payment method', () => {
    expect(problemsOf({ values: {} })).toEqual(['paymentMethod']);
    expect(problemsOf({ values: { paymentMethod: null } })).toEqual(['paymentMethod']);
  });
  it('does not require a payment method when the shop does not charge orders', () => {
    expect(problemsOf({ values: {}, settings: { disableChargeOrders: true } })).toEqual([]);
  });
  it('requires a group and a means of payment on delivery', () => {
    const method = PaymentMethod.OnDelivery;
    expect(problemsOf({ values: { paymentMethod: method } })).toEqual(['paymentOption']);
    expect(problemsOf({ values: { paymentMethod: method, paymentOptionGroup: 'Débito' } })).toEqual([
      'paymentOption',
    ]);
    expect(
      problemsOf({ values: { paymentMethod: method, paymentOptionGroup: 'Débito', paymentOptionId: 'dv' } }),
    ).toEqual([]);
  });
  it('requires cash of at least the order total', () => {
    const values = { paymentMethod: PaymentMethod.OnDelivery, paymentOptionGroup: 'Dinheiro' };
    expect(problemsOf({ values })).toEqual(['cashAmount']);
    expect(problemsOf({ values: { ...values, cashAmount: 49.99 } })).toEqual(['cashAmount']);
    expect(problemsOf({ values: { ...values, cashAmount: 50 } })).toEqual([]);
    expect(problemsOf({ values: { ...values, cashAmount: 100 } })).toEqual([]);
  });
  it.each([PaymentMethod.Pix, PaymentMethod.CreditCard, PaymentMethod.Custom])(
    'requires the manual payment text for method %d in manual mode',
    (method) => {
      const settings = { payment: { type: 'manual' } };
      expect(problemsOf({ settings, values: { paymentMethod: method } })).toEqual(['manualPayment']);
      expect(problemsOf({ settings, values: { paymentMethod: method, manualPaymentOption: '  ' } })).toEqual([
        'manualPayment',
      ]);
      expect(
        problemsOf({ settings, values: { paymentMethod: method, manualPaymentOption: 'https://pag.ae/x' } }),
      ).toEqual([]);
    },
  );
  it('refuses a manual card link that is not a URL', () => {
    const settings = { payment: { type: 'manual' } };
    expect(
      problemsOf({
        settings,
        values: { paymentMethod: PaymentMethod.CreditCard, manualPaymentOption: 'pag.ae/x' },
      }),
    ).toEqual(['manualPayment']);
  });
  it('does not ask for manual payment text outside manual mode or for other methods', () => {
    expect(problemsOf({ values: { paymentMethod: PaymentMethod.CreditCard } })).toEqual([]);
    expect(
      problemsOf({
        settings: { payment: { type: 'manual' } },
        values: { paymentMethod: PaymentMethod.Boleto },
      }),
    ).toEqual([]);
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
        order: {},
        settings: { steps: [FlowStep.Seller, FlowStep.Schedule] },
        sections: { deliveryMethod: true, schedule: true },
      }),
    ).toEqual(['seller', 'logistic', 'schedule', 'name', 'email', 'document', 'paymentMethod']);
  });
});
