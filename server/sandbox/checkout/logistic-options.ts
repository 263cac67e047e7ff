// Which pick-up and delivery options an order may use, and the refusals when it may not: the shop's
// configured logistic kinds, items that may only be picked up, express delivery switched off for the
// sale mode, CEPs no option serves, a chosen seller that does not deliver there.
import { LogisticType, type ShopSettings } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { badRequest, notFound } from '../http/envelope.ts';
import type { OrderAmounts } from '../order/order-amounts.ts';
import type { CheckoutState, ChosenLogistic } from '../order/order-state.ts';
import { centsToReais } from '../rules/money.ts';
import type { Shop } from '../shop/shops.ts';
import { distanceKm, findCep, formatCep, servesCep } from './cep.ts';
import type { DeliveryOptionRule, PickUpOptionRule, StoreRule } from './rules.ts';
import { isExpressDeliveryDisabled, offeredLogisticKinds } from './settings.ts';
import { storeFullAddress, storeSnapshot } from './stores.ts';

export const SHIPPING_RESTRICTED_MESSAGE =
  'Alguns itens do pedido só estão disponíveis para a modalidade de retirada em loja';

const DELIVERY_KINDS: readonly LogisticType[] = [LogisticType.ExpressDelivery, LogisticType.Shipping];

export type LogisticContext = {
  shop: Shop;
  settings: ShopSettings;
  isPlatformUser: boolean;
  amounts: OrderAmounts;
  state: CheckoutState;
};

/** The items' value the free-delivery thresholds compare with: after promotions, coupon and discount. */
const itemsAfterDiscounts = (amounts: OrderAmounts) => amounts.itemsCents - amounts.discountCents;

// ---------------------------------------------------------------------------------------------
// Pick-up

export function requirePickUpOffered(context: Pick<LogisticContext, 'settings'>): void {
  if (!offeredLogisticKinds(context.settings).includes(LogisticType.StorePickUp)) {
    throw badRequest('Esta loja não oferece retirada em loja.');
  }
}

export type PickUpChoice = { option: PickUpOptionRule; store: StoreRule };

/** Every pick-up option with its store, nearest first when the CEP is a known one. */
/** A pick-up search for a CEP the directory does not know. */
export const PICK_UP_CEP_NOT_FOUND = 'CEP não encontrado. Confira o número digitado.';

export function pickUpChoices(db: SandboxDb, shop: Shop, cep: string | undefined): PickUpChoice[] {
  const { stores, pickUpOptions } = shop.rules.checkout;
  const choices = pickUpOptions.flatMap((option) => {
    const store = stores.find((s) => s.providerId === option.storeProviderId);
    return store ? [{ option, store }] : [];
  });
  const origin = cep ? findCep(db, cep) : undefined;
  // A CEP that does not exist is a typing mistake to point out, not a search that found every store.
  if (cep && !origin) throw notFound(PICK_UP_CEP_NOT_FOUND);
  if (origin?.latitude == null || origin.longitude == null) return choices;
  const from = { latitude: origin.latitude, longitude: origin.longitude };
  const distance = ({ store }: PickUpChoice) =>
    store.latitude === null || store.longitude === null
      ? Number.POSITIVE_INFINITY
      : distanceKm(from, { latitude: store.latitude, longitude: store.longitude });
  // Array.prototype.sort is stable: options of one store keep the shop's order.
  return [...choices].sort((a, b) => distance(a) - distance(b));
}

export function pickUpOptionToWire({ option, store }: PickUpChoice) {
  const address = storeSnapshot(store);
  return {
    providerId: option.providerId,
    name: option.name,
    /** null: free ('Grátis'). */
    price: option.priceCents === null ? null : centsToReais(option.priceCents),
    orderMinPrice: centsToReais(option.orderMinPriceCents),
    maxDistinctItems: option.maxDistinctItems,
    maxItemsAmout: option.maxItemsAmout,
    shippingTimeEstimative: option.shippingTimeEstimative,
    minShippingTimeEstimative: null,
    storeName: store.name,
    description: option.description,
    storePickUpAddress: { ...address, fullAddress: storeFullAddress(address) },
    serviceTax: centsToReais(store.serviceTaxCents),
    type: LogisticType.StorePickUp,
  };
}

export function pickUpSnapshot({ option, store }: PickUpChoice): ChosenLogistic {
  return {
    type: LogisticType.StorePickUp,
    providerId: option.providerId,
    name: option.name,
    priceCents: option.priceCents,
    freeAboveCents: null,
    serviceTaxCents: store.serviceTaxCents,
    startDeliveryTime: `Em até ${option.shippingTimeEstimative}`,
    storePickUpAddress: storeSnapshot(store),
    addressIndex: null,
    cep: null,
    manual: false,
    orderMinPriceCents: option.orderMinPriceCents,
    maxDistinctItems: option.maxDistinctItems,
    maxItemsAmout: option.maxItemsAmout,
  };
}

// ---------------------------------------------------------------------------------------------
// Delivery

/** Refuses delivery when an item may only be picked up, unless the shop allows those items anyway. */
export function requireNoShippingRestriction(context: Pick<LogisticContext, 'settings' | 'amounts'>): void {
  const restricted = context.amounts.items.some((i) => i.has_shipping_restriction === 1);
  if (restricted && context.settings.allowShippingRestrictedProducts !== true) {
    throw badRequest(SHIPPING_RESTRICTED_MESSAGE);
  }
}

/** The delivery kinds this session may use, or the refusal explaining why there are none. */
function deliveryKinds(context: LogisticContext): LogisticType[] {
  const configured = offeredLogisticKinds(context.settings).filter((k) => DELIVERY_KINDS.includes(k));
  if (configured.length === 0) throw badRequest('Esta loja não faz entregas. Escolha a retirada em loja.');
  requireNoShippingRestriction(context);
  const kinds = isExpressDeliveryDisabled(context.settings, context.isPlatformUser)
    ? configured.filter((k) => k !== LogisticType.ExpressDelivery)
    : configured;
  if (kinds.length === 0) {
    throw badRequest('A entrega expressa não está disponível neste atendimento. Escolha a retirada em loja.');
  }
  return kinds;
}

/** The delivery options serving the CEP, or the refusal the SPA shows in its red block. */
export function deliveryOptionsFor(context: LogisticContext, cep: string | undefined): DeliveryOptionRule[] {
  const kinds = deliveryKinds(context);
  if (!cep) throw badRequest('Informe o CEP de entrega.');
  const seller = context.state.seller
    ? context.shop.rules.checkout.sellers.find((s) => s.providerId === context.state.seller?.providerId)
    : undefined;
  if (seller && !servesCep(seller.cepPrefixes, cep)) {
    throw badRequest(`${seller.name} não entrega no CEP ${formatCep(cep)}. Escolha outra loja.`);
  }
  const options = context.shop.rules.checkout.deliveryOptions.filter(
    (o) => kinds.includes(o.logisticType) && servesCep(o.cepPrefixes, cep),
  );
  if (options.length === 0) {
    const pickUp = offeredLogisticKinds(context.settings).includes(LogisticType.StorePickUp);
    throw badRequest(
      `Não entregamos no CEP ${formatCep(cep)}.${pickUp ? ' Escolha a retirada em loja.' : ''}`,
    );
  }
  return options;
}

/** The delivery price for this order: free once its items reach the option's threshold. */
export function deliveryPriceCents(option: DeliveryOptionRule, amounts: OrderAmounts): number {
  const free = option.freeAboveCents !== null && itemsAfterDiscounts(amounts) >= option.freeAboveCents;
  return free ? 0 : option.priceCents;
}

export function deliveryOptionToWire(option: DeliveryOptionRule, amounts: OrderAmounts) {
  return {
    providerId: option.providerId,
    name: option.name,
    price: centsToReais(deliveryPriceCents(option, amounts)),
    orderMinPrice: centsToReais(option.orderMinPriceCents),
    maxDistinctItems: option.maxDistinctItems,
    maxItemsAmout: option.maxItemsAmout,
    shippingTimeEstimative: option.shippingTimeEstimative,
    minShippingTimeEstimative: option.minShippingTimeEstimative,
    storeName: option.storeName,
    description: option.description,
    storePickUpAddress: null,
    /** Delivery is free once the items reach this (null: never). */
    freeAbove: option.freeAboveCents === null ? null : centsToReais(option.freeAboveCents),
    type: option.logisticType,
  };
}

export function deliverySnapshot(
  option: DeliveryOptionRule,
  addressIndex: number,
  cep: string,
): ChosenLogistic {
  return {
    type: option.logisticType,
    providerId: option.providerId,
    name: option.name,
    // The threshold is applied every time the order is read, so adding items can make it free.
    priceCents: option.priceCents,
    freeAboveCents: option.freeAboveCents,
    serviceTaxCents: 0,
    startDeliveryTime: `Em até ${option.shippingTimeEstimative}`,
    storePickUpAddress: null,
    addressIndex,
    cep: cep.replace(/\D/g, ''),
    manual: false,
    orderMinPriceCents: option.orderMinPriceCents,
    maxDistinctItems: option.maxDistinctItems,
    maxItemsAmout: option.maxItemsAmout,
  };
}

/** The form's delivery method (0 pick-up, 1 delivery) of a chosen logistic. */
export const formValueOf = (logistic: Pick<ChosenLogistic, 'type'>): 0 | 1 =>
  logistic.type === LogisticType.StorePickUp ? 0 : 1;
