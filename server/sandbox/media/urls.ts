// Where the sandbox serves its generated pictures. Under /api so the BFF forwards it like any call.
export const MEDIA_BASE_PATH = '/api/sandbox/media';

export function mediaUrl(file: string): string {
  return `${MEDIA_BASE_PATH}/${file}`;
}

/** File name of a product's n-th picture (n from 1); the first one carries no suffix. */
export function productImageFile(productId: string, n = 1): string {
  return n === 1 ? `produto-${productId}.svg` : `produto-${productId}-${n}.svg`;
}
