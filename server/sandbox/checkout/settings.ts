// The shop settings the checkout rules read, parsed with the contract's settings schema so a scenario
// shop with a missing or odd field falls back to the product's defaults instead of breaking a call.
import {
  FlowStep,
  isManualPayment,
  LogisticType,
  SaleMode,
  type ShopSettings,
  shopSettingsSchema,
} from '../contract.ts';
import type { Shop } from '../shop/shops.ts';

export function checkoutSettings(shop: Shop): ShopSettings {
  const parsed = shopSettingsSchema.safeParse(shop.settings);
  return parsed.success ? parsed.data : {};
}

export function hasStep(settings: ShopSettings, step: FlowStep): boolean {
  return settings.steps?.includes(step) ?? false;
}

/**
 * The logistic kinds the shop offers (settings.logistics): a list of LogisticType codes; `true`
 * means all of them. Anything else (false, empty, absent) offers none: the shop then relies on the
 * operator's manual freight (enableManualPrices) or an external logistic.
 */
export function offeredLogisticKinds(settings: ShopSettings): LogisticType[] {
  const { logistics } = settings;
  const all = Object.values(LogisticType);
  if (logistics === true) return all;
  if (!Array.isArray(logistics)) return [];
  return all.filter((kind) => logistics.includes(kind));
}

/**
 * Whether express delivery is switched off for this session (settings.disableExpressDeliveryLogistic):
 * AssistedSale is an operator (platform user) selling, AutomatedSale the shopper alone, Both either.
 */
export function isExpressDeliveryDisabled(settings: ShopSettings, isPlatformUser: boolean): boolean {
  switch (settings.disableExpressDeliveryLogistic) {
    case SaleMode.Both:
      return true;
    case SaleMode.AssistedSale:
      return isPlatformUser;
    case SaleMode.AutomatedSale:
      return !isPlatformUser;
    default:
      return false;
  }
}

/** The shopper may choose the store serving the order (the seller step or the 'Loja' select). */
export function offersSellerChoice(settings: ShopSettings): boolean {
  return hasStep(settings, FlowStep.Seller) || settings.showSellerOptions === true;
}

export const isManualPaymentMode = (settings: ShopSettings): boolean => isManualPayment(settings);
