// Checkout, payment and agent actions: the option lists (answers, tolerant), the choices and forms
// sent back (inputs, strict) and the locally stored checkout draft. Fields: checkout spec section 3.
import { z } from 'zod/mini';
import {
  failureTypeSchema,
  LogisticFormValue,
  logisticFormValueSchema,
  paymentMethodSchema,
  paymentStatusSchema,
} from './enums.ts';
import { geoCoordinatesSchema, neighborhoodSchema } from './session.ts';
import {
  cepString,
  freeText,
  idString,
  MAX_FREE_TEXT,
  money,
  opt,
  queryCode,
  queryMoney,
  requiredText,
  shortText,
  tolerant,
} from './shared.ts';
import { storeAddressSchema } from './stores.ts';

/** Bounds of the short coded texts (CPF/CNPJ/state inscription, a house number, a coupon code). */
export const MAX_DOCUMENT_TEXT = 30;
export const MAX_ADDRESS_NUMBER = 20;
export const MAX_COUPON = 100;

/**
 * A manual card payment link ('Insira um link válido' otherwise): an http(s) address of a real host
 * (a dot and a top-level domain of letters), no spaces. One rule for the checkout form and the server.
 */
export function isPaymentLink(text: string): boolean {
  const trimmed = text.trim();
  if (/\s/.test(trimmed)) return false;
  try {
    const url = new URL(trimmed);
    return (url.protocol === 'https:' || url.protocol === 'http:') && /\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** The on-delivery payment group that means cash ('Valor em espécie'). */
export const CASH_PAYMENT_GROUP = 'Dinheiro';

/**
 * Cash must be at least the order total (spec section 5: the exact amount needs no change). The
 * spec's text, 'O valor deve ser maior que o valor do pedido!', would refuse the exact amount the rule
 * accepts; the message says what the rule does (decision 0012). One text for the form and the server.
 */
export const CASH_BELOW_TOTAL_MESSAGE = 'O valor deve ser maior ou igual ao valor do pedido!';

// ---------------------------------------------------------------------------------------------
// The total the shopper saw (decision 0022)

/**
 * `expectedTotal`: the order total, in BRL, that the screen showed when the shopper committed money
 * (confirm, agent confirm, card payment, Mercado Pago). An optional extension of the contract: a
 * backend that knows it refuses a mismatch with a 409 whose error has the type below and this text;
 * one that does not ignores it, as the spec's backend would.
 */
export const expectedTotalField = z.optional(money);
export const TOTAL_CHANGED_MESSAGE = 'O total do pedido mudou. Confira e tente de novo.';
export const TOTAL_CHANGED_ERROR_TYPE = 'total_changed';

// ---------------------------------------------------------------------------------------------
// Stores and sellers (stores.ts, re-exported here), logistics

export * from './stores.ts';

/** An estimate ('Em até ...'): text such as '3 dias' or a number, depending on the backend. */
const estimate = z.union([z.string(), z.number()]);

export const logisticOptionSchema = tolerant({
  providerId: z.string(),
  name: opt(z.string()),
  /** 'Grátis' when zero or absent. */
  price: opt(z.number()),
  orderMinPrice: opt(z.number()),
  maxDistinctItems: opt(z.number()),
  maxItemsAmout: opt(z.number()),
  shippingTimeEstimative: opt(estimate),
  minShippingTimeEstimative: opt(estimate),
  storeName: opt(z.string()),
  description: opt(z.string()),
  storePickUpAddress: opt(storeAddressSchema),
});
export type LogisticOption = z.infer<typeof logisticOptionSchema>;

/** GET /api/order/logistic/ and GET /api/order/seller/: pick-up (0) or delivery (1), CEP and number. */
export const logisticQuerySchema = z.strictObject({
  type: queryCode(LogisticFormValue),
  code: z.optional(cepString),
  number: z.optional(shortText),
});
export type LogisticQuery = z.input<typeof logisticQuerySchema>;

/**
 * POST /api/order/logistic/: the chosen option. The spec says only "chosen option"; the contract
 * sends its providerId, the delivery method, and for delivery which of the customer's addresses
 * (its index in userShop.addresses) receives it.
 *
 * Without a providerId it says "the shopper now looks at this method (or another address or store)
 * and has chosen nothing yet": the server drops the logistic it holds, and the seller with it (spec
 * section 4, "Changing logistic type resets address, pickup and seller"), so the order never keeps a
 * choice the screen no longer shows.
 */
export const logisticChoiceSchema = z.strictObject({
  providerId: z.optional(idString),
  type: logisticFormValueSchema,
  addressIndex: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
});
export type LogisticChoice = z.infer<typeof logisticChoiceSchema>;

/** POST /api/order/logistic/manual query: the CEP. */
export const manualLogisticQuerySchema = z.strictObject({ code: z.optional(cepString) });

/**
 * POST /api/order/logistic/manual body: "address index and logistic" (manual prices, no logistics
 * configured). The logistic is the method, the freight (0 for 'Grátis', else 'Customizado') and, for
 * pick-up, the chosen store's id.
 */
export const manualLogisticBodySchema = z.strictObject({
  addressIndex: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
  logistic: z.strictObject({
    type: logisticFormValueSchema,
    price: money,
    providerId: z.optional(idString),
  }),
});
export type ManualLogisticBody = z.infer<typeof manualLogisticBodySchema>;

/** POST /api/order/seller/: the chosen seller. */
export const sellerChoiceSchema = z.strictObject({ providerId: idString });

// ---------------------------------------------------------------------------------------------
// Schedule

export const scheduleSlotSchema = tolerant({
  startTime: opt(z.string()),
  endTime: opt(z.string()),
  /** 'Se pedir até Z'. */
  scheduleUntil: opt(z.string()),
  /** Only enabled slots are shown. */
  enabled: opt(z.boolean()),
});
export type ScheduleSlot = z.infer<typeof scheduleSlotSchema>;

/**
 * One day of the schedule. The day select shows the header plus dd/mm; the field holding the date
 * is not named by the spec, `date` is read when present.
 */
export const scheduleDaySchema = tolerant({
  header: opt(z.string()),
  date: opt(z.string()),
  options: opt(z.array(scheduleSlotSchema)),
});
export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

/**
 * Schedule options: the spec's "times, a list of days". Every field is optional, so this also
 * accepts an order should the POST answer with one (the spec shows "schedule options" for both).
 */
export const scheduleSchema = tolerant({
  times: opt(z.array(scheduleDaySchema)),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** POST /api/order/schedule: the chosen day and time. Shape not shown by the spec. */
export const scheduleChoiceSchema = z.strictObject({
  /** The day's date (or its header when the day has no date). */
  day: requiredText,
  startTime: requiredText,
  endTime: z.optional(shortText),
});
export type ScheduleChoice = z.infer<typeof scheduleChoiceSchema>;

// ---------------------------------------------------------------------------------------------
// Payment options, price tables, card

export const paymentOptionSchema = tolerant({
  method: opt(paymentMethodSchema),
  name: opt(z.string()),
  /** On-delivery group ('Dinheiro' means cash). */
  group: opt(z.string()),
  providerId: opt(z.string()),
  payOnDelivery: opt(z.boolean()),
});
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

/**
 * POST /api/order/payment/delivery: pay on delivery. `type` is the chosen group ('Tipo de
 * pagamento', e.g. 'Dinheiro'), `providerId` the chosen means of payment, `cashAmount` the cash
 * handed over (at least the order total; checked by the sandbox against the order).
 *
 * Our optional extension (decision 0022): a body without `type` (`{}`) drops the pay-on-delivery
 * choice the order holds (payment back to none, cash and means cleared) and answers the order, so a
 * shopper who switches to another method leaves nothing behind on the server. The spec always sends
 * `type`; a backend without the extension refuses `{}`.
 */
export const paymentDeliveryBodySchema = z.strictObject({
  providerId: z.optional(idString),
  type: z.optional(requiredText),
  cashAmount: z.optional(z.nullable(money)),
});
export type PaymentDeliveryBody = z.infer<typeof paymentDeliveryBodySchema>;

export const priceTableSchema = tolerant({
  id: z.string(),
  name: opt(z.string()),
});
export type PriceTable = z.infer<typeof priceTableSchema>;

/**
 * The price-table id that means 'Sem Tabela de preço' (back to the shop's own prices). The spec
 * gives no call to clear a table; POST /api/order/price-tables/none does it.
 */
export const NO_PRICE_TABLE_ID = 'none';

export const installmentSchema = tolerant({
  count: z.number(),
  /** Value of each instalment (the first one when they differ). */
  value: opt(z.number()),
  /**
   * Every instalment in the order charged, when the backend says them: an interest-free split of a
   * total that does not divide evenly differs by a cent between instalments (R$ 79,69 in 3x:
   * 26,57 + 26,56 + 26,56). Not in the spec; absent from backends that only send count and value.
   */
  values: opt(z.array(z.number())),
  /** What the shopper pays in all with this plan (the order total when interest-free). Not in the spec. */
  total: opt(z.number()),
  /** The plan carries no interest. Not in the spec. */
  interestFree: opt(z.boolean()),
});
export type Installment = z.infer<typeof installmentSchema>;

export const creditCardOptionSchema = tolerant({
  providerId: z.string(),
  name: opt(z.string()),
  installments: opt(z.array(installmentSchema)),
  /**
   * The card brands this option takes, as card-validator names them ('visa', 'mastercard',
   * 'american-express', 'elo', 'hipercard', 'diners-club'...): the card page shows their logos. Not in
   * the spec; absent from backends that do not say, and the page then shows no brand list.
   */
  brands: opt(z.array(z.string())),
});
export type CreditCardOption = z.infer<typeof creditCardOptionSchema>;

const installmentCount = z.int().check(z.minimum(1), z.maximum(99));

/** POST /api/order/payment/credit/installments */
export const installmentsBodySchema = z.strictObject({
  providerId: idString,
  installments: installmentCount,
});
export type InstallmentsBody = z.infer<typeof installmentsBodySchema>;

/**
 * A CPF or CNPJ with or without the mask's punctuation. Letters too: since July 2026 a CNPJ may be
 * alphanumeric (12.ABC.345/01DE-35); the check digits are the sandbox's and the form's to verify.
 */
const documentString = z.string().check(z.regex(/^[\dA-Za-z./-]{11,18}$/));

/** POST /api/order/payment/credit: the card payment (captcha key and token on the retry). */
export const cardPaymentPayloadSchema = z.strictObject({
  providerId: idString,
  installments: installmentCount,
  /** Digits only, up to 19. */
  number: z.string().check(z.regex(/^\d{12,19}$/)),
  name: requiredText,
  /** 3 digits, 4 for American Express. */
  securityCode: z.string().check(z.regex(/^\d{3,4}$/)),
  /** '01'..'12' */
  expiryMonth: z.string().check(z.regex(/^(0[1-9]|1[0-2])$/)),
  /** Two or four digits. */
  expiryYear: z.string().check(z.regex(/^(\d{2}|\d{4})$/)),
  document: documentString,
  zipCode: cepString,
  address: requiredText,
  addressNumber: z.string().check(z.minLength(1), z.maxLength(MAX_ADDRESS_NUMBER)),
  complement: z.optional(shortText),
  neighborhood: requiredText,
  city: requiredText,
  state: requiredText,
  recaptchaKey: z.optional(z.string().check(z.maxLength(MAX_FREE_TEXT))),
  recaptchaToken: z.optional(z.string().check(z.maxLength(MAX_FREE_TEXT * 5))),
  expectedTotal: expectedTotalField,
});
export type CardPaymentPayload = z.infer<typeof cardPaymentPayloadSchema>;

/** Data of the card payment's answer; the envelope's success says whether it went through. */
export const cardFinishResultSchema = tolerant({
  status: opt(paymentStatusSchema),
  failureType: opt(failureTypeSchema),
  /** Present with a ReCAPTCHA failure: the key to solve the captcha with. */
  recaptchaKey: opt(z.string()),
});
export type CardFinishResult = z.infer<typeof cardFinishResultSchema>;

/**
 * POST /api/order/payment/mercadoPago: payload not shown by the spec. The contract takes the card
 * brick's submitted form data (pick these fields explicitly: the brick may add others).
 */
export const mercadoPagoPaymentSchema = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(MAX_FREE_TEXT)),
  payment_method_id: idString,
  issuer_id: z.optional(idString),
  installments: installmentCount,
  transaction_amount: z.optional(money),
  payer: z.optional(
    z.strictObject({
      email: z.optional(shortText),
      identification: z.optional(
        z.strictObject({
          type: z.optional(z.string().check(z.maxLength(20))),
          number: z.optional(z.string().check(z.maxLength(30))),
        }),
      ),
    }),
  ),
  expectedTotal: expectedTotalField,
});
export type MercadoPagoPayment = z.infer<typeof mercadoPagoPaymentSchema>;

/** POST /api/order/pix/manual answer: the manual Pix key (shape not shown; taken as the key text). */
export const manualPixKeySchema = z.string();

// ---------------------------------------------------------------------------------------------
// Coupon, discount

/** POST /api/order/coupon/ query. An empty coupon removes the current one. */
export const couponQuerySchema = z.strictObject({ coupon: z.string().check(z.maxLength(MAX_COUPON)) });

/** POST /api/order/discount query: the manual discount in BRL ('10' or '10.50'). */
export const discountQuerySchema = z.strictObject({ discount: queryMoney });

// ---------------------------------------------------------------------------------------------
// Customer and agent confirmation

const customerFields = {
  name: requiredText,
  email: z.optional(shortText),
  document: z.optional(z.string().check(z.maxLength(MAX_DOCUMENT_TEXT))),
  isCorporate: z.optional(z.boolean()),
  corporateName: z.optional(shortText),
  corporateDocument: z.optional(z.string().check(z.maxLength(MAX_DOCUMENT_TEXT))),
  tradeName: z.optional(shortText),
  stateInscription: z.optional(z.string().check(z.maxLength(MAX_DOCUMENT_TEXT))),
};

/**
 * POST /api/customer/update: the contact data ('Dados do contato serão salvos automaticamente').
 * Format rules (e-mail, CPF, CNPJ) live with the form and the sandbox's rules; here only bounds.
 */
export const customerUpdateSchema = z.strictObject(customerFields);
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

/**
 * POST /api/order/confirm: contact data, payment method and manual payment information, sent by the
 * agent or by the shopper finishing alone on the checkout screen.
 */
export const agentConfirmSchema = z.strictObject({
  ...customerFields,
  /** Absent only for 'Receber pedido' (settings.disableChargeOrders: the shop does not charge). */
  paymentMethod: z.optional(paymentMethodSchema),
  /** Manual mode: the Pix key, the card link or the custom method's text. */
  manualPaymentInformation: z.optional(freeText),
  expectedTotal: expectedTotalField,
});
export type AgentConfirm = z.infer<typeof agentConfirmSchema>;

// ---------------------------------------------------------------------------------------------
// Addresses

/** POST /api/order/address/: a new address ('Novo endereço'); the answer is the address list. */
export const addressInputSchema = z.strictObject({
  name: requiredText,
  zipCode: cepString,
  street: requiredText,
  number: z.string().check(z.minLength(1), z.maxLength(MAX_ADDRESS_NUMBER)),
  complement: z.optional(shortText),
  neighborhood: requiredText,
  neighborhoodId: z.optional(idString),
  city: requiredText,
  state: requiredText,
  isDefault: z.optional(z.boolean()),
  geoCoordinates: z.optional(
    z.union([
      z.strictObject({
        latitude: z.number().check(z.minimum(-90), z.maximum(90)),
        longitude: z.number().check(z.minimum(-180), z.maximum(180)),
      }),
      z.array(z.number()).check(z.maxLength(3)),
    ]),
  ),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

/** GET /api/order/address/cep/{postal code}: the path parameter. */
export const cepParamsSchema = z.strictObject({ cep: cepString });

/** Answer of the postal-code lookup: fills street, neighbourhood, city and state. */
export const cepLookupSchema = tolerant({
  street: opt(z.string()),
  neighborhood: opt(z.string()),
  neighborhoodId: opt(z.string()),
  neighborhoods: opt(z.array(neighborhoodSchema)),
  city: opt(z.string()),
  state: opt(z.string()),
  geoCoordinates: opt(geoCoordinatesSchema),
});
export type CepLookup = z.infer<typeof cepLookupSchema>;

// ---------------------------------------------------------------------------------------------
// Checkout draft (stored locally per user, restored when the same user returns)

/**
 * The checkout draft. Read back from storage, so tolerant: unknown fields from another build are
 * kept, nulls are accepted. Choices are stored by id (seller, logistic, payment option) so a draft
 * stays valid when the option lists are reloaded.
 */
export const checkoutDraftSchema = tolerant({
  logisticType: opt(logisticFormValueSchema),
  /** The chosen pick-up store's id. */
  pickupAddress: opt(z.string()),
  /** Index in userShop.addresses. */
  deliveryAddressIndex: opt(z.number()),
  paymentMethod: opt(paymentMethodSchema),
  /** The chosen logistic option's providerId. */
  selectedLogistic: opt(z.string()),
  paymentOptionGroup: opt(z.string()),
  paymentOptionId: opt(z.string()),
  cashAmount: opt(z.number()),
  /** The chosen seller's providerId. */
  selectedSeller: opt(z.string()),
  /** The chosen slot's startTime. */
  selectedSchedule: opt(z.string()),
  /** The chosen day (its date, or its header). */
  selectedDay: opt(z.string()),
  coupon: opt(z.string()),
  manualDiscount: opt(z.number()),
  priceTableId: opt(z.string()),
  /** Manual payment: the Pix key, card link or custom option text. */
  manualPaymentOption: opt(z.string()),
});
export type CheckoutDraft = z.infer<typeof checkoutDraftSchema>;

/** The checkout form's values: the draft plus the pick-up CEP search fields (not stored). */
export type CheckoutFormValues = CheckoutDraft & { cep?: string; cepNumber?: string };
