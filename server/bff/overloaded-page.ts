import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import { errorEnvelope } from './errors.ts';
import { SOCKET_ANSWER_HEADERS } from './socket-answer.ts';

/**
 * The overload guard's answer to a page (a shopper opening a chat link while the replica is shedding):
 * a small Portuguese page, not the calls' JSON envelope, that says so and offers 'Tentar novamente'.
 * It reloads itself after 5 to 10 s (spread, so a spike's shoppers do not all come back at once).
 * `location.reload()` keeps the address's fragment, where a chat link carries its session code: a
 * link or a meta refresh to the same address would not reload at all, or would drop the code. The
 * inline script and style are allowed by their hashes only.
 */
const MESSAGE = errorEnvelope('overloaded').body.errors[0]?.message ?? '';
const [headline = MESSAGE, rest = ''] = MESSAGE.split(/(?<=\.) /);

const SCRIPT =
  "document.getElementById('again').addEventListener('click',function(){location.reload()});" +
  'setTimeout(function(){location.reload()},5000+Math.random()*5000);';
const STYLE =
  'body{margin:0;font-family:system-ui,sans-serif;color:#1a1a1a;background:#f5f5f2}' +
  'main{max-width:28rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.375rem;line-height:1.3}' +
  'button{font:inherit;font-weight:700;min-height:48px;padding:0 1.5rem;border:0;border-radius:8px;' +
  'background:#1b6b3a;color:#fff;cursor:pointer}';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export const OVERLOADED_PAGE_BODY = Buffer.from(
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(headline)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(headline)}</h1><p>${escapeHtml(rest)}</p>` +
    '<button type="button" id="again">Tentar novamente</button></main>' +
    `<script>${SCRIPT}</script></body></html>`,
);

/** The page's headers: the socket answers' security headers, with a CSP that allows its own script and style. */
export const overloadedPageHead = (retryAfterSeconds: string): string[] => [
  'Content-Type',
  'text/html; charset=utf-8',
  'Content-Length',
  String(OVERLOADED_PAGE_BODY.length),
  'Cache-Control',
  'no-store',
  'Retry-After',
  retryAfterSeconds,
  ...SOCKET_ANSWER_HEADERS.flatMap(([name, value]) =>
    name === 'Content-Security-Policy'
      ? [
          name,
          `default-src 'none'; script-src ${sha256(SCRIPT)}; style-src ${sha256(STYLE)}; frame-ancestors 'none'`,
        ]
      : [name, value],
  ),
];

/** A browser asking for a page (a chat link opened, a reload), not a call or an asset. */
export const asksForPage = (accept: string | undefined): boolean => accept?.includes('text/html') ?? false;
