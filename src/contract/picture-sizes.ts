// Picture addresses that say their width. The spec gives a product image only a `url`, so a backend
// that keeps a picture at several widths says so in the address itself: a file name ending in
// '-<width>w.<extension>' ('…/produto-1001-3f9a2c1b-600w.webp') promises the same picture at every
// width of PICTURE_WIDTHS, at the same address with the width changed. The sandbox names its
// pictures so (server/sandbox/media/); the SPA builds `srcset` from it. Any other address is one
// picture of unknown width and is used as it is. The page's first script (app/prefetch-landing.ts)
// uses it to preload the first cards' pictures.

/** The widths a sized picture comes in, in pixels, smallest first (pictures are square). */
export const PICTURE_WIDTHS = [200, 400, 600, 900] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** The width a sized picture's own address names; the backend's answer carries this one. */
export const DEFAULT_PICTURE_WIDTH: PictureWidth = 600;

const SIZED_PICTURE = /^([^?#]+-)(\d{3,4})w(\.(?:webp|avif|png|jpe?g))$/i;

const isPictureWidth = (width: number): width is PictureWidth =>
  (PICTURE_WIDTHS as readonly number[]).includes(width);

/** The address of the same picture at `width`, or undefined when the address names no width. */
export function pictureAtWidth(url: string, width: PictureWidth): string | undefined {
  const match = SIZED_PICTURE.exec(url);
  if (!match || !isPictureWidth(Number(match[2]))) return undefined;
  return `${match[1]}${width}w${match[3]}`;
}

/** A `srcset` with every width of a sized picture ('… 200w, … 400w, … 600w, … 900w'), or undefined. */
export function pictureSrcSet(url: string): string | undefined {
  if (pictureAtWidth(url, DEFAULT_PICTURE_WIDTH) === undefined) return undefined;
  return PICTURE_WIDTHS.map((width) => `${pictureAtWidth(url, width)} ${width}w`).join(', ');
}
