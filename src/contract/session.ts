// The session answer (the backend's GET /api/session/{code}, which the BFF makes for the tab's
// POST /api/session) and the customer and address records it carries.
// Fields: checkout spec section 3 (Session, Customer, Address) and shopper spec section 3 (Session).
import { z } from 'zod/mini';
import { channelSchema, sessionTypeSchema } from './enums.ts';
import { opt, tolerant } from './shared.ts';

export {
  ANONYMOUS_SESSION_CODE,
  isValidSessionCode,
  isWellFormedVisitorId,
  SESSION_CODE_PATTERN,
  SESSION_HANDLE_HEADER,
  VISITOR_ID_HEADER,
} from './session-code.ts';

/** Customer data of a contact (also the payload shape of the customer update, see checkout.ts). */
export const customerSchema = tolerant({
  name: opt(z.string()),
  email: opt(z.string()),
  document: opt(z.string()),
  isCorporate: opt(z.boolean()),
  corporateName: opt(z.string()),
  corporateDocument: opt(z.string()),
  tradeName: opt(z.string()),
  stateInscription: opt(z.string()),
});
export type Customer = z.infer<typeof customerSchema>;

/**
 * Geographic coordinates of an address. The spec names the field but not its shape: both the
 * common forms are accepted, an object with latitude/longitude or a [longitude, latitude] pair.
 */
export const geoCoordinatesSchema = z.union([
  tolerant({ latitude: opt(z.number()), longitude: opt(z.number()) }),
  z.array(z.number()),
]);

/**
 * A neighbourhood choice returned with an address or a postal-code lookup ('Selecione seu bairro').
 * Shape not shown by the spec; an id (matching Address.neighborhoodId) and a name.
 */
export const neighborhoodSchema = tolerant({
  id: opt(z.string()),
  name: opt(z.string()),
});
export type Neighborhood = z.infer<typeof neighborhoodSchema>;

/** A customer address. Every field may be absent: addresses come from several sources. */
export const addressSchema = tolerant({
  isDefault: opt(z.boolean()),
  name: opt(z.string()),
  state: opt(z.string()),
  city: opt(z.string()),
  street: opt(z.string()),
  number: opt(z.string()),
  zipCode: opt(z.string()),
  complement: opt(z.string()),
  neighborhood: opt(z.string()),
  neighborhoodId: opt(z.string()),
  fullAddress: opt(z.string()),
  neighborhoods: opt(z.array(neighborhoodSchema)),
  geoCoordinates: opt(geoCoordinatesSchema),
});
export type Address = z.infer<typeof addressSchema>;

/** The shop user of the session. Its presence is what makes a session valid (see sessionSchema). */
export const userShopSchema = tolerant({
  id: z.string(),
  channelId: opt(z.string()),
  customer: opt(customerSchema),
  addresses: opt(z.array(addressSchema)),
});

/**
 * The session. `userShop` is optional here on purpose: a session without shop data is a business
 * outcome (the SPA removes the code and goes to invalid-session), not a malformed answer.
 */
export const sessionSchema = tolerant({
  sessionType: sessionTypeSchema,
  channelType: opt(channelSchema),
  channelId: opt(z.string()),
  userShop: opt(userShopSchema),
});
export type Session = z.infer<typeof sessionSchema>;
