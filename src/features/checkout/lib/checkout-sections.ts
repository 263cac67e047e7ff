// Which parts of the checkout screen are shown (spec section 2, "Checkout screen sections").
import { FlowStep, SaleMode } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { Session } from '@/contract/session.ts';
import { hasConfiguredLogistics, type ShopSettings } from '@/contract/shop-settings.ts';

export type CheckoutSections = {
  /** 'Loja': the seller select or the price-table select is shown. */
  store: boolean;
  /** Seller select: showSellerOptions or a Seller step in the flow. */
  sellerSelect: boolean;
  /** Price-table select: price tables exist and the user is a platform user. */
  priceTableSelect: boolean;
  /** 'Forma de entrega': hidden with a Seller step or an external logistic. */
  deliveryMethod: boolean;
  /** The 'Entregamos para você' option. */
  delivery: 'enabled' | 'disabled' | 'hidden';
  /** 'Alguns itens do pedido só estão disponíveis para a modalidade de retirada em loja'. */
  shippingRestrictionNote: boolean;
  /** The 'Retirada em loja' option. */
  pickUp: boolean;
  /** Manual freight (store select / 'Grátis' or 'Customizado') instead of the logistic options. */
  manualLogistics: boolean;
  /** 'Agendamento': a Schedule step in the flow. */
  schedule: boolean;
  /** The coupon field, the manual 'Desconto' field, or neither. */
  coupon: 'coupon' | 'manual-discount' | null;
  /** 'Forma de pagamento': the order has items (gifts do not count). */
  paymentMethod: boolean;
};

/** What every section component receives. */
export type CheckoutScreen = {
  order: Order;
  settings: ShopSettings;
  isPlatformUser: boolean;
  session: Session;
  sections: CheckoutSections;
};

export type CheckoutSectionsInput = {
  order: Order;
  settings: ShopSettings;
  isPlatformUser: boolean;
  /** How many price tables the shop has (0 while unknown or for contacts). */
  priceTableCount: number;
};

/** True when the shop's flow has the step. */
export const hasFlowStep = (settings: Pick<ShopSettings, 'steps'>, step: FlowStep): boolean =>
  settings.steps?.includes(step) ?? false;

function deliveryState(
  order: Order,
  settings: ShopSettings,
  isPlatformUser: boolean,
  manualLogistics: boolean,
): CheckoutSections['delivery'] {
  const expressDisabledFor = settings.disableExpressDeliveryLogistic;
  const expressDisabled =
    expressDisabledFor === SaleMode.Both || (expressDisabledFor === SaleMode.AssistedSale && isPlatformUser);
  // With manual freight the operator delivers at a price of their own: no logistic needs to offer it.
  if ((!order.enableDelivery && !manualLogistics) || expressDisabled) return 'hidden';
  const restricted = order.items.some((item) => item.hasShippingRestriction === true);
  if (restricted && !settings.allowShippingRestrictedProducts) return 'disabled';
  return 'enabled';
}

export function checkoutSections({
  order,
  settings,
  isPlatformUser,
  priceTableCount,
}: CheckoutSectionsInput): CheckoutSections {
  const sellerStep = hasFlowStep(settings, FlowStep.Seller);
  const sellerSelect = settings.showSellerOptions === true || sellerStep;
  const priceTableSelect = priceTableCount > 0 && isPlatformUser;
  const manualPrices = settings.enableManualPrices === true;
  const manualLogistics = manualPrices && !hasConfiguredLogistics(settings) && isPlatformUser;
  const delivery = deliveryState(order, settings, isPlatformUser, manualLogistics);
  let coupon: CheckoutSections['coupon'] = null;
  if (settings.canUseCoupon) coupon = manualPrices && isPlatformUser ? 'manual-discount' : 'coupon';

  return {
    // The spec shows 'Loja' when seller options are on or price tables exist; the price-table select
    // is for platform users only, so a contact with price tables but no seller select gets no empty section.
    store: sellerSelect || priceTableSelect,
    sellerSelect,
    priceTableSelect,
    deliveryMethod: !sellerStep && settings.externalLogistic !== true,
    delivery,
    shippingRestrictionNote: delivery === 'disabled',
    pickUp: manualLogistics || order.enablePickUp !== false,
    manualLogistics,
    schedule: hasFlowStep(settings, FlowStep.Schedule),
    coupon,
    paymentMethod: order.items.some((item) => item.isGift !== true),
  };
}
