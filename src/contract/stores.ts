// Stores and sellers: a store's address and a seller to buy from (checkout spec section 3). Their own
// module because the order (order.ts) names them too: the landing route then pulls these two schemas,
// not every checkout schema (zod's builders are calls a bundler keeps).
import { z } from 'zod/mini';
import { opt, tolerant } from './shared.ts';

/** A store's address (pick-up point, seller's store). */
export const storeAddressSchema = tolerant({
  providerId: opt(z.string()),
  name: opt(z.string()),
  street: opt(z.string()),
  number: opt(z.string()),
  neighborhood: opt(z.string()),
  city: opt(z.string()),
  state: opt(z.string()),
  zipCode: opt(z.string()),
  fullAddress: opt(z.string()),
  /** GET /api/order/stores/: the store's 'Taxa de serviço'; 'Grátis' when zero or null. */
  serviceTax: opt(z.number()),
});
export type StoreAddress = z.infer<typeof storeAddressSchema>;

/**
 * A seller (store) to buy from. The spec lists `address` without a shape and shows it as one line:
 * a text or a store address object are both accepted; use addressLine() to show it.
 */
export const sellerOptionSchema = tolerant({
  providerId: opt(z.string()),
  name: opt(z.string()),
  address: opt(z.union([z.string(), storeAddressSchema])),
  /** 'Taxa de serviço'; 'Grátis' when zero or null. */
  serviceTax: opt(z.number()),
});
export type SellerOption = z.infer<typeof sellerOptionSchema>;

/** One display line for an address given as text or as an object. */
export const addressLine = (address: string | StoreAddress | null | undefined): string => {
  if (address == null) return '';
  if (typeof address === 'string') return address;
  if (address.fullAddress) return address.fullAddress;
  const streetAndNumber = [address.street, address.number].filter(Boolean).join(', ');
  return [streetAndNumber, address.neighborhood, address.city, address.state].filter(Boolean).join(' - ');
};
