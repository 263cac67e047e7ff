// The JSON `details` column of a product: the wire fields nothing filters, sorts or pages on
// (images, texts, variants, subscriptions). Money stays in cents here as everywhere inside.
import type { RecurrenceType } from '../contract.ts';

export type StoredOption = { providerId: string; name: string; redirectable: boolean };
export type StoredAttribute = { providerId: string; name: string; options: StoredOption[] };

/** One purchasable combination of options (the wire's dimension), with its own sku and price. */
export type StoredDimension = {
  sku: string;
  /** attribute providerId → option providerId */
  attributes: Record<string, string>;
  priceCents: number;
  isAvailable: boolean;
  imageUrl: string | null;
};

export type StoredSubscriptionOffer = { recurrence: { type: RecurrenceType; frequency: number } };

export type StoredProductDetails = {
  images: { url: string }[];
  description: string;
  sellerName: string;
  specification: { name: string; value: string[] }[];
  clusterHighlights: { id: string; name: string }[];
  offerDescription: string;
  amountInKilo: number | null;
  kilogramPriceCents: number | null;
  shippingRestrictionMessage: string;
  attributes: StoredAttribute[];
  dimensions: StoredDimension[];
  subscriptionOffers: StoredSubscriptionOffer[];
  /**
   * Redirectable option providerId → the product that option stands for: '<id>Variant=<option>'
   * answers that product (a flavour that is its own product, for example).
   */
  redirects: Record<string, string>;
};

/** Reads the column, filling what an older row may lack with the empty value. */
export function readProductDetails(json: string): StoredProductDetails {
  const d = JSON.parse(json) as Partial<StoredProductDetails>;
  return {
    images: d.images ?? [],
    description: d.description ?? '',
    sellerName: d.sellerName ?? '',
    specification: d.specification ?? [],
    clusterHighlights: d.clusterHighlights ?? [],
    offerDescription: d.offerDescription ?? '',
    amountInKilo: d.amountInKilo ?? null,
    kilogramPriceCents: d.kilogramPriceCents ?? null,
    shippingRestrictionMessage: d.shippingRestrictionMessage ?? '',
    attributes: d.attributes ?? [],
    dimensions: d.dimensions ?? [],
    subscriptionOffers: d.subscriptionOffers ?? [],
    redirects: d.redirects ?? {},
  };
}
