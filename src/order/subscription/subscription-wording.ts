// How an order line bought as a subscription is marked in the cart and the checkout list: the offer's
// frequency in the spec's words (section 9 of the shopper spec), as the 'Assinar' menu offered it.
import type { SubscriptionOffer } from '@/contract/catalog.ts';
import { formatFrequency } from '@/lib/format.ts';

/** 'Assinatura: a cada 2 Semanas'; just 'Assinatura' for a frequency that cannot be worded; undefined for none. */
export function subscriptionWording(offer: SubscriptionOffer | null | undefined): string | undefined {
  if (!offer) return undefined;
  const frequency = formatFrequency(offer.recurrence.type, offer.recurrence.frequency);
  return frequency ? `Assinatura: a cada ${frequency}` : 'Assinatura';
}
