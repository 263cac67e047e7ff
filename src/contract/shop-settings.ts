// Shop settings (GET /api/shop/settings): every settings field of both specs. All optional: a shop
// that sets nothing gets the product's defaults (no branding, no extra steps, every flag off).
import { z } from 'zod/mini';
import { flowStepSchema, saleModeSchema } from './enums.ts';
import { opt, tolerant } from './shared.ts';

/** Payment type that switches checkout to manual payment (Chave PIX, card link, custom method). */
export const MANUAL_PAYMENT_TYPE = 'manual';

export const shopStyleSchema = tolerant({
  defaultColor: opt(z.string()),
  secondaryColor: opt(z.string()),
  urlLogo: opt(z.string()),
});

/** Branding of one chat channel, overriding the shop's style for it. */
export const channelSettingsSchema = tolerant({
  channelId: opt(z.string()),
  style: opt(shopStyleSchema),
});

/** A collection offered by the operator's 'send catalogue' (type Coleção). */
export const showCollectionSchema = tolerant({
  providerId: z.string(),
  name: opt(z.string()),
});
export type ShowCollection = z.infer<typeof showCollectionSchema>;

export const shopPaymentSettingsSchema = tolerant({
  /** 'manual' or another provider's name. */
  type: opt(z.string()),
  /** The card provider's public key (e.g. the Mercado Pago brick). */
  publicKey: opt(z.string()),
});

export const shopSettingsSchema = tolerant({
  // Shopper side (the shopper spec, section 3)
  style: opt(shopStyleSchema),
  channelSettings: opt(z.array(channelSettingsSchema)),
  showCollections: opt(z.array(showCollectionSchema)),
  /** The shop's WhatsApp phone number (chat link on confirmation). */
  whatsApp: opt(z.string()),
  /** Text sent back to WhatsApp with the order id after confirmation. */
  webCatalogCallbackMessage: opt(z.string()),
  /** The flow's steps; Seller and Schedule switch on checkout sections. */
  steps: opt(z.array(flowStepSchema)),
  disableRestrictedProducts: opt(z.boolean()),
  /**
   * Type not stated by the spec. Read as a flag like its neighbours; a list of attribute names to
   * hide is accepted too, so a backend that sends one does not break the settings answer.
   */
  hideAttributes: opt(z.union([z.boolean(), z.array(z.string())])),
  shippingRestrictionMessage: opt(z.string()),
  showSpecifications: opt(z.boolean()),
  showSellerOptions: opt(z.boolean()),
  allowShippingRestrictedProducts: opt(z.boolean()),
  payment: opt(shopPaymentSettingsSchema),
  // Checkout side (the checkout spec, section 3)
  externalLogistic: opt(z.boolean()),
  enableCnpj: opt(z.boolean()),
  enableManualPrices: opt(z.boolean()),
  /**
   * Configured logistics. The spec only says "with manual prices on and no logistics configured";
   * its shape is not shown, so a list of opaque entries or a flag is accepted. See hasConfiguredLogistics.
   */
  logistics: opt(z.union([z.boolean(), z.array(z.unknown())])),
  canUseCoupon: opt(z.boolean()),
  disableChargeOrders: opt(z.boolean()),
  /** For which sale mode express delivery is disabled (AssistedSale or Both hides delivery at checkout). */
  disableExpressDeliveryLogistic: opt(saleModeSchema),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** True when the shop has logistics configured (a true flag or a non-empty list). */
export const hasConfiguredLogistics = (settings: Pick<ShopSettings, 'logistics'>): boolean => {
  const { logistics } = settings;
  return Array.isArray(logistics) ? logistics.length > 0 : logistics === true;
};

/** True when checkout runs in manual payment mode. */
export const isManualPayment = (settings: Pick<ShopSettings, 'payment'>): boolean =>
  settings.payment?.type === MANUAL_PAYMENT_TYPE;
