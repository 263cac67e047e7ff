// What each seeded product's pictures show: product shots composed from Fluent Emoji (Microsoft,
// MIT licence; see server/sandbox/media/pictures/NOTICE.md) on a light studio backdrop. Literal
// data: `npm run sandbox:pictures` renders it into the WebP files the media route serves, and the
// seed names those files in the products' images. Changing a shot here means rendering again (a
// test fails until the files match).
//
// A product has a main shot, optionally more gallery shots, and optionally one shot per option of
// one attribute (a colour, a flavour): a variant with such an option shows its own picture.
import { createHash } from 'node:crypto';

/** A change of colour over a whole emoji: a new hue (degrees), a saturation factor, lighter or darker. */
export type Tint = {
  hue?: number;
  sat?: number;
  /** From -1 (black) through 0 (unchanged) to 1 (white). */
  light?: number;
};

/** One emoji of the Fluent Emoji 'Color' style, by its name in the fluentui-emoji package. */
export type Art = { emoji: string; tint?: Tint; flip?: boolean };

/**
 * One emoji placed in the shot, in fractions of the picture's side: `x` the centre of its box,
 * `bottom` where it stands (its shadow falls there), `size` the side of the square box it fits in.
 */
export type ShotItem = Art & { x: number; bottom: number; size: number };
/** The items of one picture, back to front. */
export type Shot = readonly ShotItem[];

export type ProductPictures = {
  main: Shot;
  /** Further gallery pictures, after the main one. */
  more?: readonly Shot[];
  /** One picture per option of this attribute (all its options): the variant's own picture. */
  options?: { attribute: string; shots: Readonly<Record<string, Shot>> };
};

type ArtLike = string | Art;
const art = (a: ArtLike): Art => (typeof a === 'string' ? { emoji: a } : a);
const tinted = (emoji: string, tint: Tint, flip?: boolean): Art => ({
  emoji,
  tint,
  ...(flip ? { flip } : {}),
});

/** One item, centred. */
export const solo = (a: ArtLike): Shot => [{ ...art(a), x: 0.5, bottom: 0.86, size: 0.7 }];

/** The product, and in front of it something that says what is in it (an ingredient, a use). */
export const withSide = (main: ArtLike, side: ArtLike): Shot => [
  { ...art(main), x: 0.43, bottom: 0.8, size: 0.64 },
  { ...art(side), x: 0.73, bottom: 0.9, size: 0.34 },
];

/** Several of the same (or of a kind): two or three, the last one in front. */
export const group = (items: readonly ArtLike[]): Shot => {
  const arts = items.map(art);
  if (arts.length === 2) {
    const [back, front] = arts as [Art, Art];
    return [
      { ...back, x: 0.36, bottom: 0.76, size: 0.52 },
      { ...front, x: 0.63, bottom: 0.88, size: 0.52 },
    ];
  }
  const [left, right, front] = arts as [Art, Art, Art];
  return [
    { ...left, x: 0.3, bottom: 0.7, size: 0.46 },
    { ...right, x: 0.7, bottom: 0.7, size: 0.46 },
    { ...front, x: 0.5, bottom: 0.9, size: 0.48 },
  ];
};
const pack = (a: ArtLike, n: 2 | 3): Shot => {
  const one = art(a);
  // The middle one mirrored, so a pack does not look like a copy and paste.
  return group(Array.from({ length: n }, (_, i) => (i === 1 ? { ...one, flip: !one.flip } : one)));
};

// Tints used more than once.
const COFFEE: Tint = { hue: 24, sat: 0.75, light: -0.45 };
const WHITE: Tint = { sat: 0.06, light: 0.35 };
const BLACK: Tint = { sat: 0.1, light: -0.72 };
const GOLDEN_OIL: Tint = { hue: 48, sat: 1.1, light: -0.05 };
const WATER: Tint = { hue: 200, sat: 0.55, light: 0.35 };
const MILK_CARTON: Tint = { sat: 0.12, light: 0.45 };

const coffeeBeans = tinted('beans', COFFEE);
const waterGlass = tinted('glass-of-milk', WATER);
const bottle = (tint: Tint) => tinted('lotion-bottle', tint);
const juiceBox = (hue: number) => tinted('beverage-box', { hue, sat: 1.1 });
const yogurtCup = (tint: Tint) => tinted('glass-of-milk', tint);

const GRAPE_JUICE: Tint = { hue: 290, sat: 0.9, light: -0.25 };
const VEJA_ORIGINAL: Tint = { hue: 28, sat: 1.1 };
const VEJA_LIMAO: Tint = { hue: 75, sat: 1.1 };
const VEJA_LAVANDA: Tint = { hue: 275, sat: 0.9 };
const LED_WHITE: Tint = { hue: 200, sat: 0.25, light: 0.35 };
const YOGURT_PLAIN: Tint = { sat: 0.2, light: 0.25 };
const YOGURT_STRAWBERRY: Tint = { hue: 340, sat: 0.6, light: 0.2 };
const YOGURT_BERRIES: Tint = { hue: 300, sat: 0.55, light: 0.05 };

export const PRODUCT_PICTURES: Readonly<Record<string, ProductPictures>> = {
  // Mercearia
  '1001': {
    main: solo('cooked-rice'),
    more: [solo('sheaf-of-rice'), withSide('cooked-rice', 'spoon')],
  },
  '1002': { main: solo(tinted('beans', { hue: 32, sat: 0.55, light: 0.25 })) },
  '1003': { main: solo(tinted('beans', BLACK)) },
  '1004': {
    main: withSide(tinted('bowl-with-spoon', { hue: 38, sat: 0.6, light: 0.2 }), 'ginger-root'),
  },
  '1005': { main: solo('spaghetti') },
  '1006': { main: withSide('canned-food', 'herb') },
  '1007': { main: withSide('salt', 'cupcake') },
  '1008': { main: withSide('hot-beverage', coffeeBeans), more: [pack(coffeeBeans, 3)] },
  '1009': { main: withSide('olive', tinted('droplet', GOLDEN_OIL)) },
  '1010': { main: withSide(tinted('droplet', GOLDEN_OIL), 'pea-pod') },
  '1011': { main: withSide(tinted('cooked-rice', { hue: 30, sat: 0.8, light: -0.05 }), 'sheaf-of-rice') },
  '1012': { main: withSide('bowl-with-spoon', 'sheaf-of-rice') },
  '1013': { main: withSide(tinted('jar', { hue: 2, sat: 2.2, light: -0.15 }), 'tomato') },
  '1014': { main: withSide('spaghetti', 'herb') },
  '1015': { main: withSide(tinted('jar', COFFEE), 'hot-beverage') },
  '1016': { main: pack(coffeeBeans, 3), more: [withSide(coffeeBeans, 'teacup-without-handle')] },
  '1017': { main: pack(tinted('ice', { hue: 28, sat: 0.55, light: -0.2 }), 3) },
  '1018': { main: withSide(tinted('glass-of-milk', COFFEE), 'chocolate-bar') },
  '1019': { main: group(['olive', { emoji: 'olive', flip: true }, tinted('droplet', GOLDEN_OIL)]) },
  '1020': { main: solo(tinted('beans', { hue: 55, sat: 0.45, light: 0.05 })) },
  // Bebidas
  '2001': { main: withSide(tinted('cup-with-straw', { hue: 130, sat: 0.9 }), tinted('ice', WATER)) },
  '2002': { main: withSide('cup-with-straw', tinted('ice', WATER)) },
  '2003': { main: withSide(tinted('glass-of-milk', GRAPE_JUICE), 'grapes') },
  '2004': { main: withSide(waterGlass, 'droplet') },
  '2005': { main: solo('coconut') },
  '2006': { main: solo('beer-mug') },
  '2007': { main: solo('clinking-beer-mugs') },
  '2008': { main: withSide('wine-glass', 'grapes') },
  '2009': { main: withSide('tumbler-glass', 'lime') },
  '2010': { main: solo('bottle-with-popping-cork') },
  '2011': { main: withSide(juiceBox(285), 'grapes') },
  '2012': { main: withSide(juiceBox(22), 'peach') },
  '2013': { main: withSide(juiceBox(42), 'mango') },
  '2014': { main: withSide(tinted('oil-drum', { hue: 200, sat: 0.6, light: 0.3 }), 'droplet') },
  '2015': { main: withSide('mate', 'lemon') },
  '2016': { main: withSide('beer-mug', 'honey-pot') },
  '2017': { main: pack('beer-mug', 2) },
  '2018': {
    main: group(['cup-with-straw', tinted('cup-with-straw', BLACK)]),
    options: {
      attribute: 'versao',
      shots: {
        original: withSide('cup-with-straw', tinted('ice', WATER)),
        'sem-acucar': withSide(tinted('cup-with-straw', BLACK), tinted('ice', WATER)),
      },
    },
  },
  // Hortifrúti
  '3001': { main: solo('banana'), more: [pack('banana', 3)] },
  '3002': { main: pack('red-apple', 3) },
  '3003': { main: pack('lime', 2) },
  '3004': { main: pack('tomato', 3) },
  '3005': { main: pack('potato', 3) },
  '3006': { main: solo('leafy-green') },
  '3007': { main: pack('tangerine', 3) },
  '3008': { main: solo(tinted('mango', { hue: 30, sat: 1.1 })) },
  '3009': { main: pack('onion', 3) },
  '3010': { main: pack('carrot', 3) },
  '3011': {
    main: [
      { emoji: 'basket', x: 0.5, bottom: 0.8, size: 0.66 },
      { emoji: 'red-apple', x: 0.26, bottom: 0.92, size: 0.3 },
      { emoji: 'banana', x: 0.52, bottom: 0.93, size: 0.32 },
      { emoji: 'grapes', x: 0.77, bottom: 0.92, size: 0.3 },
    ],
    more: [group(['peach', 'pineapple', 'tangerine']), group(['grapes', 'red-apple', 'banana'])],
  },
  '3012': { main: pack(tinted('tomato', { hue: 24, sat: 1.1 }), 2) },
  // Padaria
  '4001': { main: withSide('baguette-bread', 'butter') },
  '4002': { main: solo('bread') },
  '4003': { main: withSide(tinted('falafel', { hue: 40, sat: 1.8, light: 0.1 }), 'cheese-wedge') },
  '4004': { main: withSide('pie', 'ear-of-corn') },
  '4005': { main: pack(tinted('bagel', { sat: 0.25, light: 0.35 }), 3) },
  '4006': { main: pack(tinted('flatbread', { hue: 32, sat: 1.2, light: -0.1 }), 3) },
  '4007': { main: withSide(tinted('bread', { hue: 26, sat: 0.9, light: -0.3 }), 'sheaf-of-rice') },
  '4008': { main: pack(tinted('cookie', { hue: 20, sat: 0.3, light: -0.7 }), 3) },
  '4009': {
    main: withSide(tinted('shortcake', { hue: 22, sat: 0.8, light: -0.3 }), 'carrot'),
    more: [withSide('chocolate-bar', 'carrot')],
  },
  '4010': { main: pack(tinted('baguette-bread', { light: 0.15 }), 3) },
  // Laticínios
  '5001': { main: withSide(tinted('beverage-box', MILK_CARTON), 'glass-of-milk') },
  '5002': { main: withSide(tinted('beverage-box', { hue: 210, sat: 0.8, light: 0.2 }), 'glass-of-milk') },
  '5003': { main: solo('cheese-wedge') },
  '5004': { main: withSide(tinted('jar', WHITE), 'baguette-bread') },
  '5005': { main: solo(tinted('cheese-wedge', { sat: 0.15, light: 0.3 })) },
  '5006': { main: solo('butter') },
  '5007': { main: withSide(tinted('bowl-with-spoon', { sat: 0.1, light: 0.45 }), 'spoon') },
  '5008': { main: pack(tinted('cheese-wedge', { sat: 0.75, light: -0.05 }), 2) },
  '5009': { main: withSide('cheese-wedge', 'sandwich') },
  '5010': { main: pack(juiceBox(0), 3) },
  '5011': { main: solo(tinted('canned-food', { hue: 210, sat: 0.9 })) },
  '5012': {
    main: group([yogurtCup(YOGURT_STRAWBERRY), yogurtCup(YOGURT_BERRIES), yogurtCup(YOGURT_PLAIN)]),
    options: {
      attribute: 'sabor-iogurte',
      shots: {
        tradicional: withSide(yogurtCup(YOGURT_PLAIN), 'spoon'),
        morango: withSide(yogurtCup(YOGURT_STRAWBERRY), 'strawberry'),
        'frutas-vermelhas': withSide(yogurtCup(YOGURT_BERRIES), 'blueberries'),
      },
    },
  },
  // Carnes
  '6001': { main: solo('cut-of-meat'), more: [withSide('cut-of-meat', 'fire')] },
  '6002': { main: withSide(tinted('cut-of-meat', { light: -0.15 }), 'onion') },
  '6003': { main: withSide(tinted('cut-of-meat', { hue: 18, sat: 0.5, light: 0.3 }), 'chicken') },
  '6004': { main: pack('poultry-leg', 2) },
  '6005': { main: solo('hot-dog') },
  '6006': { main: withSide({ emoji: 'cut-of-meat', flip: true }, 'salt') },
  '6007': { main: solo('meat-on-bone') },
  '6008': { main: withSide('chicken', 'ice') },
  // Limpeza
  '7001': { main: withSide(tinted('package', { hue: 215, sat: 1.2 }), 'bubbles') },
  '7002': { main: withSide(bottle({ hue: 265, sat: 0.9 }), 'blossom') },
  '7003': { main: withSide(bottle({ hue: 95, sat: 0.9 }), 'sponge') },
  '7004': { main: pack('sponge', 3) },
  '7005': { main: withSide(bottle({ sat: 0.1, light: 0.35 }), 'bucket') },
  '7006': { main: withSide(bottle({ hue: 125, sat: 0.9, light: -0.1 }), 'evergreen-tree') },
  '7007': { main: withSide(bottle({ hue: 220, sat: 1.1 }), 'socks') },
  '7008': {
    main: group([bottle(VEJA_LIMAO), bottle(VEJA_LAVANDA), bottle(VEJA_ORIGINAL)]),
    options: {
      attribute: 'fragrancia',
      shots: {
        original: withSide(bottle(VEJA_ORIGINAL), 'sparkles'),
        limao: withSide(bottle(VEJA_LIMAO), 'lemon'),
        lavanda: withSide(bottle(VEJA_LAVANDA), 'hyacinth'),
      },
    },
  },
  '7009': { main: solo('wastebasket') },
  '7010': { main: pack(tinted('sponge', { hue: 200, sat: 0.8 }), 2) },
  // Higiene
  '8001': { main: solo(tinted('soap', WHITE)) },
  '8002': { main: solo(bottle({ hue: 222, sat: 0.7, light: -0.35 })) },
  '8003': { main: withSide(bottle({ hue: 330, sat: 1 }), 'bubbles') },
  '8004': { main: withSide('tooth', 'toothbrush') },
  '8005': { main: solo(tinted('toothbrush', { hue: 210, sat: 1 })) },
  '8006': { main: pack('roll-of-paper', 3) },
  '8007': { main: withSide(tinted('briefs', { hue: 200, sat: 0.3, light: 0.45 }), 'baby-bottle') },
  '8008': { main: withSide(bottle({ hue: 35, sat: 1.2 }), 'sun') },
  '8009': { main: withSide(bottle({ hue: 188, sat: 1 }), 'sparkles') },
  '8010': { main: withSide(tinted('package', { hue: 195, sat: 0.5, light: 0.35 }), 'droplet') },
  '8011': { main: withSide(bottle({ hue: 330, sat: 0.8, light: 0.2 }), 'droplet') },
  // Congelados
  '9101': { main: solo('ice-cream'), more: [withSide('ice-cream', 'spoon')] },
  '9102': { main: solo('soft-ice-cream') },
  '9103': { main: solo('shallow-pan-of-food') },
  '9104': { main: solo('pizza') },
  '9105': { main: solo('hamburger') },
  '9106': { main: solo('french-fries') },
  '9107': { main: pack('ice', 3) },
  // Pet Shop
  '10101': { main: withSide(tinted('package', { hue: 45, sat: 1.4 }), 'dog') },
  '10102': { main: withSide('bone', 'dog-face') },
  '10103': { main: withSide(tinted('package', { hue: 285, sat: 1 }), 'fish') },
  '10104': { main: withSide(tinted('bucket', { hue: 170, sat: 0.7 }), 'cat') },
  '10105': { main: withSide(tinted('canned-food', { hue: 285, sat: 1 }), 'cat-face') },
  // Casa e Bazar
  '11101': { main: withSide(tinted('oil-drum', { hue: 12, sat: 1.1 }), 'fire') },
  '11102': { main: withSide(tinted('wood', { sat: 0.2, light: -0.6 }), 'fire') },
  '11103': {
    main: group([tinted('t-shirt', BLACK), 't-shirt', tinted('t-shirt', WHITE)]),
    options: {
      attribute: 'cor',
      shots: {
        branca: solo(tinted('t-shirt', WHITE)),
        preta: solo(tinted('t-shirt', BLACK)),
        verde: solo('t-shirt'),
      },
    },
  },
  '11104': { main: solo(tinted('shopping-bags', { hue: 40, sat: 0.3, light: 0.3 })) },
  '11105': {
    main: group(['thong-sandal', tinted('thong-sandal', BLACK, true)]),
    options: {
      attribute: 'cor',
      shots: { azul: solo('thong-sandal'), preto: solo(tinted('thong-sandal', BLACK)) },
    },
  },
  '11106': { main: pack(tinted('battery', { hue: 30, sat: 0.8, light: -0.1 }), 3) },
  '11107': {
    main: group([tinted('light-bulb', LED_WHITE), 'light-bulb']),
    options: {
      attribute: 'cor-da-luz',
      shots: { 'branca-6500k': solo(tinted('light-bulb', LED_WHITE)), 'amarela-3000k': solo('light-bulb') },
    },
  },
  '11108': { main: pack('tumbler-glass', 3) },
  '11109': { main: withSide(tinted('package', { hue: 0, sat: 1.3 }), 'fire') },
};

/** The name of a variant's own picture: 'produto-11103-branca'. */
export function optionPictureName(productId: string, optionId: string): string {
  return `produto-${productId}-${optionId}`;
}

/** Every picture of a product, named as its files are: 'produto-<id>', then '-2'... or '-<option id>'. */
export function pictureNames(productId: string, pictures: ProductPictures): string[] {
  const base = `produto-${productId}`;
  return [
    base,
    ...(pictures.more ?? []).map((_, n) => `${base}-${n + 2}`),
    ...Object.keys(pictures.options?.shots ?? {}).map((option) => optionPictureName(productId, option)),
  ];
}

/** Every picture to render: its name and its shot. */
export function allShots(): { name: string; shot: Shot }[] {
  return Object.entries(PRODUCT_PICTURES).flatMap(([id, pictures]) => {
    const shots = [pictures.main, ...(pictures.more ?? []), ...Object.values(pictures.options?.shots ?? {})];
    return pictureNames(id, pictures).map((name, i) => ({ name, shot: shots[i] ?? [] }));
  });
}

/** A short fingerprint of a shot: the manifest keeps it, so a shot changed but not rendered shows. */
export function shotFingerprint(shot: Shot): string {
  return createHash('sha256').update(JSON.stringify(shot)).digest('hex').slice(0, 12);
}
