// The seeded shop's checkout configuration: stores, pick-up and delivery options, sellers, schedule
// and payment options (server-only rules, see checkout/rules.ts). Amounts in cents.
//
// A São Paulo neighbourhood emporium: two stores (Pinheiros, free pick-up; Centro, R$ 2,00 service
// tax), same-day express delivery across Grande São Paulo (CEPs 01000-000 to 09999-999, free from
// R$ 150,00), a slower scheduled delivery to the South-East, South and Centre-West, and no delivery to
// the North-East and North (CEPs starting 4, 5 and 6): 'Não entregamos no CEP 69900-000'.

import type { CheckoutRules, SellerRule, StoreRule } from '../checkout/rules.ts';
import { LogisticType, PaymentMethod } from '../contract.ts';

const STORE_PINHEIROS: StoreRule = {
  providerId: 'loja-pinheiros',
  name: 'Empório Bom Preço Pinheiros',
  street: 'Rua dos Pinheiros',
  number: '1020',
  neighborhood: 'Pinheiros',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '05422-001',
  serviceTaxCents: 0,
  latitude: -23.566,
  longitude: -46.684,
};

const STORE_CENTRO: StoreRule = {
  providerId: 'loja-centro',
  name: 'Empório Bom Preço Centro',
  street: 'Praça da Sé',
  number: '111',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01001-000',
  serviceTaxCents: 200,
  latitude: -23.5503,
  longitude: -46.634,
};

/** Grande São Paulo: the capital and the metropolitan region (CEPs 01000-000 to 09999-999). */
const GRANDE_SP = ['01', '02', '03', '04', '05', '06', '07', '08', '09'] as const;

const oneLine = (s: StoreRule) => `${s.street}, ${s.number} - ${s.neighborhood}, ${s.city} - ${s.state}`;

const SELLERS: readonly SellerRule[] = [
  {
    providerId: 'vendedor-pinheiros',
    name: STORE_PINHEIROS.name,
    address: oneLine(STORE_PINHEIROS),
    serviceTaxCents: 0,
    cepPrefixes: GRANDE_SP,
  },
  {
    providerId: 'vendedor-centro',
    name: STORE_CENTRO.name,
    address: oneLine(STORE_CENTRO),
    serviceTaxCents: 200,
    // The small downtown store only serves the centre, north and east of the capital.
    cepPrefixes: ['01', '02', '03', '08'],
  },
  {
    providerId: 'vendedor-rio',
    name: 'Mercadinho Pio X (parceiro no Rio)',
    address: 'Praça Pio X, 119 - Centro, Rio de Janeiro - RJ',
    serviceTaxCents: 350,
    cepPrefixes: ['20', '21', '22', '23', '24'],
  },
];

export const checkoutRules: CheckoutRules = {
  stores: [STORE_PINHEIROS, STORE_CENTRO],
  pickUpOptions: [
    {
      providerId: 'retirada-pinheiros',
      name: 'Retirada na loja Pinheiros',
      storeProviderId: STORE_PINHEIROS.providerId,
      priceCents: null,
      description: 'Retire no balcão de pedidos, ao lado dos caixas.',
      shippingTimeEstimative: '2 horas',
      orderMinPriceCents: 0,
      maxDistinctItems: 30,
      maxItemsAmout: 100,
    },
    {
      providerId: 'retirada-expressa-pinheiros',
      name: 'Retirada expressa Pinheiros',
      storeProviderId: STORE_PINHEIROS.providerId,
      priceCents: 490,
      description: 'Separamos na hora: pedidos pequenos, prontos em até 30 minutos.',
      shippingTimeEstimative: '30 minutos',
      orderMinPriceCents: 0,
      maxDistinctItems: 10,
      maxItemsAmout: 20,
    },
    {
      providerId: 'retirada-centro',
      name: 'Retirada na loja Centro',
      storeProviderId: STORE_CENTRO.providerId,
      priceCents: null,
      description: 'Loja compacta: retire no guichê da entrada.',
      shippingTimeEstimative: '1 hora',
      orderMinPriceCents: 3000,
      maxDistinctItems: 15,
      maxItemsAmout: 40,
    },
  ],
  deliveryOptions: [
    {
      providerId: 'entrega-expressa-sp',
      name: 'Entrega expressa',
      logisticType: LogisticType.ExpressDelivery,
      cepPrefixes: GRANDE_SP,
      priceCents: 990,
      freeAboveCents: 15000,
      minShippingTimeEstimative: '1 hora',
      shippingTimeEstimative: '3 horas',
      storeName: STORE_PINHEIROS.name,
      description: 'Entrega no mesmo dia na Grande São Paulo. Grátis a partir de R$ 150,00.',
      orderMinPriceCents: 2500,
      maxDistinctItems: 30,
      maxItemsAmout: 100,
    },
    {
      providerId: 'entrega-agendada',
      name: 'Entrega agendada',
      logisticType: LogisticType.Shipping,
      // Interior of São Paulo, Rio de Janeiro, Espírito Santo, Minas Gerais, the Centre-West and the South.
      cepPrefixes: ['1', '2', '3', '7', '8', '9'],
      priceCents: 2490,
      freeAboveCents: 30000,
      minShippingTimeEstimative: '2 dias úteis',
      shippingTimeEstimative: '5 dias úteis',
      storeName: 'Centro de distribuição Empório Bom Preço',
      description: 'Transportadora parceira. Grátis a partir de R$ 300,00.',
      orderMinPriceCents: 5000,
      maxDistinctItems: 30,
      maxItemsAmout: 60,
    },
  ],
  sellers: SELLERS,
  schedule: {
    days: 7,
    closedWeekdays: [0],
    slots: [
      { startTime: '08:00', endTime: '12:00' },
      { startTime: '13:00', endTime: '18:00' },
      { startTime: '18:00', endTime: '21:00' },
    ],
    cutoffMinutes: 120,
  },
  // The shop's own methods (Custom, 7) only exist in manual payment mode: the manual-payment scenario
  // shop (seed/scenarios.ts) adds its bank transfer.
  paymentOptions: [
    {
      method: PaymentMethod.OnDelivery,
      name: 'Dinheiro',
      group: 'Dinheiro',
      providerId: 'dinheiro',
      payOnDelivery: true,
    },
    {
      method: PaymentMethod.OnDelivery,
      name: 'Crédito na entrega',
      group: 'Cartão na entrega',
      providerId: 'maquininha-credito',
      payOnDelivery: true,
    },
    {
      method: PaymentMethod.OnDelivery,
      name: 'Débito na entrega',
      group: 'Cartão na entrega',
      providerId: 'maquininha-debito',
      payOnDelivery: true,
    },
    {
      method: PaymentMethod.OnDelivery,
      name: 'Vale-refeição',
      group: 'Cartão na entrega',
      providerId: 'maquininha-vale-refeicao',
      payOnDelivery: true,
    },
  ],
  pixKey: 'pix@emporiobompreco.com.br',
};
