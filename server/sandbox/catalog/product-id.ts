// The shapes a client's product id takes (shopper spec, section 3 and 4):
// - '1001': a product;
// - '11103&1110305': a product with one of its skus (dimensions) chosen;
// - '2011Variant=pessego': a product reloaded under a variant id after a redirectable option was
//   chosen ('<id>Variant=<option providerId>'); '&' and 'Variant=' may appear together.
// Express decodes the path segment, so '%26' and '%3D' arrive here as '&' and '='.

export type ParsedProductId = {
  baseId: string;
  sku: string | null;
  variantOption: string | null;
};

const VARIANT_MARKER = 'Variant=';

/** The parts of a product id, or undefined when it cannot name a product (empty parts, repeats). */
export function parseProductId(id: string): ParsedProductId | undefined {
  const [head = '', variantOption, ...extraVariants] = id.split(VARIANT_MARKER);
  if (extraVariants.length > 0 || variantOption === '') return undefined;
  const [baseId = '', sku, ...extraSkus] = head.split('&');
  if (baseId === '' || sku === '' || extraSkus.length > 0) return undefined;
  return { baseId, sku: sku ?? null, variantOption: variantOption ?? null };
}

/** The id a product with a chosen sku is answered under: the base id, '&', the sku. */
export function skuProductId(baseId: string, sku: string): string {
  return `${baseId}&${sku}`;
}
