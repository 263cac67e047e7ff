import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { shareLinkPath } from '@/contract/chat-app.ts';
import { whatsAppShareLink } from '@/lib/chat-links.ts';
import { type LeavePage, leavePage } from '@/lib/leave-page.ts';
import { shopPublicProfileQuery } from '@/session/shop-public-profile.ts';

/**
 * 'Compartilhar' (issue 37): the product's share link, which carries no session and nothing
 * personal, as the shop's public profile addresses it. The phone's share sheet (Web Share API) where
 * the browser has one; else, or when it fails (but not when the shopper closes it), WhatsApp with the
 * text and the link, in the same tab. A shop without the profile (a backend without the extension)
 * has no share link, so no action.
 */
export function ShareAction({
  providerId,
  name,
  leave = leavePage,
}: {
  providerId: string;
  name: string;
  /** Goes to WhatsApp when the share sheet fails (component tests observe it: jsdom does not navigate). */
  leave?: LeavePage;
}) {
  const { data: profile } = useQuery(shopPublicProfileQuery);
  if (!profile) return null;
  const url = `${window.location.origin}${shareLinkPath(profile.slug, providerId)}`;
  const text = `Veja este produto: ${name}`;
  const fallback = whatsAppShareLink(`${text}\n${url}`);
  if (typeof navigator.share !== 'function') {
    return (
      <a className="button button--outline" href={fallback} rel="noreferrer">
        Compartilhar
      </a>
    );
  }
  const share = async (event: MouseEvent) => {
    event.preventDefault();
    try {
      await navigator.share({ title: name, text, url });
    } catch (error) {
      if ((error as Error | undefined)?.name !== 'AbortError') leave(fallback);
    }
  };
  return (
    <button type="button" className="button button--outline" onClick={share}>
      Compartilhar
    </button>
  );
}
