import { describe, expect, it } from 'vitest';
import type { Product } from '@/contract/catalog.ts';
import type { OrderItem } from '@/contract/order.ts';
import { linePicture, needsProductLookUp, optionLabels } from './line-details.ts';

/** Product 11103 as the sandbox answers it: Cor × Tamanho, one picture per colour. */
const shirt: Product = {
  providerId: '11103',
  name: 'Camiseta Básica Algodão Hering',
  images: [{ url: '/media/produto-11103.svg' }, { url: '/media/produto-11103-2.svg' }],
  attributes: [
    {
      providerId: 'cor',
      name: 'Cor',
      options: [
        { providerId: 'branca', name: 'Branca' },
        { providerId: 'preta', name: 'Preta' },
      ],
    },
    {
      providerId: 'tamanho',
      name: 'Tamanho',
      options: [
        { providerId: 'm', name: 'M' },
        { providerId: 'gg', name: 'GG' },
      ],
    },
  ],
  dimensions: [
    {
      attributes: { cor: 'branca', tamanho: 'gg' },
      sku: '1110304',
      image: { url: '/media/produto-11103-2.svg' },
    },
    {
      attributes: { cor: 'preta', tamanho: 'gg' },
      sku: '1110308',
      image: { url: '/media/produto-11103-3.svg' },
    },
    { attributes: { cor: 'preta', tamanho: 'm' }, sku: '1110306' },
  ],
};

/** A line of the shirt as the order answers it: option ids and the product's own pictures. */
function shirtLine(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    index: 2,
    providerId: '11103',
    quantity: 1,
    sku: '1110304',
    attributes: [
      { providerId: 'cor', optionProviderId: 'branca' },
      { providerId: 'tamanho', optionProviderId: 'gg' },
    ],
    name: 'Camiseta Básica Algodão Hering',
    images: [{ url: '/media/produto-11103.svg' }],
    ...overrides,
  };
}

describe('a cart line of a variant', () => {
  it('names the chosen options as the product names them, not by their ids', () => {
    expect(optionLabels(shirtLine(), shirt)).toEqual(['Cor: Branca', 'Tamanho: GG']);
  });

  it('falls back to the ids while the product is unknown, or for an option it does not name', () => {
    expect(optionLabels(shirtLine(), undefined)).toEqual(['branca', 'gg']);
    const renamed = shirtLine({ attributes: [{ providerId: 'cor', optionProviderId: 'azul' }] });
    expect(optionLabels(renamed, shirt)).toEqual(['azul']);
    expect(optionLabels(shirtLine({ attributes: [{ providerId: 'sabor' }] }), shirt)).toEqual(['sabor']);
  });

  it("shows the chosen combination's picture, found by sku or else by the chosen options", () => {
    expect(linePicture(shirtLine(), shirt)).toBe('/media/produto-11103-2.svg');
    const preta = shirtLine({
      sku: 'outro',
      attributes: [
        { providerId: 'cor', optionProviderId: 'preta' },
        { providerId: 'tamanho', optionProviderId: 'gg' },
      ],
    });
    expect(linePicture(preta, shirt)).toBe('/media/produto-11103-3.svg');
  });

  it("keeps the item's own picture when the combination has none, or the product is unknown", () => {
    expect(linePicture(shirtLine({ sku: '1110306' }), shirt)).toBe('/media/produto-11103.svg');
    expect(linePicture(shirtLine(), undefined)).toBe('/media/produto-11103.svg');
    expect(linePicture(shirtLine({ images: [] }), undefined)).toBeUndefined();
  });

  it('a line of a variant loaded under its own id (Néctar Pêssego) keeps its own picture', () => {
    const nectar: Product = {
      providerId: '2012',
      name: 'Néctar Del Valle Pêssego 1L',
      attributes: [
        { providerId: 'sabor', name: 'Sabor', options: [{ providerId: 'pessego', name: 'Pêssego' }] },
      ],
      dimensions: [],
    };
    const line = shirtLine({
      providerId: '2012',
      sku: '2012',
      attributes: [{ providerId: 'sabor', optionProviderId: 'pessego', redirectable: true }],
      images: [{ url: '/media/produto-2012.svg' }],
    });
    expect(optionLabels(line, nectar)).toEqual(['Sabor: Pêssego']);
    expect(linePicture(line, nectar)).toBe('/media/produto-2012.svg');
  });
});

describe('the product a cart line looks up', () => {
  it('is that of a line with chosen options; a plain line and a gift need none', () => {
    expect(needsProductLookUp(shirtLine())).toBe(true);
    expect(needsProductLookUp(shirtLine({ providerId: '1001', attributes: [] }))).toBe(false);
    expect(needsProductLookUp(shirtLine({ providerId: '1001', attributes: undefined }))).toBe(false);
    expect(needsProductLookUp(shirtLine({ providerId: 'brinde', isGift: true }))).toBe(false);
  });
});
