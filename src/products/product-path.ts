/** The product detail page of a product: /product/{providerId}, the id URL-encoded ('&', '=' and ','). */
export function productPath(providerId: string): string {
  return `/product/${encodeURIComponent(providerId)}`;
}
