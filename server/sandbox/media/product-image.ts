// Generated product pictures: a tinted tile, a simple shape in the category's colour and the
// product's initials, with the brand underneath. Same input, same bytes (the seed and the tests
// rely on pictures being stable). Pure function: the media route feeds it from the database.
import type { ImageShape } from '../seed/categories.ts';
import { escapeXml, FONT_STACK, shade, tint } from './svg.ts';

const SHAPES: Record<ImageShape, string> = {
  circle: '<circle cx="200" cy="180" r="110"/>',
  bottle:
    '<path d="M172 50h56v52c32 16 48 42 48 74v124a22 22 0 0 1-22 22H146a22 22 0 0 1-22-22V176c0-32 16-58 48-74z"/>',
  leaf: '<path d="M200 50c92 32 124 124 82 196-26 46-82 58-82 58s-56-12-82-58c-42-72-10-164 82-196z"/>',
  loaf: '<path d="M78 200c0-72 56-114 122-114s122 42 122 114v74a22 22 0 0 1-22 22H100a22 22 0 0 1-22-22z"/>',
  drop: '<path d="M200 48s104 114 104 178a104 104 0 0 1-208 0c0-64 104-178 104-178z"/>',
  steak:
    '<path d="M108 112c42-52 166-62 208-10 36 46 10 114-32 146-52 36-146 42-188-6-30-36-24-94 12-130z"/>',
  box: '<rect x="92" y="72" width="216" height="216" rx="26"/>',
  bubble:
    '<circle cx="186" cy="192" r="100"/><circle cx="292" cy="104" r="40"/><circle cx="104" cy="88" r="26"/>',
};
const SHAPE_ORDER = Object.keys(SHAPES) as ImageShape[];

// Words that say nothing about the product: skipped when picking initials.
const STOP_WORDS = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'e',
  'com',
  'sem',
  'em',
  'a',
  'o',
  'para',
  'aprox.',
]);

/** Up to two letters from the first meaningful words: 'Açúcar Refinado União 1kg' → 'AR'. */
export function productInitials(name: string): string {
  const words = name.split(/\s+/).filter((w) => w && !STOP_WORDS.has(w.toLowerCase()) && /^\p{L}/u.test(w));
  const initials = words
    .slice(0, 2)
    .map((w) => w.charAt(0).toLocaleUpperCase('pt-BR'))
    .join('');
  return initials || '?';
}

export function isImageShape(value: string): value is ImageShape {
  return value in SHAPES;
}

export type ProductArt = { name: string; brand: string; color: string; shape: ImageShape };

/** `variant` (1 for the main picture) picks a different shape and tint for extra gallery pictures. */
export function renderProductImage(art: ProductArt, variant = 1): string {
  const shape =
    variant === 1
      ? art.shape
      : (SHAPE_ORDER[(SHAPE_ORDER.indexOf(art.shape) + variant - 1) % SHAPE_ORDER.length] ?? 'circle');
  const background = tint(art.color, variant === 1 ? 0.86 : 0.78);
  const title = escapeXml(art.name);
  const brand = escapeXml(art.brand);
  const initials = escapeXml(productInitials(art.name));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${title}">
<title>${title}</title>
<rect width="400" height="400" rx="32" fill="${background}"/>
<g fill="${art.color}">${SHAPES[shape]}</g>
<text x="200" y="186" fill="#ffffff" font-family="${FONT_STACK}" font-size="88" font-weight="700" text-anchor="middle" dominant-baseline="central">${initials}</text>
<text x="200" y="360" fill="${shade(art.color, 0.3)}" font-family="${FONT_STACK}" font-size="26" font-weight="600" text-anchor="middle">${brand}</text>
</svg>
`;
}
