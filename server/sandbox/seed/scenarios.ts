// Scenario sessions: each opens the storefront in one situation worth seeing or testing (README,
// "Scenario sessions"). A scenario that needs other shop settings gets its own shop, which sells the
// seeded shop's catalogue (catalog_shop_id) under the same brand with those settings changed.
import {
  Channel,
  FlowStep,
  LogisticType,
  OrderState,
  PaymentMethod,
  PaymentProviderType,
  PaymentStatus,
  SessionType,
} from '../contract.ts';
import type { CheckoutState } from '../order/order-state.ts';
import { DEFAULT_PIX_CHARGE_RULE } from '../payment/rules.ts';
import type { ShopChat, ShopRules } from '../shop/shops.ts';
import type { SeedSession } from './sessions.ts';
import { customer } from './sessions.ts';
import { SHOP_CHANNELS, SHOP_CHAT, SHOP_ID, SHOP_NAME, shopRules, shopSettings } from './shop.ts';

export type ScenarioShop = {
  id: string;
  name: string;
  settings: Record<string, unknown>;
  rules: ShopRules;
  /** The slug of its share links: its id. */
  slug: string;
  /** Its chat addresses (the chat app's extension): the seeded shop's, or none. */
  chat: ShopChat | null;
};

function scenarioShop(
  id: string,
  settings: Record<string, unknown>,
  rules: (base: ShopRules) => ShopRules = (base) => base,
  chat: ShopChat | null = SHOP_CHAT,
): ScenarioShop {
  return {
    id,
    name: SHOP_NAME,
    settings: { ...shopSettings, ...settings },
    rules: rules(shopRules),
    slug: id,
    chat,
  };
}

export const SCENARIO_SHOP_IDS = {
  sellerAndSchedule: 'emporio-lojas',
  manualPayment: 'emporio-pagamento-manual',
  cnpj: 'emporio-empresas',
  noCharge: 'emporio-sem-cobranca',
  smallLimits: 'emporio-limites',
  manualPrices: 'emporio-precos-manuais',
  paymentLink: 'emporio-pagbrasil',
  mercadoPago: 'emporio-mercadopago',
  schedule: 'emporio-agendamento',
  pix: 'emporio-pix',
  pixWithoutCharges: 'emporio-pix-classico',
  withoutChat: 'emporio-sem-chat',
} as const;

/** Seconds a Pix code of the Pix scenario stays payable: short enough to watch the countdown run out. */
export const PIX_SCENARIO_EXPIRY_SECONDS = 20;

export const SCENARIO_SHOPS: readonly ScenarioShop[] = [
  scenarioShop(SCENARIO_SHOP_IDS.sellerAndSchedule, {
    steps: [
      FlowStep.Start,
      FlowStep.Seller,
      FlowStep.Catalog,
      FlowStep.Identify,
      FlowStep.Schedule,
      FlowStep.Payment,
    ],
    showSellerOptions: true,
  }),
  scenarioShop(SCENARIO_SHOP_IDS.manualPayment, { payment: { type: 'manual', publicKey: '' } }, (base) => ({
    ...base,
    payment: { ...base.payment, providerType: PaymentProviderType.Manual },
    checkout: {
      ...base.checkout,
      paymentOptions: [
        ...base.checkout.paymentOptions,
        {
          method: PaymentMethod.Custom,
          name: 'Transferência bancária',
          group: null,
          providerId: 'transferencia-bancaria',
          payOnDelivery: false,
        },
      ],
    },
  })),
  scenarioShop(SCENARIO_SHOP_IDS.cnpj, { enableCnpj: true }),
  scenarioShop(SCENARIO_SHOP_IDS.noCharge, { disableChargeOrders: true }),
  scenarioShop(SCENARIO_SHOP_IDS.smallLimits, {}, (base) => ({
    ...base,
    limits: { minOrderValueCents: 5000, orderMinPriceCents: 5000, maxDistinctItems: 3, maxItemsAmout: 10 },
  })),
  // Manual prices and no logistics configured: the operator sets the freight by hand ('Grátis' or 'Customizado').
  scenarioShop(SCENARIO_SHOP_IDS.manualPrices, {
    enableManualPrices: true,
    canUseCoupon: true,
    logistics: [],
  }),
  scenarioShop(SCENARIO_SHOP_IDS.paymentLink, { payment: { type: 'pagbrasil', publicKey: '' } }, (base) => ({
    ...base,
    payment: {
      ...base.payment,
      providerType: PaymentProviderType.PagBrasil,
      paymentLinkBase: 'https://pagamento.exemplo.com.br/pagar/',
    },
  })),
  scenarioShop(
    SCENARIO_SHOP_IDS.mercadoPago,
    { payment: { type: 'mercadopago', publicKey: 'TEST-00000000-0000-4000-8000-000000000000' } },
    (base) => ({ ...base, payment: { ...base.payment, providerType: PaymentProviderType.MercadoPago } }),
  ),
  // The Pix charge extension (decision 0023) with codes payable for 20 s, and a shop whose backend has
  // no such extension (the spec's flow: 'Pix is paid via copy and paste' in the chat).
  scenarioShop(SCENARIO_SHOP_IDS.pix, {}, (base) => ({
    ...base,
    payment: {
      ...base.payment,
      pixCharges: { ...DEFAULT_PIX_CHARGE_RULE, expirySeconds: PIX_SCENARIO_EXPIRY_SECONDS },
      // A Link payment is paid on PagBrasil's page (its cards stay on the shop's card page).
      paymentLinkBase: 'https://pagamento.exemplo.com.br/pagbrasil/',
    },
  })),
  scenarioShop(SCENARIO_SHOP_IDS.pixWithoutCharges, {}, (base) => ({
    ...base,
    payment: { ...base.payment, pixCharges: null },
  })),
  // A shop with a slug but no chat addresses (the chat app's extension): its share page shows no
  // 'Pedir pelo WhatsApp' button.
  scenarioShop(SCENARIO_SHOP_IDS.withoutChat, {}, undefined, null),
  // The schedule step without the seller step: the checkout shows 'Agendamento' after the delivery.
  scenarioShop(SCENARIO_SHOP_IDS.schedule, {
    steps: [
      FlowStep.Start,
      FlowStep.Catalog,
      FlowStep.Identify,
      FlowStep.Logistic,
      FlowStep.Schedule,
      FlowStep.Payment,
    ],
  }),
];

/** A seeded person; documents are valid example numbers, phone numbers fictitious. */
function person(id: string, channelId: string, fields: Parameters<typeof customer>[0]) {
  return { id, channelId, isAnonymous: false, customer: customer(fields), addresses: [HOME_SP] };
}

const HOME_SP = {
  name: 'Casa',
  isDefault: true,
  zipCode: '01310-200',
  street: 'Avenida Paulista',
  number: '900',
  complement: '',
  neighborhood: 'Bela Vista',
  neighborhoodId: null,
  city: 'São Paulo',
  state: 'SP',
  latitude: -23.5646,
  longitude: -46.6527,
} as const;

/** 'Sorvete Kibon Napolitano 1,5L': only for pick-up (hasShippingRestriction). */
export const SHIPPING_RESTRICTED_PRODUCT_ID = '9101';

const CART: SeedSession['cart'] = [
  { productId: '1001', quantity: 1 },
  { productId: '1008', quantity: 2 },
];

const PICK_UP_AT_PINHEIROS = {
  type: LogisticType.StorePickUp,
  providerId: 'retirada-pinheiros',
  name: 'Retirada na loja Pinheiros',
  priceCents: null,
  freeAboveCents: null,
  serviceTaxCents: 0,
  startDeliveryTime: 'Em até 2 horas',
  storePickUpAddress: {
    providerId: 'loja-pinheiros',
    name: 'Empório Bom Preço Pinheiros',
    street: 'Rua dos Pinheiros',
    number: '1020',
    neighborhood: 'Pinheiros',
    city: 'São Paulo',
    state: 'SP',
    zipCode: '05422-001',
  },
  addressIndex: null,
  cep: null,
  manual: false,
  orderMinPriceCents: 0,
  maxDistinctItems: 30,
  maxItemsAmout: 100,
} satisfies CheckoutState['logistic'];

const waitingCardPayment = (
  providerType: (typeof PaymentProviderType)[keyof typeof PaymentProviderType],
  link: string | null,
) =>
  ({
    method: PaymentMethod.CreditCard,
    providerType,
    link,
    status: PaymentStatus.Waiting,
    failureType: null,
    providerId: null,
    installments: null,
    onDelivery: null,
    manualInformation: null,
    recaptchaKey: null,
  }) satisfies CheckoutState['payment'];

const operatorOf = (
  code: string,
  shopId: string,
  userShop: SeedSession['userShop'],
  cart = CART,
): SeedSession => ({
  code,
  shopId,
  sessionType: SessionType.PlatformUser,
  channelType: Channel.WhatsApp,
  channelId: SHOP_CHANNELS.whatsApp.id,
  userShop,
  operatorName: 'Juliana Prado',
  cart,
});

const contactOf = (
  code: string,
  shopId: string,
  userShop: SeedSession['userShop'],
  cart = CART,
): SeedSession => ({
  code,
  shopId,
  sessionType: SessionType.Contact,
  channelType: Channel.WhatsApp,
  channelId: SHOP_CHANNELS.whatsApp.id,
  userShop,
  operatorName: null,
  cart,
});

export const SCENARIO_SESSIONS: readonly SeedSession[] = [
  operatorOf(
    'demo-lojas',
    SCENARIO_SHOP_IDS.sellerAndSchedule,
    person('cliente-lojas', '5511912340001', {
      name: 'Renata Alves Pereira',
      email: 'renata.pereira@exemplo.com.br',
      document: '39053344705',
      phone: '11912340001',
    }),
  ),
  operatorOf(
    'demo-pagamento-manual',
    SCENARIO_SHOP_IDS.manualPayment,
    person('cliente-pagamento-manual', '5511912340002', {
      name: 'Paulo Henrique Costa',
      email: 'paulo.costa@exemplo.com.br',
      document: '15350946056',
      phone: '11912340002',
    }),
  ),
  contactOf(
    'demo-cnpj',
    SCENARIO_SHOP_IDS.cnpj,
    person('cliente-empresa', '5511912340003', {
      name: 'Fernanda Ribeiro',
      email: 'compras@padariaribeiro.com.br',
      document: '71460238001',
      phone: '11912340003',
    }),
  ),
  operatorOf(
    'demo-sem-cobranca',
    SCENARIO_SHOP_IDS.noCharge,
    person('cliente-sem-cobranca', '5511912340004', {
      name: 'Marcos Vinícius Rocha',
      email: 'marcos.rocha@exemplo.com.br',
      document: '86210793487',
      phone: '11912340004',
    }),
  ),
  {
    ...contactOf(
      'demo-messenger',
      SHOP_ID,
      person('cliente-messenger', 'messenger-psid-4815162342', {
        name: 'Beatriz Nogueira',
        email: 'beatriz.nogueira@exemplo.com.br',
        document: '24843834017',
        phone: '',
      }),
    ),
    channelType: Channel.Messenger,
    channelId: SHOP_CHANNELS.messenger.id,
  },
  {
    // The way back to an Instagram conversation (issue 37): the end pages link to ig.me.
    ...contactOf(
      'demo-instagram',
      SHOP_ID,
      person('cliente-instagram', 'instagram-igsid-1729', {
        name: 'Larissa Campos',
        email: 'larissa.campos@exemplo.com.br',
        document: '12345678909',
        phone: '',
      }),
    ),
    channelType: Channel.Instagram,
    channelId: SHOP_CHANNELS.instagram.id,
  },
  {
    // A web chat visitor who gave their name: confirming goes to the confirm page (no chat app to go back to).
    ...contactOf(
      'demo-webchat',
      SHOP_ID,
      person('cliente-webchat', 'webchat-visitante-0002', {
        name: 'Rafael Teixeira',
        email: 'rafael.teixeira@exemplo.com.br',
        document: '39053344705',
        phone: '',
      }),
    ),
    channelType: Channel.WebChat,
    channelId: SHOP_CHANNELS.webChat.id,
  },
  {
    ...contactOf(
      'demo-pedido-recebido',
      SHOP_ID,
      person('cliente-pedido-recebido', '5511912340006', {
        name: 'Ana Clara Mendes',
        email: 'ana.mendes@exemplo.com.br',
        document: '63091257703',
        phone: '11912340006',
      }),
    ),
    order: {
      status: OrderState.Received,
      checkout: {
        logistic: PICK_UP_AT_PINHEIROS,
        payment: waitingCardPayment(PaymentProviderType.ShopProvider, null),
      },
    },
  },
  contactOf(
    'demo-limites',
    SCENARIO_SHOP_IDS.smallLimits,
    person('cliente-limites', '5511912340007', {
      name: 'Thiago Martins',
      email: 'thiago.martins@exemplo.com.br',
      document: '40511827628',
      phone: '11912340007',
    }),
    [
      { productId: '1002', quantity: 4 },
      { productId: '1005', quantity: 4 },
      { productId: '1007', quantity: 2 },
      { productId: '1010', quantity: 1 },
    ],
  ),
  operatorOf(
    'demo-precos-manuais',
    SCENARIO_SHOP_IDS.manualPrices,
    person('cliente-precos-manuais', '5511912340008', {
      name: 'Luciana Ferreira',
      email: 'luciana.ferreira@exemplo.com.br',
      document: '95736100274',
      phone: '11912340008',
    }),
  ),
  {
    ...contactOf(
      'demo-link-pagamento',
      SCENARIO_SHOP_IDS.paymentLink,
      person('cliente-link-pagamento', '5511912340009', {
        name: 'Gabriel Souza',
        email: 'gabriel.souza@exemplo.com.br',
        document: '52998224725',
        phone: '11912340009',
      }),
    ),
    order: {
      checkout: {
        logistic: PICK_UP_AT_PINHEIROS,
        payment: waitingCardPayment(
          PaymentProviderType.PagBrasil,
          'https://pagamento.exemplo.com.br/pagar/pedido-demo-link-pagamento',
        ),
      },
    },
  },
  {
    ...contactOf(
      'demo-mercadopago',
      SCENARIO_SHOP_IDS.mercadoPago,
      person('cliente-mercadopago', '5511912340010', {
        name: 'Isabela Cardoso',
        email: 'isabela.cardoso@exemplo.com.br',
        document: '11144477735',
        phone: '11912340010',
      }),
    ),
    order: {
      checkout: {
        logistic: PICK_UP_AT_PINHEIROS,
        payment: waitingCardPayment(PaymentProviderType.MercadoPago, null),
      },
    },
  },
  contactOf(
    'demo-agendamento',
    SCENARIO_SHOP_IDS.schedule,
    person('cliente-agendamento', '5511912340011', {
      name: 'Patrícia Lopes',
      email: 'patricia.lopes@exemplo.com.br',
      document: '28461739078',
      phone: '11912340011',
    }),
  ),
  contactOf(
    'demo-retirada',
    SHOP_ID,
    person('cliente-retirada', '5511912340012', {
      name: 'Eduardo Farias',
      email: 'eduardo.farias@exemplo.com.br',
      document: '73190526443',
      phone: '11912340012',
    }),
    // The ice cream has a shipping restriction: the order can only be picked up.
    [...CART, { productId: SHIPPING_RESTRICTED_PRODUCT_ID, quantity: 1 }],
  ),
  {
    // Ready to finish with Pix (pick-up chosen, contact data complete): the code is payable for 20 s.
    ...contactOf(
      'demo-pix',
      SCENARIO_SHOP_IDS.pix,
      person('cliente-pix', '5511912340013', {
        name: 'Camila Duarte',
        email: 'camila.duarte@exemplo.com.br',
        document: '52998224725',
        phone: '11912340013',
      }),
    ),
    order: { checkout: { logistic: PICK_UP_AT_PINHEIROS } },
  },
  {
    // The same, against a backend without the Pix charge extension: finishing is the spec's flow.
    ...contactOf(
      'demo-pix-classico',
      SCENARIO_SHOP_IDS.pixWithoutCharges,
      person('cliente-pix-classico', '5511912340014', {
        name: 'Vitor Almeida',
        email: 'vitor.almeida@exemplo.com.br',
        document: '11144477735',
        phone: '11912340014',
      }),
    ),
    order: { checkout: { logistic: PICK_UP_AT_PINHEIROS } },
  },
  // A shop without chat addresses: its share links preview, and their page has no chat button.
  contactOf(
    'demo-sem-chat',
    SCENARIO_SHOP_IDS.withoutChat,
    person('cliente-sem-chat', '5511912340015', {
      name: 'Helena Barros',
      email: 'helena.barros@exemplo.com.br',
      document: '52998224725',
      phone: '11912340015',
    }),
  ),
];
