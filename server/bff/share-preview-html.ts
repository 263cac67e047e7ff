import escapeHtml from 'escape-html';
import { parseFragment } from 'parse5';
import type { PublicProductPage } from '../../src/contract/chat-app.ts';

/**
 * The Open Graph tags of a share link (decision 0024), put into the built index.html near the top of
 * its <head>, where a chat app's crawler (WhatsApp reads only the first KBs, and runs no script)
 * finds them. Every value comes from the public product read, is made plain text and is escaped for
 * an HTML attribute (escape-html: & < > " '); the absolute addresses come from the configured public
 * address (PUBLIC_URL), never from the request.
 */

/** The preview picture's size (preview-image.ts makes it): what WhatsApp and Facebook show large. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** The picture's file under the share link. */
export const PREVIEW_FILE = 'preview.jpg';

/** og:description's length: chat apps show two or three lines of it. */
const DESCRIPTION_LENGTH = 200;

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/** Elements whose text is never a description's words. */
const SILENT = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math']);

type FragmentNode = { nodeName: string; value?: string; childNodes?: FragmentNode[] };

/**
 * A text as one clean line: no control character (NUL and the rest of C0/C1 but whitespace), no lone
 * surrogate, runs of whitespace as one space. Bidirectional marks and emoji are kept (a name may
 * need them); escaping, not removal, is what keeps them inside their attribute.
 */
export function plainLine(text: string): string {
  return (
    text
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The words of a description written in HTML (parse5, as a browser would read it), or of plain text. */
export function descriptionText(html: string): string {
  const words: string[] = [];
  const walk = (node: FragmentNode) => {
    if (node.nodeName === '#text') words.push(node.value ?? '');
    if (SILENT.has(node.nodeName)) return;
    // Elements separate words ('<li>Arroz</li><li>Feijão</li>'): a space between them.
    if (node.nodeName !== '#text') words.push(' ');
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parseFragment(html) as unknown as FragmentNode);
  return plainLine(words.join(''));
}

/** At most `length` characters as a reader counts them (an emoji is not cut), ending on a word. */
export function shorten(text: string, length: number): string {
  const parts = [...graphemes.segment(text)].map((s) => s.segment);
  if (parts.length <= length) return text;
  const cut = parts.slice(0, length - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export type ShareTags = {
  title: string;
  description: string;
  url: string;
  image: string;
  siteName: string;
  price: number;
};

/** What the share link's tags say, from the public product read. */
export function shareTagsOf(page: PublicProductPage, shareUrl: string): ShareTags {
  const { product, shop } = page;
  const offered = product.promotionalPrice ?? undefined;
  const promo = offered !== undefined && offered > 0 && offered < product.price ? offered : undefined;
  const price = promo ?? product.price;
  const text = product.description ? descriptionText(product.description) : '';
  const priceText =
    promo === undefined ? brl.format(price) : `${brl.format(price)} (de ${brl.format(product.price)})`;
  return {
    title: shorten(plainLine(product.name), 200) || priceText,
    description: shorten(text, DESCRIPTION_LENGTH) || priceText,
    url: shareUrl,
    image: `${shareUrl}/${PREVIEW_FILE}`,
    siteName: shorten(plainLine(shop.name), 100),
    price,
  };
}

const meta = (attribute: 'property' | 'name', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The tags themselves, one per line. */
export function shareTagsHtml(tags: ShareTags): string {
  const title = tags.siteName ? `${tags.title} | ${tags.siteName}` : tags.title;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', tags.description),
    `<link rel="canonical" href="${escapeHtml(tags.url)}" />`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', tags.siteName),
    meta('property', 'og:locale', 'pt_BR'),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.url),
    meta('property', 'og:image', tags.image),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(PREVIEW_WIDTH)),
    meta('property', 'og:image:height', String(PREVIEW_HEIGHT)),
    meta('property', 'og:image:alt', tags.title),
    meta('property', 'product:price:amount', tags.price.toFixed(2)),
    meta('property', 'product:price:currency', 'BRL'),
    meta('name', 'twitter:card', 'summary_large_image'),
  ].join('\n    ');
}

/**
 * index.html with the tags near the top of its <head>: right after <meta charset> (which must stay in
 * the first 1024 bytes), its own <title> and description taken out so the product's are the only ones.
 */
export function withShareTags(indexHtml: string, tags: ShareTags): string {
  const html = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  const block = `\n    ${shareTagsHtml(tags)}`;
  const anchor = /<meta\s+charset=[^>]*>/i.exec(html) ?? /<head(?:\s[^>]*)?>/i.exec(html);
  if (!anchor) return `${block}\n${html}`;
  const at = anchor.index + anchor[0].length;
  return `${html.slice(0, at)}${block}${html.slice(at)}`;
}
