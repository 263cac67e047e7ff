import { describe, expect, it } from 'vitest';
import type { Product, ProductDimension } from '@/contract/catalog.ts';
import { displayPrice } from '@/lib/format.ts';
import {
  baseProductId,
  chooseOption,
  hasDimensions,
  initialSelection,
  isOptionAvailable,
  matchingDimension,
  productView,
  type Selection,
  selectionFromParams,
  selectionToParams,
} from './variant-selection.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, modelled on the sandbox seed

const COLOURS = ['branca', 'preta', 'verde'] as const;
const SIZES = ['p', 'm', 'g', 'gg'] as const;
/** Out of stock in the seed: black P and green GG. */
const UNAVAILABLE = new Set(['preta/p', 'verde/gg']);

const skuOf = (cor: string, tamanho: string) =>
  `11103${COLOURS.indexOf(cor as never)}${SIZES.indexOf(tamanho as never)}`;

const shirtDimensions: ProductDimension[] = COLOURS.flatMap((cor) =>
  SIZES.map((tamanho) => ({
    attributes: { cor, tamanho },
    image: { url: `/media/camiseta-${cor}.jpg` },
    sku: skuOf(cor, tamanho),
    // GG costs more.
    priceDefault: tamanho === 'gg' ? 44.9 : 39.9,
    isAvailable: !UNAVAILABLE.has(`${cor}/${tamanho}`),
  })),
);

/** Product 11103: a shirt, Cor × Tamanho, no list price. */
function shirt(overrides: Partial<Product> = {}): Product {
  return {
    providerId: '11103',
    name: 'Camiseta Básica Algodão Hering',
    images: [{ url: '/media/camiseta.jpg' }, { url: '/media/camiseta-branca.jpg' }],
    attributes: [
      {
        providerId: 'cor',
        name: 'Cor',
        options: COLOURS.map((c) => ({ providerId: c, name: c, redirectable: false })),
      },
      {
        providerId: 'tamanho',
        name: 'Tamanho',
        options: SIZES.map((s) => ({ providerId: s, name: s.toUpperCase(), redirectable: false })),
      },
    ],
    dimensions: shirtDimensions,
    currentDimension: null,
    sku: '11103',
    price: 39.9,
    listPrice: null,
    promotionalPrice: null,
    minPrice: 39.9,
    maxPrice: 44.9,
    hasVariants: true,
    isActive: true,
    ...overrides,
  };
}

/** Product 2011: no dimensions, one redirectable 'Sabor' attribute (the product on screen first). */
function nectar(overrides: Partial<Product> = {}): Product {
  return {
    providerId: '2011',
    name: 'Néctar Del Valle Uva 1L',
    images: [{ url: '/media/nectar-uva.jpg' }],
    attributes: [
      {
        providerId: 'sabor',
        name: 'Sabor',
        options: ['uva', 'pessego', 'manga'].map((id) => ({ providerId: id, name: id, redirectable: true })),
      },
    ],
    dimensions: [],
    sku: '2011',
    price: 7.99,
    ...overrides,
  };
}

/** No dimensions, plain (non-redirectable) options on two attributes. */
function mug(): Product {
  return {
    providerId: '3050',
    name: 'Caneca',
    attributes: [
      {
        providerId: 'cor',
        options: [{ providerId: 'azul' }, { providerId: 'vermelha' }],
      },
      { providerId: 'gravacao', options: [{ providerId: 'sem' }, { providerId: 'com' }] },
      // An attribute without options can never be chosen.
      { providerId: 'vazio', options: [] },
    ],
    price: 25,
  };
}

const dimensionOf = (cor: string, tamanho: string) =>
  shirtDimensions.find((d) => d.attributes.cor === cor && d.attributes.tamanho === tamanho);

// ---------------------------------------------------------------------------------------------

describe('hasDimensions', () => {
  it('is true for a product with dimensions, false with none or an empty list', () => {
    expect(hasDimensions(shirt())).toBe(true);
    expect(hasDimensions(nectar())).toBe(false);
    expect(hasDimensions(mug())).toBe(false);
    expect(hasDimensions(shirt({ dimensions: null }))).toBe(false);
  });
});

describe('baseProductId', () => {
  it.each([
    ['11103', '11103'],
    ['11103&1110305', '11103'],
    ['2011Variant=pessego', '2011'],
    ['11103&1110301Variant=verde', '11103'],
  ])('%s → %s', (id, base) => {
    expect(baseProductId(id)).toBe(base);
  });
});

describe('initialSelection', () => {
  describe('without dimensions', () => {
    it('starts each attribute on its first option', () => {
      expect(initialSelection(nectar())).toEqual({ sabor: 'uva' });
      expect(initialSelection(mug())).toEqual({ cor: 'azul', gravacao: 'sem' });
    });

    it('keeps a valid non-redirectable option from the address, dropping invalid entries', () => {
      expect(initialSelection(mug(), { gravacao: 'com', cor: 'roxa', tamanho: 'g' })).toEqual({
        cor: 'azul',
        gravacao: 'com',
      });
    });

    it('ignores a redirectable option in the address: the product on screen is the first option', () => {
      expect(initialSelection(nectar(), { sabor: 'manga' })).toEqual({ sabor: 'uva' });
    });

    it('is empty for a product without attributes', () => {
      expect(initialSelection({ providerId: '1', name: 'x' })).toEqual({});
    });
  });

  describe('with dimensions', () => {
    it('is empty with no address and no current dimension', () => {
      expect(initialSelection(shirt())).toEqual({});
      expect(initialSelection(shirt(), {})).toEqual({});
    });

    it("uses the current dimension of a '&sku' id", () => {
      const greenG = dimensionOf('verde', 'g');
      const product = shirt({ providerId: `11103&${greenG?.sku}`, currentDimension: greenG });
      expect(initialSelection(product)).toEqual({ cor: 'verde', tamanho: 'g' });
    });

    it('drops current-dimension entries the product does not have', () => {
      const product = shirt({ currentDimension: { attributes: { cor: 'preta', estampa: 'lisa' } } });
      expect(initialSelection(product)).toEqual({ cor: 'preta' });
    });

    it("prefers the address's selection to the current dimension", () => {
      const product = shirt({ currentDimension: dimensionOf('verde', 'g') });
      expect(initialSelection(product, { cor: 'branca', tamanho: 'gg' })).toEqual({
        cor: 'branca',
        tamanho: 'gg',
      });
    });

    it('accepts a partial address selection', () => {
      expect(initialSelection(shirt(), { tamanho: 'm' })).toEqual({ tamanho: 'm' });
    });

    it('drops address entries naming an unknown attribute or option', () => {
      expect(initialSelection(shirt(), { cor: 'roxa', tamanho: 'm', estampa: 'lisa' })).toEqual({
        tamanho: 'm',
      });
    });

    it('ignores prototype keys in the address', () => {
      const address = JSON.parse('{"__proto__": "x", "constructor": "y", "cor": "preta"}') as Selection;
      expect(initialSelection(shirt(), address)).toEqual({ cor: 'preta' });
    });

    it('falls back to the current dimension when no address entry is valid', () => {
      const product = shirt({ currentDimension: dimensionOf('branca', 'm') });
      expect(initialSelection(product, { cor: 'roxa', x: 'y' })).toEqual({ cor: 'branca', tamanho: 'm' });
    });

    it('drops an address entry that makes an out-of-stock combination', () => {
      // Black P is out of stock: the colour (first attribute) is kept, the size dropped.
      expect(initialSelection(shirt(), { cor: 'preta', tamanho: 'p' })).toEqual({ cor: 'preta' });
      expect(initialSelection(shirt(), { tamanho: 'gg', cor: 'verde' })).toEqual({ cor: 'verde' });
    });
  });
});

describe('matchingDimension', () => {
  it('finds the dimension of a complete selection', () => {
    expect(matchingDimension(shirt(), { cor: 'branca', tamanho: 'gg' })).toBe(dimensionOf('branca', 'gg'));
  });

  it('does not depend on the order of the entries', () => {
    expect(matchingDimension(shirt(), { tamanho: 'm', cor: 'verde' })).toBe(dimensionOf('verde', 'm'));
  });

  it('gives undefined for an incomplete selection', () => {
    expect(matchingDimension(shirt(), {})).toBeUndefined();
    expect(matchingDimension(shirt(), { cor: 'branca' })).toBeUndefined();
    expect(matchingDimension(shirt(), { tamanho: 'gg' })).toBeUndefined();
  });

  it('gives undefined when no dimension has the combination', () => {
    const product = shirt({ dimensions: shirtDimensions.filter((d) => d.attributes.cor !== 'verde') });
    expect(matchingDimension(product, { cor: 'verde', tamanho: 'm' })).toBeUndefined();
  });

  it('returns an unavailable dimension too (the caller checks isAvailable)', () => {
    expect(matchingDimension(shirt(), { cor: 'preta', tamanho: 'p' })?.isAvailable).toBe(false);
  });

  it('gives undefined for a product without dimensions or attributes', () => {
    expect(matchingDimension(nectar(), { sabor: 'uva' })).toBeUndefined();
    expect(
      matchingDimension({ providerId: '1', name: 'x', dimensions: shirtDimensions }, {}),
    ).toBeUndefined();
  });
});

describe('isOptionAvailable', () => {
  it('is true when some available dimension has the option and nothing else is chosen', () => {
    for (const cor of COLOURS) expect(isOptionAvailable(shirt(), {}, 'cor', cor)).toBe(true);
    for (const size of SIZES) expect(isOptionAvailable(shirt(), {}, 'tamanho', size)).toBe(true);
  });

  it('disables options unavailable given the other chosen options', () => {
    expect(isOptionAvailable(shirt(), { cor: 'preta' }, 'tamanho', 'p')).toBe(false);
    expect(isOptionAvailable(shirt(), { cor: 'preta' }, 'tamanho', 'gg')).toBe(true);
    expect(isOptionAvailable(shirt(), { tamanho: 'gg' }, 'cor', 'verde')).toBe(false);
    expect(isOptionAvailable(shirt(), { tamanho: 'gg' }, 'cor', 'branca')).toBe(true);
  });

  it("ignores the attribute's own current choice", () => {
    // With black chosen, green stays choosable (green M exists), though black M is chosen too.
    expect(isOptionAvailable(shirt(), { cor: 'preta', tamanho: 'm' }, 'cor', 'verde')).toBe(true);
    expect(isOptionAvailable(shirt(), { cor: 'verde', tamanho: 'm' }, 'tamanho', 'gg')).toBe(false);
  });

  it('is false when every dimension with the option is unavailable', () => {
    const product = shirt({
      dimensions: shirtDimensions.map((d) =>
        d.attributes.cor === 'preta' ? { ...d, isAvailable: false } : d,
      ),
    });
    expect(isOptionAvailable(product, {}, 'cor', 'preta')).toBe(false);
  });

  it('counts a dimension without isAvailable as available', () => {
    const product = shirt({ dimensions: [{ attributes: { cor: 'preta', tamanho: 'p' } }] });
    expect(isOptionAvailable(product, {}, 'tamanho', 'p')).toBe(true);
    expect(isOptionAvailable(product, {}, 'tamanho', 'm')).toBe(false);
  });

  it('is false for an option or attribute the product does not have', () => {
    expect(isOptionAvailable(shirt(), {}, 'cor', 'roxa')).toBe(false);
    expect(isOptionAvailable(shirt(), {}, 'estampa', 'lisa')).toBe(false);
  });

  it('is true for every option of a product without dimensions', () => {
    expect(isOptionAvailable(nectar(), { sabor: 'uva' }, 'sabor', 'manga')).toBe(true);
    expect(isOptionAvailable(mug(), {}, 'gravacao', 'com')).toBe(true);
  });
});

describe('chooseOption', () => {
  describe('with dimensions', () => {
    it('sets an available option', () => {
      expect(chooseOption(shirt(), {}, 'cor', 'verde')).toEqual({ selection: { cor: 'verde' } });
      expect(chooseOption(shirt(), { cor: 'verde' }, 'tamanho', 'g')).toEqual({
        selection: { cor: 'verde', tamanho: 'g' },
      });
    });

    it("replaces the attribute's previous option", () => {
      expect(chooseOption(shirt(), { cor: 'verde', tamanho: 'm' }, 'cor', 'preta').selection).toEqual({
        cor: 'preta',
        tamanho: 'm',
      });
    });

    it('deselects the chosen option when clicked again', () => {
      expect(chooseOption(shirt(), { cor: 'verde', tamanho: 'm' }, 'cor', 'verde')).toEqual({
        selection: { tamanho: 'm' },
      });
    });

    it('refuses an unavailable option, leaving the selection unchanged', () => {
      const selection = { cor: 'preta' };
      const result = chooseOption(shirt(), selection, 'tamanho', 'p');
      expect(result.selection).toBe(selection);
      expect(result.redirectTo).toBeUndefined();
    });

    it('refuses an unknown attribute or option', () => {
      const selection = { cor: 'preta' };
      expect(chooseOption(shirt(), selection, 'tamanho', 'xg').selection).toBe(selection);
      expect(chooseOption(shirt(), selection, 'estampa', 'lisa').selection).toBe(selection);
    });

    it('does not change the selection it is given', () => {
      const selection = Object.freeze({ cor: 'verde' });
      chooseOption(shirt(), selection, 'tamanho', 'g');
      chooseOption(shirt(), selection, 'cor', 'verde');
      expect(selection).toEqual({ cor: 'verde' });
    });

    it('completing a selection then clicking an option again clears the matching dimension', () => {
      let selection: Selection = {};
      selection = chooseOption(shirt(), selection, 'cor', 'branca').selection;
      selection = chooseOption(shirt(), selection, 'tamanho', 'gg').selection;
      expect(matchingDimension(shirt(), selection)).toBe(dimensionOf('branca', 'gg'));
      selection = chooseOption(shirt(), selection, 'tamanho', 'gg').selection;
      expect(matchingDimension(shirt(), selection)).toBeUndefined();
    });

    it("answers redirectTo for a redirectable option, from the '&sku' id's base", () => {
      const product = shirt({
        providerId: '11103&1110301',
        attributes: shirt().attributes?.map((a) =>
          a.providerId === 'cor'
            ? { ...a, options: a.options?.map((o) => ({ ...o, redirectable: true })) }
            : a,
        ),
      });
      expect(chooseOption(product, { tamanho: 'm' }, 'cor', 'verde')).toEqual({
        selection: { tamanho: 'm', cor: 'verde' },
        redirectTo: '11103Variant=verde',
      });
      // An unavailable redirectable option is refused: nothing to load.
      expect(chooseOption(product, { tamanho: 'gg' }, 'cor', 'verde')).toEqual({
        selection: { tamanho: 'gg' },
      });
      // Deselecting never loads another product.
      expect(chooseOption(product, { cor: 'verde' }, 'cor', 'verde')).toEqual({ selection: {} });
    });
  });

  describe('without dimensions', () => {
    it('sets another option', () => {
      expect(chooseOption(mug(), { cor: 'azul', gravacao: 'sem' }, 'gravacao', 'com')).toEqual({
        selection: { cor: 'azul', gravacao: 'com' },
      });
    });

    it('cannot deselect: clicking the chosen option keeps it', () => {
      const selection = { cor: 'azul', gravacao: 'sem' };
      expect(chooseOption(mug(), selection, 'cor', 'azul')).toEqual({ selection });
    });

    it('refuses an unknown option', () => {
      const selection = { cor: 'azul' };
      expect(chooseOption(mug(), selection, 'cor', 'roxa')).toEqual({ selection });
    });

    it("answers redirectTo = base id + 'Variant=' + option for a redirectable option", () => {
      expect(chooseOption(nectar(), { sabor: 'uva' }, 'sabor', 'pessego')).toEqual({
        selection: { sabor: 'pessego' },
        redirectTo: '2011Variant=pessego',
      });
    });

    it("builds redirectTo from the base id of a variant or '&' id", () => {
      const peach = nectar({ providerId: '2011Variant=pessego' });
      expect(chooseOption(peach, { sabor: 'pessego' }, 'sabor', 'manga').redirectTo).toBe(
        '2011Variant=manga',
      );
      const withSku = nectar({ providerId: '2011&2011Variant=pessego' });
      expect(chooseOption(withSku, { sabor: 'pessego' }, 'sabor', 'uva').redirectTo).toBe('2011Variant=uva');
    });

    it('does not redirect when the chosen redirectable option is clicked again', () => {
      expect(chooseOption(nectar(), { sabor: 'uva' }, 'sabor', 'uva')).toEqual({
        selection: { sabor: 'uva' },
      });
    });
  });
});

describe('productView', () => {
  it("shows the product's own fields without a matching dimension", () => {
    const product = shirt({ promotionalPrice: 35 });
    for (const selection of [{}, { cor: 'verde' }] as Selection[]) {
      expect(productView(product, selection)).toEqual({
        sku: '11103',
        images: ['/media/camiseta.jpg', '/media/camiseta-branca.jpg'],
        price: 39.9,
        listPrice: undefined,
        promotionalPrice: 35,
        minPrice: 39.9,
        maxPrice: 44.9,
      });
    }
  });

  it('turns null and missing product fields into undefined and no images', () => {
    expect(productView({ providerId: '1', name: 'x', sku: null, price: null }, {})).toEqual({
      sku: undefined,
      images: [],
      price: undefined,
      listPrice: undefined,
      promotionalPrice: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    });
  });

  it("uses a matching dimension's sku and puts its image first, without duplicating it", () => {
    const view = productView(shirt(), { cor: 'branca', tamanho: 'm' });
    expect(view.dimension).toBe(dimensionOf('branca', 'm'));
    expect(view.sku).toBe(skuOf('branca', 'm'));
    expect(view.images).toEqual(['/media/camiseta-branca.jpg', '/media/camiseta.jpg']);
    expect(productView(shirt(), { cor: 'verde', tamanho: 'm' }).images).toEqual([
      '/media/camiseta-verde.jpg',
      '/media/camiseta.jpg',
      '/media/camiseta-branca.jpg',
    ]);
  });

  it("keeps the product's images and sku when the dimension has none", () => {
    const product = shirt({ dimensions: [{ attributes: { cor: 'verde', tamanho: 'm' }, image: null }] });
    const view = productView(product, { cor: 'verde', tamanho: 'm' });
    expect(view.images).toEqual(['/media/camiseta.jpg', '/media/camiseta-branca.jpg']);
    expect(view.sku).toBe('11103');
    // Nor a default price: the product's prices stay.
    expect(view.price).toBe(39.9);
    expect(view.promotionalPrice).toBeUndefined();
  });

  it('without a list price, the default price goes to promotionalPrice (and is what displayPrice shows)', () => {
    const gg = productView(shirt(), { cor: 'branca', tamanho: 'gg' });
    expect(gg.promotionalPrice).toBe(44.9);
    expect(gg.listPrice).toBeUndefined();
    // GG costs more than the product's price: it must still be the price shown.
    expect(displayPrice(gg).current).toBe(44.9);
    expect(displayPrice(productView(shirt(), { cor: 'branca', tamanho: 'm' })).current).toBe(39.9);
  });

  it('with a list price, the default price goes to price and the list price stays struck', () => {
    const product = shirt({ listPrice: 49.9, promotionalPrice: 29.9 });
    const gg = productView(product, { cor: 'preta', tamanho: 'gg' });
    expect(gg).toMatchObject({ price: 44.9, listPrice: 49.9, promotionalPrice: undefined });
    expect(displayPrice(gg)).toEqual({ current: 44.9, struck: 49.9 });
    const m = productView(product, { cor: 'preta', tamanho: 'm' });
    expect(m).toMatchObject({ price: 39.9, listPrice: 49.9 });
    expect(displayPrice(m)).toEqual({ current: 39.9, struck: 49.9 });
  });

  it("a chosen combination shows its one price instead of the product's 'min - max' range", () => {
    // Branca + GG: the page showed 'R$ 39,90 - R$ 44,90' while the cart charged R$ 44,90 (issue 23).
    expect(displayPrice(productView(shirt(), {})).range).toEqual({ min: 39.9, max: 44.9 });
    const gg = productView(shirt(), { cor: 'branca', tamanho: 'gg' });
    expect(gg).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(displayPrice(gg)).toEqual({ current: 44.9 });
    // With a list price, the combination's price against the struck list price, still no range.
    const listed = productView(shirt({ listPrice: 49.9 }), { cor: 'branca', tamanho: 'gg' });
    expect(displayPrice(listed)).toEqual({ current: 44.9, struck: 49.9 });
    // An incomplete choice, or a dimension without a price, keeps the range.
    expect(displayPrice(productView(shirt(), { cor: 'branca' })).range).toEqual({ min: 39.9, max: 44.9 });
    const unpriced = shirt({ dimensions: [{ attributes: { cor: 'verde', tamanho: 'm' } }] });
    expect(productView(unpriced, { cor: 'verde', tamanho: 'm' }).maxPrice).toBe(44.9);
  });

  it('an incomplete selection shows the product again (clears the dimension)', () => {
    const view = productView(shirt(), { tamanho: 'gg' });
    expect(view.dimension).toBeUndefined();
    expect(view.price).toBe(39.9);
  });
});

describe('address parameters', () => {
  it("writes one 'v_<attribute>' parameter per chosen option", () => {
    const params = selectionToParams(shirt(), { cor: 'verde', tamanho: 'g' });
    expect(params.toString()).toBe('v_cor=verde&v_tamanho=g');
  });

  it('keeps unrelated parameters and rewrites the old selection, without changing base', () => {
    const base = new URLSearchParams('ids=1,2&v_cor=preta&v_tamanho=gg&v_outro=x');
    const params = selectionToParams(shirt(), { cor: 'verde' }, base);
    expect(params.get('ids')).toBe('1,2');
    expect(params.get('v_outro')).toBe('x');
    expect(params.get('v_cor')).toBe('verde');
    expect(params.has('v_tamanho')).toBe(false);
    expect(base.toString()).toBe('ids=1%2C2&v_cor=preta&v_tamanho=gg&v_outro=x');
  });

  it('does not write entries the product does not have', () => {
    expect(selectionToParams(shirt(), { cor: 'roxa', estampa: 'lisa' }).toString()).toBe('');
  });

  it('reads the selection back, dropping unknown attributes and options', () => {
    const params = new URLSearchParams('v_cor=branca&v_tamanho=xg&v_estampa=lisa&cor=preta');
    expect(selectionFromParams(shirt(), params)).toEqual({ cor: 'branca' });
    expect(selectionFromParams(shirt(), new URLSearchParams())).toEqual({});
  });

  it('round-trips a selection, including ids that need escaping', () => {
    const product = shirt({
      attributes: [
        { providerId: 'cor & tom', options: [{ providerId: 'azul/claro' }, { providerId: 'rosa=1' }] },
        { providerId: 'tamanho', options: [{ providerId: 'm' }] },
      ],
      dimensions: [{ attributes: { 'cor & tom': 'rosa=1', tamanho: 'm' }, isAvailable: true }],
    });
    const selection = { 'cor & tom': 'rosa=1', tamanho: 'm' };
    const url = `?${selectionToParams(product, selection, new URLSearchParams('a=1')).toString()}`;
    expect(selectionFromParams(product, new URLSearchParams(url))).toEqual(selection);
    expect(selectionFromParams(shirt(), selectionToParams(shirt(), { cor: 'preta', tamanho: 'gg' }))).toEqual(
      {
        cor: 'preta',
        tamanho: 'gg',
      },
    );
  });

  it('a reloaded link shows the same variant', () => {
    const chosen = { cor: 'branca', tamanho: 'gg' };
    const address = selectionFromParams(shirt(), selectionToParams(shirt(), chosen));
    const selection = initialSelection(shirt(), address);
    expect(productView(shirt(), selection).sku).toBe(skuOf('branca', 'gg'));
  });

  it('an address with invalid parameters starts from the current dimension', () => {
    const product = shirt({ currentDimension: dimensionOf('verde', 'g') });
    const address = selectionFromParams(product, new URLSearchParams('v_cor=roxa&v_tamanho=xxl'));
    expect(initialSelection(product, address)).toEqual({ cor: 'verde', tamanho: 'g' });
  });
});
