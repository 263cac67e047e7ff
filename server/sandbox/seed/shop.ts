// The seeded shop: a neighbourhood emporium in São Paulo selling groceries over WhatsApp.
// `settings` is what GET /api/shop/settings answers, field for field (both specs, section 3);
// `rules` stays on the server and feeds the order (minimum values, item limits).
import { Channel, FlowStep, LogisticType, SaleMode } from '../contract.ts';
import { mediaUrl } from '../media/urls.ts';
import type { ShopRules } from '../shop/shops.ts';
import { checkoutRules } from './checkout.ts';
import { SEEDED_GIFT_GROUPS, SEEDED_PRICE_TABLES } from './order-offers.ts';
import { paymentRules } from './payment.ts';

export const SHOP_ID = 'emporio-bom-preco';
export const SHOP_NAME = 'Empório Bom Preço';

/** The slug of the shop's share links (/s/<slug>/p/<product>), the chat app's extension (decision 0024). */
export const SHOP_SLUG = SHOP_ID;

/**
 * The shop's chat addresses (the chat app's extension): 'Pedir pelo WhatsApp' and the way back to the
 * chat open these. The WhatsApp number is the settings' own.
 */
export const SHOP_CHAT = {
  whatsApp: '5511940028922',
  messenger: 'emporiobompreco',
  instagram: 'emporiobompreco',
  webChat: 'https://chat.exemplo.com.br/emporio-bom-preco',
} as const;

export const SHOP_COLORS = { primary: '#1B6E3A', secondary: '#F2A516' } as const;

export const SHOP_CHANNELS = {
  whatsApp: { type: Channel.WhatsApp, id: 'whatsapp-5511940028922' },
  webChat: { type: Channel.WebChat, id: 'webchat-emporio-bom-preco' },
  messenger: { type: Channel.Messenger, id: 'messenger-emporio-bom-preco' },
  instagram: { type: Channel.Instagram, id: 'instagram-emporio-bom-preco' },
} as const;

export const SEEDED_COLLECTIONS = [
  { id: '9001', name: 'Ofertas da Semana' },
  { id: '9002', name: 'Café da Manhã' },
] as const;

export const shopSettings = {
  style: {
    defaultColor: SHOP_COLORS.primary,
    secondaryColor: SHOP_COLORS.secondary,
    urlLogo: mediaUrl('logo.svg'),
  },
  // Per-channel overrides of the style; the web chat shows the same logo on a darker green.
  channelSettings: [
    {
      channelId: SHOP_CHANNELS.webChat.id,
      style: {
        defaultColor: '#14532D',
        secondaryColor: SHOP_COLORS.secondary,
        urlLogo: mediaUrl('logo.svg'),
      },
    },
  ],
  showCollections: SEEDED_COLLECTIONS.map((c) => ({ providerId: c.id, name: c.name })),
  whatsApp: SHOP_CHAT.whatsApp,
  webCatalogCallbackMessage: 'Olá! Acabei de montar meu pedido no catálogo do Empório Bom Preço.',
  steps: [FlowStep.Start, FlowStep.Catalog, FlowStep.Identify, FlowStep.Logistic, FlowStep.Payment],
  disableRestrictedProducts: true,
  hideAttributes: false,
  shippingRestrictionMessage: 'Este produto só está disponível para retirada em loja.',
  showSpecifications: true,
  showSellerOptions: false,
  allowShippingRestrictedProducts: false,
  // type is 'manual' or the name of who charges cards: here the shop's own card page (ShopProvider
  // in the payment rules). Only a Mercado Pago shop has a public key (see seed/scenarios.ts).
  payment: { type: 'shop', publicKey: '' },
  // checkout settings (companion spec, section 3)
  externalLogistic: false,
  enableCnpj: true,
  enableManualPrices: false,
  logistics: [LogisticType.StorePickUp, LogisticType.ExpressDelivery, LogisticType.Shipping],
  canUseCoupon: true,
  disableChargeOrders: false,
  disableExpressDeliveryLogistic: SaleMode.None,
} as const;

/** Rules the server applies (never sent as settings). Amounts in cents. */
export const shopRules: ShopRules = {
  limits: {
    minOrderValueCents: 2500,
    orderMinPriceCents: 2500,
    maxDistinctItems: 30,
    maxItemsAmout: 100,
  },
  giftGroups: SEEDED_GIFT_GROUPS,
  priceTables: SEEDED_PRICE_TABLES,
  checkout: checkoutRules,
  payment: paymentRules,
};
