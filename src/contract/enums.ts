// Every enumeration of both specifications, as a const object of numeric codes, its zod schema and
// its type. Codes the specs state: Channel, SessionType, RecurrenceType, LogisticFormValue and
// PaymentMethod 0, 1, 3, 5, 6, 7, 8. The others follow the order of the spec's list:
// FlowStep: code by position: not stated in the spec
// InitialCatalogType: code by position: not stated in the spec (the chat link carries it by name)
// SaleMode: code by position: not stated in the spec
// PaymentMethod BankDeposit=2 and Cash=4: code by position: not stated in the spec
// PaymentProviderType: code by position: not stated in the spec
// PaymentStatus: code by position: not stated in the spec
// FailureType: code by position: not stated in the spec
// LogisticType: code by position: not stated in the spec
// OrderState: code by position: not stated in the spec
// AddressType: code by position: not stated in the spec (the modal's Tipo; not a wire field of Address)
import { z } from 'zod/mini';

type CodeOf<E> = E[keyof E];

/**
 * The code of an enumeration member given its name, e.g. `codeByName(InitialCatalogType, 'ShowCategory')`.
 * Only the object's own names count ('toString', '__proto__' and the like give undefined).
 */
export const codeByName = <E extends Readonly<Record<string, number | string>>>(
  enumObject: E,
  name: string | null | undefined,
): CodeOf<E> | undefined => {
  if (name == null || !Object.hasOwn(enumObject, name)) return undefined;
  return enumObject[name as keyof E];
};

/** The name of an enumeration member given its code, e.g. `nameByCode(Channel, 1)` is 'WhatsApp'. */
export const nameByCode = <E extends Readonly<Record<string, number | string>>>(
  enumObject: E,
  code: unknown,
): (keyof E & string) | undefined =>
  (Object.keys(enumObject) as (keyof E & string)[]).find((name) => enumObject[name] === code);

// ---------------------------------------------------------------------------------------------
// Session and channel

export const Channel = { Messenger: 0, WhatsApp: 1, WebChat: 2, Instagram: 3 } as const;
export type Channel = CodeOf<typeof Channel>;
export const channelSchema = z.enum(Channel);

export const SessionType = { Contact: 0, PlatformUser: 1, Chatbot: 2, None: 3 } as const;
export type SessionType = CodeOf<typeof SessionType>;
export const sessionTypeSchema = z.enum(SessionType);

// ---------------------------------------------------------------------------------------------
// Flow and catalogue

export const FlowStep = {
  Start: 0,
  Catalog: 1,
  Identify: 2,
  Logistic: 3,
  Payment: 4,
  Schedule: 5,
  Seller: 6,
} as const;
export type FlowStep = CodeOf<typeof FlowStep>;
export const flowStepSchema = z.enum(FlowStep);

export const InitialCatalogType = { Standard: 0, ShowCategory: 1, ShowCollection: 2, ShowQuery: 3 } as const;
export type InitialCatalogType = CodeOf<typeof InitialCatalogType>;
export type InitialCatalogTypeName = keyof typeof InitialCatalogType;

/**
 * The chat link's hash names the initial catalogue type (`#code?type=ShowCategory&id=12`).
 * Exact, case-sensitive names only; anything else (missing, unknown, a number) gives undefined, and
 * the caller falls back to the standard catalogue.
 */
export const parseInitialCatalogType = (name: string | null | undefined): InitialCatalogType | undefined =>
  codeByName(InitialCatalogType, name);

export const CatalogMode = { Catalog: 'catalog', Search: 'search' } as const;
export type CatalogMode = CodeOf<typeof CatalogMode>;
export const catalogModeSchema = z.enum(CatalogMode);

export const SaleMode = { None: 0, AutomatedSale: 1, AssistedSale: 2, Both: 3 } as const;
export type SaleMode = CodeOf<typeof SaleMode>;
export const saleModeSchema = z.enum(SaleMode);

export const RecurrenceType = { Daily: 10, Weekly: 20, Monthly: 30, Yearly: 40 } as const;
export type RecurrenceType = CodeOf<typeof RecurrenceType>;
export const recurrenceTypeSchema = z.enum(RecurrenceType);

// ---------------------------------------------------------------------------------------------
// Payment

export const PaymentMethod = {
  CreditCard: 0,
  Boleto: 1,
  BankDeposit: 2,
  Pix: 3,
  Cash: 4,
  OnDelivery: 5,
  Link: 6,
  Custom: 7,
  Nubank: 8,
} as const;
export type PaymentMethod = CodeOf<typeof PaymentMethod>;
export const paymentMethodSchema = z.enum(PaymentMethod);

export const PaymentProviderType = {
  ShopProvider: 0,
  SuriShopPay: 1,
  PagBrasil: 2,
  PagarMe: 3,
  FixPay: 4,
  MercadoPago: 5,
  Manual: 6,
} as const;
export type PaymentProviderType = CodeOf<typeof PaymentProviderType>;
export const paymentProviderTypeSchema = z.enum(PaymentProviderType);

export const PaymentStatus = { Waiting: 0, Paid: 1, Expired: 2, Failed: 3, Canceled: 4 } as const;
export type PaymentStatus = CodeOf<typeof PaymentStatus>;
export const paymentStatusSchema = z.enum(PaymentStatus);

export const FailureType = { ReCAPTCHA: 0, LimitExceeded: 1, InvalidData: 2, Unknown: 3 } as const;
export type FailureType = CodeOf<typeof FailureType>;
export const failureTypeSchema = z.enum(FailureType);

// ---------------------------------------------------------------------------------------------
// Logistics, order, address

/** The logistic kind on the order and its options. */
export const LogisticType = { StorePickUp: 0, ExpressDelivery: 1, Shipping: 2 } as const;
export type LogisticType = CodeOf<typeof LogisticType>;
export const logisticTypeSchema = z.enum(LogisticType);

/** The checkout form's delivery method ('Retirada em loja' = 0, 'Entregamos para você' = 1); also the `type` query of the logistic and seller lists. */
export const LogisticFormValue = { PickUp: 0, Delivery: 1 } as const;
export type LogisticFormValue = CodeOf<typeof LogisticFormValue>;
export const logisticFormValueSchema = z.enum(LogisticFormValue);

export const OrderState = { Creating: 0, Received: 1, Finalized: 2, Canceled: 3, Error: 4 } as const;
export type OrderState = CodeOf<typeof OrderState>;
export const orderStateSchema = z.enum(OrderState);

/** The new-address modal's Tipo. Casa and Trabalho lock the address name to the type's label. */
export const AddressType = { Casa: 0, Trabalho: 1, Outro: 2 } as const;
export type AddressType = CodeOf<typeof AddressType>;
