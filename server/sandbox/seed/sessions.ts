// Seeded demo sessions. Each code is what a chat link carries in its hash, e.g.
// http://localhost:3000/catalog#demo-shopper. The README lists them with what each shows.
import { Channel, type OrderState, SessionType } from '../contract.ts';
import type { CheckoutState } from '../order/order-state.ts';
import { SHOP_CHANNELS, SHOP_ID } from './shop.ts';

export const DEMO_SESSION_CODES = {
  shopper: 'demo-shopper',
  operator: 'demo-operator',
  anonymous: 'anonymous-session',
  noShop: 'no-shop-session',
} as const;

/** Fixed instant for every seeded timestamp, so two seeds are identical. */
export const SEED_TIME = '2025-01-06T12:00:00.000Z';

export type SeedAddress = {
  name: string;
  isDefault: boolean;
  zipCode: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  neighborhoodId: string | null;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
};

export type SeedUserShop = {
  id: string;
  channelId: string;
  isAnonymous: boolean;
  customer: Record<string, unknown>;
  addresses: readonly SeedAddress[];
};

export type SeedSession = {
  code: string;
  shopId: string | null;
  sessionType: SessionType;
  channelType: Channel;
  channelId: string;
  userShop: SeedUserShop | null;
  operatorName: string | null;
  /** Items of the session's current order at seed time: product id and quantity. */
  cart: readonly { productId: string; quantity: number }[];
  /** The current order's status and checkout choices at seed time (default: being built, none). */
  order?: { status?: OrderState; checkout?: CheckoutState };
};

export function customer(fields: { name: string; email: string; document: string; phone: string }) {
  return {
    ...fields,
    isCorporate: false,
    corporateName: '',
    corporateDocument: '',
    tradeName: '',
    stateInscription: '',
  };
}

export const SEEDED_SESSIONS: readonly SeedSession[] = [
  {
    // An identified WhatsApp shopper with two addresses and 3 items in the cart (badge shows 3).
    code: DEMO_SESSION_CODES.shopper,
    shopId: SHOP_ID,
    sessionType: SessionType.Contact,
    channelType: Channel.WhatsApp,
    channelId: SHOP_CHANNELS.whatsApp.id,
    userShop: {
      id: 'cliente-0001',
      channelId: '5511987654321',
      isAnonymous: false,
      // 529.982.247-25 is a valid CPF (both check digits) reserved for examples.
      customer: customer({
        name: 'Mariana Souza Oliveira',
        email: 'mariana.oliveira@exemplo.com.br',
        document: '52998224725',
        phone: '11987654321',
      }),
      addresses: [
        {
          name: 'Casa',
          isDefault: true,
          zipCode: '01310-200',
          street: 'Avenida Paulista',
          number: '1578',
          complement: 'Apto 82',
          neighborhood: 'Bela Vista',
          neighborhoodId: null,
          city: 'São Paulo',
          state: 'SP',
          latitude: -23.5614,
          longitude: -46.6559,
        },
        {
          name: 'Trabalho',
          isDefault: false,
          zipCode: '22021-001',
          street: 'Avenida Atlântica',
          number: '1702',
          complement: 'Sala 3',
          neighborhood: 'Copacabana',
          neighborhoodId: null,
          city: 'Rio de Janeiro',
          state: 'RJ',
          latitude: -22.9671,
          longitude: -43.1787,
        },
      ],
    },
    operatorName: null,
    cart: [
      { productId: '1008', quantity: 2 },
      { productId: '1001', quantity: 1 },
    ],
  },
  {
    // An operator (platform user) selling for a WhatsApp contact; the cart starts empty.
    code: DEMO_SESSION_CODES.operator,
    shopId: SHOP_ID,
    sessionType: SessionType.PlatformUser,
    channelType: Channel.WhatsApp,
    channelId: SHOP_CHANNELS.whatsApp.id,
    userShop: {
      id: 'cliente-0002',
      channelId: '5521998765432',
      isAnonymous: false,
      // 111.444.777-35: another valid example CPF.
      customer: customer({
        name: 'Carlos Eduardo Lima',
        email: 'carlos.lima@exemplo.com.br',
        document: '11144477735',
        phone: '21998765432',
      }),
      addresses: [
        {
          name: 'Casa',
          isDefault: true,
          zipCode: '20040-020',
          street: 'Praça Pio X',
          number: '119',
          complement: '',
          neighborhood: 'Centro',
          neighborhoodId: null,
          city: 'Rio de Janeiro',
          state: 'RJ',
          latitude: -22.9008,
          longitude: -43.1776,
        },
      ],
    },
    operatorName: 'Juliana Prado',
    cart: [],
  },
  {
    // The SPA's fallback code: a web chat visitor nobody has identified yet.
    code: DEMO_SESSION_CODES.anonymous,
    shopId: SHOP_ID,
    sessionType: SessionType.Contact,
    channelType: Channel.WebChat,
    channelId: SHOP_CHANNELS.webChat.id,
    userShop: {
      id: 'anonymous-webchat-0001',
      channelId: 'webchat-visitante-0001',
      isAnonymous: true,
      customer: customer({ name: '', email: '', document: '', phone: '' }),
      addresses: [],
    },
    operatorName: null,
    cart: [],
  },
  {
    // A session the backend knows but that carries no shop data: the SPA must go to invalid-session.
    code: DEMO_SESSION_CODES.noShop,
    shopId: null,
    sessionType: SessionType.Contact,
    channelType: Channel.WhatsApp,
    channelId: SHOP_CHANNELS.whatsApp.id,
    userShop: null,
    operatorName: null,
    cart: [],
  },
];
