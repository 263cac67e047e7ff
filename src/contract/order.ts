// The order (the cart, then the checkout's order) with every field of both specs, its items and
// gifts, and the cart's inputs. Field names exactly as on the wire, misspellings included:
// itemsAmout, discountAmout, totalAmout, maxItemsAmout, shippingTimeEstimative.
import { z } from 'zod/mini';
import { subscriptionOfferSchema } from './catalog.ts';
import {
  failureTypeSchema,
  logisticTypeSchema,
  orderStateSchema,
  paymentMethodSchema,
  paymentProviderTypeSchema,
  paymentStatusSchema,
  recurrenceTypeSchema,
} from './enums.ts';
import { addressSchema, customerSchema } from './session.ts';
import { freeText, idString, MAX_LIST, opt, quantity, shortText, tolerant } from './shared.ts';
import { sellerOptionSchema, storeAddressSchema } from './stores.ts';

/** The text an order's userId holds when the shopper is anonymous. */
export const ANONYMOUS_USER_MARKER = 'anonymous';
/** A gift group lets the shopper choose this many gifts when it does not say. */
export const DEFAULT_GIFT_AVAILABLE_QUANTITY = 1;

// ---------------------------------------------------------------------------------------------
// Items

export const orderItemAttributeSchema = tolerant({
  providerId: z.string(),
  optionProviderId: opt(z.string()),
  redirectable: opt(z.boolean()),
});

export const priceTagSchema = tolerant({ identifier: opt(z.string()) });

export const orderItemSchema = tolerant({
  /** Position of the item in the order; sent back as text when the item is updated. */
  index: z.number(),
  providerId: z.string(),
  /** Whole number, at least 1 while the item is in the order. */
  quantity: z.number(),
  attributes: opt(z.array(orderItemAttributeSchema)),
  sku: opt(z.string()),
  subscription: opt(subscriptionOfferSchema),
  name: opt(z.string()),
  images: opt(z.array(tolerant({ url: z.string() }))),
  /** The product's price per unit (its `price`); the promotional price replaces it when lower. */
  unitPrice: opt(z.number()),
  promotionalPrice: opt(z.number()),
  /**
   * Not in the spec: the product's list ("De") price, struck through when above unitPrice, as on the
   * product's card. An optional extension (docs/decisions/0020-one-price-display.md): without it the
   * line shows its price alone, as the spec's rule says for a product without a list price.
   */
  listPrice: opt(z.number()),
  totalAmout: opt(z.number()),
  /** Gift items have no price, show 'Brinde' and cannot be removed. */
  isGift: opt(z.boolean()),
  sellerId: opt(z.string()),
  priceTags: opt(z.array(priceTagSchema)),
  /** Free text the shopper adds to the item (when the order enables preferences). */
  preferences: opt(z.string()),
  hasShippingRestriction: opt(z.boolean()),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

// ---------------------------------------------------------------------------------------------
// Gifts

export const availableGiftSchema = tolerant({
  id: z.string(),
  seller: opt(z.string()),
  name: opt(z.string()),
  imageUrl: opt(z.string()),
});
export type AvailableGift = z.infer<typeof availableGiftSchema>;

export const selectedGiftSchema = tolerant({
  id: z.string(),
  seller: opt(z.string()),
  index: opt(z.number()),
});

/**
 * A gift group of the order. `selectedGifts` is not listed by the spec on the group; it is how
 * the gift panel can show the current choice, and it is optional.
 */
export const giftGroupSchema = tolerant({
  id: z.string(),
  /** How many gifts may be chosen; 1 when absent. */
  availableQuantity: opt(z.number()),
  availableGifts: opt(z.array(availableGiftSchema)),
  selectedGifts: opt(z.array(selectedGiftSchema)),
});
export type GiftGroup = z.infer<typeof giftGroupSchema>;

// ---------------------------------------------------------------------------------------------
// Order

/** The order's chosen logistic plus the limits the cart checks. */
export const orderLogisticSchema = tolerant({
  maxDistinctItems: opt(z.number()),
  maxItemsAmout: opt(z.number()),
  orderMinPrice: opt(z.number()),
  price: opt(z.number()),
  startDeliveryTime: opt(z.string()),
  type: opt(logisticTypeSchema),
  providerId: opt(z.string()),
  storePickUpAddress: opt(storeAddressSchema),
  /** The pick-up store's 'Taxa de serviço', part of the total (the seller's is on seller). */
  serviceTax: opt(z.number()),
  /** Delivery: which of the customer's addresses (index in userShop.addresses) receives the order. */
  addressIndex: opt(z.number()),
});

export const orderPaymentSchema = tolerant({
  method: opt(paymentMethodSchema),
  providerType: opt(paymentProviderTypeSchema),
  /** The provider's payment page; the card page navigates there when the provider is not ShopProvider. */
  link: opt(z.string()),
  // Not in the spec's list of order fields, but answered with it: the card page and the final pages
  // read where the payment stands without another call.
  status: opt(paymentStatusSchema),
  failureType: opt(failureTypeSchema),
  providerId: opt(z.string()),
  installments: opt(z.number()),
  /** Pay on delivery as the server holds it: the group ('Dinheiro'...), the means and the cash. */
  onDelivery: opt(
    tolerant({ providerId: opt(z.string()), group: opt(z.string()), cashAmount: opt(z.number()) }),
  ),
});

export const orderCustomerSchema = tolerant({
  ...customerSchema.def.shape,
  address: opt(addressSchema),
});

export const orderSchema = tolerant({
  id: z.string(),
  status: opt(orderStateSchema),
  items: z.array(orderItemSchema),
  gifts: opt(z.array(giftGroupSchema)),
  coupon: opt(z.string()),
  /** Subtotal. */
  itemsAmout: opt(z.number()),
  discountAmout: opt(z.number()),
  totalAmout: opt(z.number()),
  minOrderValue: opt(z.number()),
  enableDelivery: opt(z.boolean()),
  enablePickUp: opt(z.boolean()),
  enableCreditPayment: opt(z.boolean()),
  enablePixPayment: opt(z.boolean()),
  enableNubankPayment: opt(z.boolean()),
  enableLinkPayment: opt(z.boolean()),
  enableBoletoPayment: opt(z.boolean()),
  seller: opt(sellerOptionSchema),
  logistic: opt(orderLogisticSchema),
  /** The delivery day and slot the server holds (schedule step). */
  schedule: opt(tolerant({ day: opt(z.string()), startTime: opt(z.string()), endTime: opt(z.string()) })),
  payment: opt(orderPaymentSchema),
  customer: opt(orderCustomerSchema),
  providerPriceTableId: opt(z.string()),
  catalogErrorMessages: opt(z.array(z.string())),
  isAnonymousUser: opt(z.boolean()),
  userId: opt(z.string()),
  isInSemiAutomatic: opt(z.boolean()),
  recaptchaKey: opt(z.string()),
  enablePreferences: opt(z.boolean()),
});
export type Order = z.infer<typeof orderSchema>;

/** Answer of GET /api/order/cancel ("status Canceled"): an order, or at least its status. */
export const orderStatusResultSchema = tolerant({ status: opt(orderStateSchema) });
export type OrderStatusResult = z.infer<typeof orderStatusResultSchema>;

/**
 * The product treats an order as anonymous when its userId contains the text 'anonymous'
 * (case as written). An anonymous shopper passes the order id when confirming on WhatsApp.
 */
export const isAnonymousOrder = (order: Pick<Order, 'userId'> | null | undefined): boolean =>
  order?.userId?.includes(ANONYMOUS_USER_MARKER) ?? false;

/**
 * The total item quantity: the top bar's badge, and the quantity checked against
 * logistic.maxItemsAmout.
 *
 * Gift items (isGift) are left out by default. The spec says only "total item quantity"; gifts are
 * added by the shop's promotions, carry no price and cannot be removed, so counting them would let a
 * free gift push an order over its item limit and make the badge count things the shopper did not add.
 * Pass `{ includeGifts: true }` for the count of every line of the cart. The order's gift groups
 * (order.gifts) are offers, not items, and are never counted.
 */
export const totalItemQuantity = (
  order: { items?: readonly Pick<OrderItem, 'quantity' | 'isGift'>[] | null } | null | undefined,
  options: { includeGifts?: boolean } = {},
): number =>
  (order?.items ?? []).reduce(
    (sum, item) => (item.isGift && !options.includeGifts ? sum : sum + item.quantity),
    0,
  );

// ---------------------------------------------------------------------------------------------
// Cart inputs (strict)

/** A chosen attribute option, as sent with an item update or a product send. */
export const itemAttributeInputSchema = z.strictObject({
  providerId: idString,
  optionProviderId: idString,
  redirectable: z.optional(z.boolean()),
});
export type ItemAttributeInput = z.infer<typeof itemAttributeInputSchema>;

export const subscriptionOfferInputSchema = z.strictObject({
  recurrence: z.strictObject({
    type: recurrenceTypeSchema,
    frequency: z.int().check(z.minimum(1), z.maximum(365)),
  }),
});

/**
 * POST /api/order/items/: update (or add) one item; quantity 0 removes it. `index` is the item's
 * index as text; absent when adding a product that is not in the order yet. `subscription` null
 * (or absent) means a one-off purchase.
 */
export const orderItemUpdateSchema = z.strictObject({
  index: z.optional(z.string().check(z.regex(/^\d{1,6}$/))),
  providerId: idString,
  quantity,
  attributes: z.optional(z.array(itemAttributeInputSchema).check(z.maxLength(MAX_LIST))),
  sku: z.optional(idString),
  subscription: z.optional(z.nullable(subscriptionOfferInputSchema)),
  preferences: z.optional(freeText),
});
export type OrderItemUpdate = z.infer<typeof orderItemUpdateSchema>;

/** POST /api/order/gift/: the chosen gifts of one gift group (an empty list clears them). */
export const giftSelectionSchema = z.strictObject({
  id: idString,
  selectedGifts: z
    .array(
      z.strictObject({
        id: idString,
        seller: z.optional(shortText),
        index: z.int().check(z.minimum(0), z.maximum(10_000)),
      }),
    )
    .check(z.maxLength(MAX_LIST)),
});
export type GiftSelection = z.infer<typeof giftSelectionSchema>;

/**
 * POST /api/order/send/product/{id}: the product's provider id plus its selected attributes.
 * A variant product is sent as its id followed by 'Variant=' and the option id, with no attributes.
 */
export const sendProductBodySchema = z.strictObject({
  providerId: idString,
  attributes: z.array(itemAttributeInputSchema).check(z.maxLength(MAX_LIST)),
});
export type SendProductBody = z.infer<typeof sendProductBodySchema>;

/**
 * GET /api/order/confirm query: only the total the cart showed, as '70.78' (decision 0022; the spec
 * sends none). Here and not with the checkout's calls: the cart's confirm is on the landing route.
 */
export const confirmQuerySchema = z.strictObject({
  expectedTotal: z.optional(z.string().check(z.regex(/^\d{1,9}(\.\d{1,2})?$/))),
});
