import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import sharp, { type Sharp } from 'sharp';
import { request } from 'undici';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from './share-preview-html.ts';

/**
 * The share link's preview picture (decision 0024): a 1200×630 JPEG of at most 300 KB (WhatsApp drops
 * previews with heavy pictures), made with sharp from the product's first picture, fitted whole on a
 * background of the shop's colour; a product without a picture (or whose picture cannot be read) gets
 * a plain picture in that colour.
 *
 * The product's picture is fetched ONLY from the commerce backend's own origin (a path of it, or an
 * address on it): never from any other host, whatever the product's data says, so no one can make the
 * BFF call an address of their choice. The fetch follows no redirect, waits PICTURE_TIMEOUT_MS at
 * most and reads PICTURE_MAX_BYTES at most; sharp refuses a picture of more than PICTURE_MAX_PIXELS.
 * Made pictures are kept in an LRU bounded by their bytes; callers asking for the same one at once
 * share its making.
 */
export const PREVIEW_MAX_BYTES = 300 * 1024;
export const PICTURE_TIMEOUT_MS = 3_000;
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
const PICTURE_MAX_PIXELS = 40_000_000;
/** Made pictures kept: ~100 to 400 of them. */
const KEPT_BYTES = 32 * 1024 * 1024;
const KEPT_MS = 60 * 60 * 1000;
/** Qualities tried in turn until the picture fits PREVIEW_MAX_BYTES. */
const QUALITIES = [82, 72, 60, 45, 30];
const WHITE = '#FFFFFF';

export type PreviewPicture = { bytes: Buffer; etag: string };

/** A #RRGGBB colour of the shop's style, or white. */
export function backgroundOf(color: string | undefined | null): string {
  return color && /^#[0-9A-Fa-f]{6}$/.test(color) ? color.toUpperCase() : WHITE;
}

/**
 * Where the backend serves a picture the product names, or undefined when it is not the backend's
 * own: a path ('/api/sandbox/media/x.webp', under the backend's base path) or an http(s) address on
 * the backend's origin. Protocol-relative ('//host'), backslashes and other origins are refused.
 */
export function backendPictureUrl(picture: string, commerceApiUrl: string): URL | undefined {
  const base = new URL(commerceApiUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (picture.includes('\\') || /[\u0000-\u001F\u007F\s]/.test(picture)) return undefined;
  let url: URL;
  try {
    url =
      picture.startsWith('/') && !picture.startsWith('//')
        ? new URL(basePath + picture, base.origin)
        : new URL(picture);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  if (url.username || url.password) return undefined;
  return url;
}

/** The picture's bytes, or undefined when it cannot be had within the bounds. */
async function fetchPicture(url: URL): Promise<Buffer | undefined> {
  try {
    const answer = await request(url, {
      method: 'GET',
      headers: { accept: 'image/*' },
      signal: AbortSignal.timeout(PICTURE_TIMEOUT_MS),
    });
    const type = String(answer.headers['content-type'] ?? '');
    const declared = Number(answer.headers['content-length'] ?? 0);
    if (answer.statusCode !== 200 || !type.startsWith('image/') || declared > PICTURE_MAX_BYTES) {
      await answer.body.dump();
      return undefined;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      size += (chunk as Buffer).length;
      if (size > PICTURE_MAX_BYTES) {
        answer.body.destroy();
        return undefined;
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks, size);
  } catch {
    return undefined;
  }
}

/** The JPEG, and whether it shows the product's picture (a plain one made for a failed fetch is not kept). */
async function render(
  picture: Buffer | undefined,
  background: string,
): Promise<{ bytes: Buffer; showsPicture: boolean }> {
  let showsPicture = false;
  const base = async (): Promise<Sharp> => {
    if (picture) {
      try {
        const fitted = await sharp(picture, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' })
          .rotate()
          .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'contain', background })
          .flatten({ background })
          .toBuffer();
        showsPicture = true;
        return sharp(fitted);
      } catch {
        // A picture sharp cannot read: the plain picture below.
      }
    }
    return sharp({ create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background } });
  };
  const image = await base();
  let bytes = Buffer.alloc(0);
  for (const quality of QUALITIES) {
    bytes = await image.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (bytes.length <= PREVIEW_MAX_BYTES) break;
  }
  return { bytes, showsPicture };
}

export type PreviewPictures = {
  /** The picture for a product's first picture (or none) on a background colour. */
  of(picture: string | undefined, color: string | undefined | null): Promise<PreviewPicture>;
};

export function previewPictures(commerceApiUrl: string): PreviewPictures {
  const kept = new LRUCache<string, PreviewPicture>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (value) => Math.max(1, value.bytes.length),
    ttl: KEPT_MS,
  });
  const making = new Map<string, Promise<PreviewPicture>>();
  return {
    of(picture, color) {
      const background = backgroundOf(color);
      const url = picture ? backendPictureUrl(picture, commerceApiUrl) : undefined;
      const key = `${url?.href ?? ''}\n${background}`;
      const found = kept.get(key);
      if (found) return Promise.resolve(found);
      const pending = making.get(key);
      if (pending) return pending;
      const started = (async () => {
        const { bytes, showsPicture } = await render(url ? await fetchPicture(url) : undefined, background);
        const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
        const made = { bytes, etag };
        // A product with a picture that could not be had now gets the plain one, made again next time.
        if (showsPicture || !url) kept.set(key, made);
        return made;
      })().finally(() => making.delete(key));
      making.set(key, started);
      return started;
    },
  };
}
