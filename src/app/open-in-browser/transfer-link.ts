// 'Abrir no navegador' (issue 37, docs/decisions/0024-parts/open-in-browser.md): the addresses that
// take the shopper from the chat app's webview to the phone's own browser. Pure functions: no DOM, no
// library. The page they land on is checked on arrival (return-path.ts).
import { transferLinkPath } from '@/contract/transfer-link.ts';

/** The transfer link the phone's browser opens: `https://<host>/abrir/<token>?para=<page>`. */
export function transferUrl(origin: string, token: string, returnPath: string): string {
  const url = new URL(transferLinkPath(token), origin);
  // return-path.ts's RETURN_PARAM, which reads it on arrival (the round trip is tested). Spelled here
  // so that the dialog's code and the transfer page's share no chunk the landing route must name.
  url.searchParams.set('para', returnPath);
  return url.href;
}

export type Platform = 'android' | 'ios' | 'other';

export function platformOf(userAgent: string): Platform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return 'other';
}

/**
 * The address that asks the phone to open `link` in its own browser, when there is one:
 * - Android: an intent (`intent://<host>/<path>#Intent;scheme=https;end`): the default browser, or
 *   the phone's chooser, opens the https address;
 * - iOS 17 and later: `x-safari-https://<host>/<path>` opens it in Safari.
 * Elsewhere none: the shopper copies the link (the page always shows it).
 */
export function externalBrowserUrl(link: string, platform: Platform): string | undefined {
  const url = new URL(link);
  const scheme = url.protocol.slice(0, -1);
  const rest = `${url.host}${url.pathname}${url.search}`;
  if (platform === 'android') return `intent://${rest}#Intent;scheme=${scheme};end`;
  if (platform === 'ios') return `x-safari-${scheme}://${rest}`;
  return undefined;
}
