// The seeded shop's checkout configuration: stores, pick-up and delivery options, sellers, schedule
// and payment options (server-only rules, see checkout/rules.ts). Amounts in cents.

import type { CheckoutRules } from '../checkout/rules.ts';
import { PaymentMethod } from '../contract.ts';

export const checkoutRules: CheckoutRules = {
  stores: [
    {
      providerId: 'loja-pinheiros',
      name: 'Empório Bom Preço Pinheiros',
      street: 'Rua dos Pinheiros',
      number: '1020',
      neighborhood: 'Pinheiros',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '05422-001',
      serviceTaxCents: 0,
    },
  ],
  pickUpOptions: [
    {
      providerId: 'retirada-pinheiros',
      name: 'Retirada na loja Pinheiros',
      storeProviderId: 'loja-pinheiros',
      priceCents: null,
      description: 'Retire no balcão de pedidos.',
      shippingTimeEstimative: 'Em até 2 horas',
      orderMinPriceCents: 0,
      maxDistinctItems: 30,
      maxItemsAmout: 100,
    },
  ],
  deliveryOptions: [
    {
      providerId: 'entrega-expressa-sp',
      name: 'Entrega expressa',
      logisticType: 1,
      cepPrefixes: ['0'],
      priceCents: 990,
      freeAboveCents: 15000,
      minShippingTimeEstimative: 'Em até 1 hora',
      shippingTimeEstimative: 'Em até 3 horas',
      storeName: 'Empório Bom Preço Pinheiros',
      description: 'Entrega no mesmo dia para a Grande São Paulo.',
      orderMinPriceCents: 2500,
      maxDistinctItems: 30,
      maxItemsAmout: 100,
    },
  ],
  sellers: [],
  schedule: {
    days: 7,
    closedWeekdays: [0],
    slots: [
      { startTime: '09:00', endTime: '12:00' },
      { startTime: '14:00', endTime: '18:00' },
    ],
    cutoffMinutes: 120,
  },
  paymentOptions: [
    {
      method: PaymentMethod.OnDelivery,
      name: 'Dinheiro',
      group: 'Dinheiro',
      providerId: 'dinheiro',
      payOnDelivery: true,
    },
  ],
  pixKey: 'pix@emporiobompreco.com.br',
};
