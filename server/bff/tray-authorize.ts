import type { BffConfig } from './config.ts';
import type { Handle } from './dispatch.ts';
import { sendError } from './errors.ts';

/** A plain host name: labels of letters, digits and hyphens, with at least one dot. */
const PLAIN_HOST = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * The store address Tray passes to tray/register, checked so the page can never become an
 * open redirect: https only, a plain host, no credentials, port, path tricks, query or fragment.
 */
export function trayStoreOrigin(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > 300) return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  const plain =
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    !url.port &&
    (url.pathname === '/' || url.pathname === '') &&
    !url.search &&
    !url.hash &&
    PLAIN_HOST.test(url.hostname) &&
    // Written exactly as its origin: the URL parser forgives `https:loja.com`, backslashes,
    // tabs inside the host, `:443` and numeric hosts, none of which a Tray store address has.
    [url.origin, `${url.origin}/`].includes(raw.trim().toLowerCase());
  return plain ? url.origin : undefined;
}

/**
 * `GET /tray/authorize?url=` answers the address of the store's Tray authorization page, built
 * here from configuration (the consumer key and callback never come from the browser). A row of the
 * call table (call-table.ts) answered by the BFF itself.
 */
export function trayAuthorizeHandle(config: BffConfig): Handle {
  return ({ req, res }) => {
    const { consumerKey, callbackUrl } = config.tray;
    if (!consumerKey || !callbackUrl) {
      sendError(res, 'upstream_unavailable', 'A vinculação com a Tray não está configurada nesta loja.');
      return;
    }
    const origin = trayStoreOrigin(req.query.url);
    if (!origin) {
      sendError(
        res,
        'bad_request',
        'Endereço da loja inválido. Abra esta página pelo painel da sua loja Tray.',
      );
      return;
    }
    const target = new URL('/auth.php', origin);
    target.searchParams.set('response_type', 'code');
    target.searchParams.set('consumer_key', consumerKey);
    target.searchParams.set('callback', callbackUrl);
    res
      .set('Cache-Control', 'no-store')
      .json({ success: true, data: { authorizeUrl: target.href }, errors: [] });
  };
}
