import { describe, expect, it } from 'vitest';
import { LogisticFormValue, LogisticType, PaymentMethod } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { CheckoutProblem } from './checkout-complete.ts';
import {
  type CheckoutStepId,
  firstIncomplete,
  nextIncomplete,
  problemsByStep,
  type StepSummaryInput,
  stepSummary,
  stepTitle,
  visibleSteps,
} from './checkout-steps.ts';
import { contactFromCustomer } from './contact-form.ts';

const allSections = {
  store: true,
  deliveryMethod: true,
  pickUp: true,
  delivery: 'enabled' as const,
  schedule: false,
  paymentMethod: true,
};
const STEPS: CheckoutStepId[] = ['store', 'delivery', 'items', 'contact', 'payment'];

describe('the steps a phone shows', () => {
  it('lists the steps in screen order, leaving out one whose sections are all hidden', () => {
    expect(visibleSteps(allSections)).toEqual(STEPS);
    expect(visibleSteps({ ...allSections, store: false, paymentMethod: false })).toEqual([
      'delivery',
      'items',
      'contact',
    ]);
    const noLogistics = { ...allSections, deliveryMethod: false, pickUp: false, delivery: 'hidden' as const };
    expect(visibleSteps(noLogistics)).not.toContain('delivery');
    expect(visibleSteps({ ...noLogistics, schedule: true })).toContain('delivery');
  });

  it('titles the delivery step by the section that opens it', () => {
    expect(stepTitle('delivery', allSections)).toBe('Forma de entrega');
    expect(stepTitle('delivery', { ...allSections, deliveryMethod: false })).toBe('Entrega');
    const scheduleOnly = { deliveryMethod: false, pickUp: false, delivery: 'hidden' as const };
    expect(stepTitle('delivery', scheduleOnly)).toBe('Agendamento');
    expect(stepTitle('contact', allSections)).toBe('Dados do contato');
  });

  it('opens the first step that misses something, none when the checkout is complete', () => {
    // The completeness check lists 'items' first; the screen shows the logistic before the items.
    expect(firstIncomplete(STEPS, ['items', 'logistic', 'email'])).toBe('delivery');
    expect(firstIncomplete(STEPS, ['paymentMethod'])).toBe('payment');
    expect(firstIncomplete(STEPS, [])).toBeNull();
  });

  it("'Continuar' leads to the next incomplete step, then back to an earlier one, then to the finish", () => {
    const problems: CheckoutProblem[] = ['seller', 'document', 'cashAmount'];
    expect(nextIncomplete(STEPS, problems, 'delivery')).toBe('contact');
    expect(nextIncomplete(STEPS, problems, 'contact')).toBe('payment');
    expect(nextIncomplete(STEPS, ['seller'], 'payment')).toBe('store');
    expect(nextIncomplete(STEPS, [], 'payment')).toBeNull();
  });

  it('groups what is missing by the step where it is filled in', () => {
    const byStep = problemsByStep(['logistic', 'schedule', 'name', 'corporateDocument', 'manualPayment']);
    expect(Object.fromEntries(byStep)).toEqual({
      delivery: ['logistic', 'schedule'],
      contact: ['name', 'corporateDocument'],
      payment: ['manualPayment'],
    });
  });
});

const order = (fields: Partial<Order> = {}): Order => ({
  id: 'o-1',
  items: [
    { index: 0, providerId: 'a', quantity: 2, totalAmout: 20 },
    { index: 1, providerId: 'b', quantity: 1, totalAmout: 5.5 },
    { index: 2, providerId: 'gift', quantity: 1, isGift: true },
  ],
  itemsAmout: 25.5,
  totalAmout: 25.5,
  ...fields,
});

const input = (fields: Partial<StepSummaryInput> = {}): StepSummaryInput => ({
  order: order(),
  values: {},
  contact: contactFromCustomer({
    name: 'Mariana Oliveira',
    email: 'mariana@exemplo.com.br',
    document: '52998224725',
  }),
  sections: { delivery: 'enabled', pickUp: true },
  addresses: [{ name: 'Casa', street: 'Avenida Paulista', number: '1578' }],
  ...fields,
});

/** The line as read (formatBRL puts a no-break space after 'R$'). */
const line = (step: CheckoutStepId, fields: StepSummaryInput): string =>
  stepSummary(step, fields).replace(/\u00a0/g, ' ');

describe('the one line of a folded step', () => {
  it('counts the items paid for (gifts aside) with the subtotal', () => {
    expect(line('items', input())).toBe('3 itens · R$ 25,50');
  });

  it('names the contact by name and e-mail, never by CPF', () => {
    const contactLine = line('contact', input());
    expect(contactLine).toBe('Mariana Oliveira · mariana@exemplo.com.br');
    expect(contactLine).not.toContain('529');
  });

  it('says the pick-up store and its price, or the delivery address, with the day and time held', () => {
    const pickUp = order({
      logistic: {
        providerId: 'p-1',
        type: LogisticType.StorePickUp,
        price: 0,
        storePickUpAddress: { providerId: 's-1', name: 'Empório Pinheiros' },
      },
      schedule: { day: '2026-11-27', startTime: '08:00' },
    });
    expect(
      line('delivery', input({ order: pickUp, values: { logisticType: LogisticFormValue.PickUp } })),
    ).toBe('Retirada em loja · Empório Pinheiros · Grátis · 27/11 às 08:00');
    const delivery = order({
      logistic: { providerId: 'd-1', type: LogisticType.ExpressDelivery, price: 9.9, addressIndex: 0 },
    });
    expect(line('delivery', input({ order: delivery }))).toBe('Entrega · Avenida Paulista, 1578 · R$ 9,90');
    expect(line('delivery', input())).toBe('');
  });

  it('names the payment method, with the change asked for when paying cash on delivery', () => {
    expect(line('payment', input({ values: { paymentMethod: PaymentMethod.Pix } }))).toBe('PIX');
    const cash = { paymentMethod: PaymentMethod.OnDelivery, paymentOptionGroup: 'Dinheiro', cashAmount: 50 };
    expect(line('payment', input({ values: cash }))).toBe(
      'Pagar na entrega · Dinheiro · troco para R$ 50,00',
    );
    expect(line('payment', input({ values: { ...cash, cashAmount: 25.5 } }))).toBe(
      'Pagar na entrega · Dinheiro',
    );
    expect(line('payment', input())).toBe('');
  });
});
