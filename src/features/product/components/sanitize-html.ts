import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/**
 * Tells a description written in HTML from plain text: an opening or closing tag, or a character
 * reference such as '&amp;' or '&#233;'. A lone '<' or '>' ('Peso < 1 kg') is not HTML.
 */
const HTML_LIKE = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/i;

export function looksLikeHtml(text: string): boolean {
  return HTML_LIKE.test(text);
}

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  // Nothing that runs, embeds, takes input or restyles the page.
  FORBID_TAGS: [
    'style',
    'link',
    'meta',
    'base',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'select',
    'option',
    'textarea',
    'video',
    'audio',
    'source',
    'track',
    'svg',
    'math',
    'template',
  ],
  FORBID_ATTR: ['style', 'id', 'name', 'srcset', 'action', 'formaction'],
  ADD_ATTR: ['target'],
  // Only web, mail and phone links (and relative ones): no javascript:, data: or vbscript:.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

let purifier: Purifier | undefined;

/** Our own DOMPurify instance, so that its hooks never touch another caller's sanitizing. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      // A link may open a new tab, never with a handle back to this page (nor telling it where from).
      if (node.getAttribute('target') !== '_blank') node.removeAttribute('target');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
    if (node.tagName === 'IMG') {
      // Description images are below the fold.
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    }
  });
  purifier = instance;
  return instance;
}

/** Sanitizes a product description's HTML: no scripts, handlers, dangerous links, frames or styles. */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, CONFIG);
}
