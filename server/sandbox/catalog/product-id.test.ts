import { describe, expect, it } from 'vitest';
import { parseProductId, skuProductId } from './product-id.ts';

describe('product ids', () => {
  it.each([
    ['1001', { baseId: '1001', sku: null, variantOption: null }],
    ['11103&1110305', { baseId: '11103', sku: '1110305', variantOption: null }],
    ['2011Variant=pessego', { baseId: '2011', sku: null, variantOption: 'pessego' }],
    ['11103&1110302Variant=verde', { baseId: '11103', sku: '1110302', variantOption: 'verde' }],
  ])('reads %s', (id, parts) => {
    expect(parseProductId(id)).toEqual(parts);
  });

  it.each(['', '&1', '1&', '1&2&3', 'Variant=uva', '1Variant=', '1Variant=aVariant=b', '&'])(
    'names no product with %s',
    (id) => {
      expect(parseProductId(id)).toBeUndefined();
    },
  );

  it('writes a chosen sku after the base id', () => {
    expect(skuProductId('11103', '1110305')).toBe('11103&1110305');
    expect(parseProductId(skuProductId('11103', '1110305'))?.sku).toBe('1110305');
  });
});
