// The order as every order call answers it (both specs, section 3): items priced with the price
// table, gifts the order qualifies for, amounts, the limits in force, the problems that block
// confirmation (catalogErrorMessages), and the checkout choices made so far.
import { LogisticType, PaymentMethod } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { boletoToWire } from '../payment/boleto.ts';
import {
  chargeStatusAt,
  chargeToWire,
  currentCharge,
  paymentStatusOfCharge,
} from '../payment/pix-charges.ts';
import { pixChargeRule } from '../payment/rules.ts';
import { formatBrl } from '../rules/brl.ts';
import { centsToReais } from '../rules/money.ts';
import { findUserShop, listAddresses } from '../session/sessions.ts';
import type { OrderLimitRules, Shop } from '../shop/shops.ts';
import { computeOrderAmounts, type OrderAmounts } from './order-amounts.ts';
import { type CheckoutState, paymentStatusAt, readCheckout } from './order-state.ts';
import type { OrderRow } from './orders.ts';

type ItemDetails = { images?: { url: string }[] };

const reaisOrNull = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : centsToReais(cents);

/** The limits in force: the chosen logistic option's, else the shop's. */
export function limitsInForce(shop: Shop, state: CheckoutState): OrderLimitRules {
  const l = state.logistic;
  return l
    ? {
        minOrderValueCents: shop.rules.limits.minOrderValueCents,
        orderMinPriceCents: l.orderMinPriceCents,
        maxDistinctItems: l.maxDistinctItems,
        maxItemsAmout: l.maxItemsAmout,
      }
    : shop.rules.limits;
}

/**
 * What blocks confirmation, in the shopper spec's own words (section 5), so the cart can list them
 * under 'Problemas:' and drop its own identical ones. Nothing is reported for an empty order.
 */
export function orderProblems(
  amounts: Pick<OrderAmounts, 'items' | 'itemsCents'>,
  limits: OrderLimitRules,
  inactiveNames: readonly string[],
): string[] {
  const paid = amounts.items.filter((i) => i.is_gift === 0);
  if (paid.length === 0) return [];
  const problems = new Set<string>();
  if (amounts.itemsCents < limits.minOrderValueCents) {
    problems.add(`O valor mínimo do seu pedido é ${formatBrl(limits.minOrderValueCents)}`);
  }
  if (paid.length > limits.maxDistinctItems) {
    problems.add(`O máximo de itens distintos do seu pedido é ${limits.maxDistinctItems}`);
  }
  const quantity = paid.reduce((sum, i) => sum + i.quantity, 0);
  if (quantity > limits.maxItemsAmout) {
    problems.add(`O máximo de itens do seu pedido é ${limits.maxItemsAmout}`);
  }
  if (amounts.itemsCents < limits.orderMinPriceCents) {
    problems.add(`O valor mínimo do seu pedido é ${formatBrl(limits.orderMinPriceCents)}`);
  }
  for (const name of inactiveNames) problems.add(`O produto ${name} está indisponível no estoque`);
  return [...problems];
}

function giftGroupsToWire(db: SandboxDb, shop: Shop, amounts: OrderAmounts) {
  const afterPromotions = amounts.itemsCents - amounts.promotionsCents;
  return shop.rules.giftGroups
    .filter((g) => afterPromotions >= g.thresholdCents)
    .map((g) => ({
      id: g.id,
      availableQuantity: g.availableQuantity,
      availableGifts: g.gifts.map((gift) => {
        const product = db
          .prepare<[string, string], { name: string; details: string }>(
            'SELECT name, details FROM products WHERE shop_id = ? AND id = ?',
          )
          .get(shop.catalogShopId, gift.productId);
        const images = product ? ((JSON.parse(product.details) as ItemDetails).images ?? []) : [];
        return {
          id: gift.productId,
          seller: gift.seller,
          name: product?.name ?? '',
          imageUrl: images[0]?.url ?? null,
        };
      }),
      selectedGifts: amounts.items
        .filter((i) => i.is_gift === 1 && i.gift_group_id === g.id)
        .map((i) => ({
          id: i.product_id,
          seller: i.seller_id ?? shop.id,
          index: g.gifts.findIndex((gift) => gift.productId === i.product_id),
        })),
    }));
}

/**
 * The optional `nextGift` (src/contract/next-gift.ts, decision 0025): what the items still lack,
 * after promotions as the gifts count them, to the cheapest gift group not reached; null when every
 * group is reached or the shop has none.
 */
function nextGiftToWire(shop: Shop, amounts: OrderAmounts): { missingAmount: number } | null {
  const afterPromotions = amounts.itemsCents - amounts.promotionsCents;
  const thresholds = shop.rules.giftGroups
    .map((g) => g.thresholdCents)
    .filter((threshold) => afterPromotions < threshold);
  return thresholds.length > 0
    ? { missingAmount: centsToReais(Math.min(...thresholds) - afterPromotions) }
    : null;
}

function inactiveItemNames(db: SandboxDb, amounts: OrderAmounts): string[] {
  const inactive = db.prepare<[string], { name: string }>(
    'SELECT name FROM products WHERE id = ? AND is_active = 0',
  );
  return amounts.items.flatMap((i) => {
    const row = inactive.get(i.product_id);
    return row ? [row.name] : [];
  });
}

function storeAddressToWire(a: NonNullable<NonNullable<CheckoutState['logistic']>['storePickUpAddress']>) {
  return {
    ...a,
    fullAddress: `${a.street}, ${a.number} - ${a.neighborhood}, ${a.city} - ${a.state}, ${a.zipCode}`,
  };
}

/**
 * The order on the wire. With the Pix charge extension on (`pixCharges`), an order paid with Pix
 * carries its current charge as `pixCharge` (src/contract/pix.ts), and its payment's status follows
 * that charge: Waiting while pending, Paid once paid, Expired past its deadline, Canceled with the order.
 */
export function orderToWire(
  db: SandboxDb,
  order: OrderRow,
  shop: Shop,
  options: { pixCharges: boolean } = { pixCharges: false },
) {
  const amounts = computeOrderAmounts(db, order, shop);
  const state = readCheckout(order);
  const now = new Date();
  const charge =
    options.pixCharges && state.payment?.method === PaymentMethod.Pix
      ? currentCharge(db, order.id)
      : undefined;
  // The boleto the provider issued (decision 0023), answered only while the extension is on.
  const boleto =
    options.pixCharges && pixChargeRule(shop.rules.payment) !== null && state.payment?.boleto
      ? boletoToWire(order.id, state.payment.boleto)
      : undefined;
  const limits = limitsInForce(shop, state);
  const userShop = findUserShop(db, order.user_id);
  const addresses = userShop ? listAddresses(db, userShop.id) : [];
  const deliveryAddress =
    state.logistic?.addressIndex !== null && state.logistic?.addressIndex !== undefined
      ? addresses[state.logistic.addressIndex]
      : addresses.find((a) => a.isDefault);
  const logisticKinds = (shop.settings.logistics as number[] | undefined) ?? [];
  const checkout = shop.rules.checkout;
  const payment = shop.rules.payment;

  return {
    id: String(order.id),
    status: order.status,
    items: amounts.items.map((i, n) => {
      const details = JSON.parse(i.details) as ItemDetails;
      const prices = amounts.unitPricesCents[n];
      return {
        index: i.idx,
        providerId: i.product_id,
        quantity: i.quantity,
        attributes: JSON.parse(i.attributes) as unknown[],
        sku: i.sku,
        subscription: i.subscription === null ? null : (JSON.parse(i.subscription) as unknown),
        name: i.name,
        images: details.images ?? [],
        unitPrice: i.is_gift === 1 ? 0 : centsToReais(prices?.unit ?? i.unit_price_cents),
        promotionalPrice: i.is_gift === 1 ? null : reaisOrNull(prices?.promotional),
        // An extension of the spec's item (docs/decisions/0020-one-price-display.md): the product's
        // "De" price, so the cart strikes what the product's card strikes.
        listPrice: i.is_gift === 1 ? null : reaisOrNull(prices?.list),
        totalAmout: centsToReais(amounts.lineTotalsCents[n] ?? 0),
        isGift: i.is_gift === 1,
        sellerId: i.seller_id ?? shop.id,
        priceTags: i.gift_group_id ? [{ identifier: i.gift_group_id }] : [],
        preferences: i.preferences,
        hasShippingRestriction: i.has_shipping_restriction === 1,
      };
    }),
    gifts: giftGroupsToWire(db, shop, amounts),
    nextGift: nextGiftToWire(shop, amounts),
    coupon: amounts.couponCode,
    itemsAmout: centsToReais(amounts.itemsCents),
    discountAmout: centsToReais(amounts.discountCents),
    totalAmout: centsToReais(amounts.totalCents),
    minOrderValue: centsToReais(limits.minOrderValueCents),
    logistic: {
      maxDistinctItems: limits.maxDistinctItems,
      maxItemsAmout: limits.maxItemsAmout,
      orderMinPrice: centsToReais(limits.orderMinPriceCents),
      price: state.logistic ? centsToReais(amounts.deliveryCents) : null,
      startDeliveryTime: state.logistic?.startDeliveryTime ?? null,
      type: state.logistic?.type ?? null,
      providerId: state.logistic?.providerId ?? null,
      name: state.logistic?.name ?? null,
      /** The pick-up store's 'Taxa de serviço' (the seller's is on seller). */
      serviceTax: state.logistic ? centsToReais(state.logistic.serviceTaxCents) : null,
      addressIndex: state.logistic?.addressIndex ?? null,
      storePickUpAddress: state.logistic?.storePickUpAddress
        ? storeAddressToWire(state.logistic.storePickUpAddress)
        : null,
    },
    catalogErrorMessages: orderProblems(amounts, limits, inactiveItemNames(db, amounts)),
    userId: order.user_id,
    isAnonymousUser: order.is_anonymous === 1,
    seller: state.seller
      ? {
          providerId: state.seller.providerId,
          name: state.seller.name,
          address: state.seller.address,
          serviceTax: centsToReais(state.seller.serviceTaxCents),
        }
      : null,
    schedule: state.schedule ?? null,
    isInSemiAutomatic: order.is_in_semi_automatic === 1,
    recaptchaKey: state.payment?.recaptchaKey ?? null,
    enablePreferences: order.enable_preferences === 1,
    enableDelivery:
      (logisticKinds.includes(LogisticType.ExpressDelivery) ||
        logisticKinds.includes(LogisticType.Shipping)) &&
      checkout.deliveryOptions.length > 0,
    enablePickUp: logisticKinds.includes(LogisticType.StorePickUp) && checkout.pickUpOptions.length > 0,
    enableCreditPayment: payment.enableCreditPayment,
    enablePixPayment: payment.enablePixPayment,
    enableNubankPayment: payment.enableNubankPayment,
    enableLinkPayment: payment.enableLinkPayment,
    enableBoletoPayment: payment.enableBoletoPayment,
    payment: state.payment
      ? {
          method: state.payment.method,
          providerType: state.payment.providerType,
          link: state.payment.link,
          status: charge
            ? paymentStatusOfCharge(chargeStatusAt(charge, now))
            : paymentStatusAt(state.payment, now),
          failureType: state.payment.failureType,
          providerId: state.payment.providerId,
          installments: state.payment.installments,
          onDelivery: state.payment.onDelivery
            ? {
                providerId: state.payment.onDelivery.providerId,
                group: state.payment.onDelivery.group,
                cashAmount: reaisOrNull(state.payment.onDelivery.cashAmountCents),
              }
            : null,
          // An extension of the spec's payment (decision 0023): absent without a boleto.
          ...(boleto ? { boleto } : {}),
        }
      : null,
    customer: userShop
      ? {
          ...userShop.customer,
          address: deliveryAddress ?? null,
        }
      : null,
    providerPriceTableId: state.priceTableId ?? null,
    // An extension of the spec's order (decision 0023): absent without a charge.
    ...(charge ? { pixCharge: chargeToWire(charge, now) } : {}),
  };
}
