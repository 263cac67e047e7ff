import './product-gallery.css';
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { pictureSrcSet } from '@/contract/picture-sizes.ts';
import { imageAlt } from './image-alt.ts';
import type { LazyImageGalleryProps } from './lazy-image-gallery.tsx';

/** The intrinsic size of the square image box (CSS scales it to the column's width). */
export const GALLERY_IMAGE_SIZE = 600;
export const GALLERY_THUMBNAIL_SIZE = 64;
/**
 * How wide the main image is drawn, for the browser to pick from its `srcset`: the page's width on a
 * phone, half of it beside the details from 768 px, never more than the box's 560 px.
 */
export const GALLERY_IMAGE_SIZES =
  '(min-width: 1176px) 560px, (min-width: 768px) calc(50vw - 28px), (min-width: 584px) 560px, calc(100vw - 24px)';

/**
 * The library and its stylesheet come in their own chunk. Should that chunk fail to load (a flaky
 * network), the plain first image simply stays: browsing the other images is a bonus, not a must.
 */
const LazyImageGallery = lazy(
  (): Promise<{ default: ComponentType<LazyImageGalleryProps> }> =>
    import('./lazy-image-gallery.tsx').catch(() => ({ default: () => null })),
);

export interface ProductGalleryProps {
  images: { url: string }[];
  /** Alt text of the images: the product's name. */
  alt: string;
}

/**
 * The product's images (spec section 2 and 9). The first paint is a plain, sized `<img>` of the
 * first image with a high fetch priority: it is the page's largest paint and needs no script beyond
 * this component. With two or more images, react-image-gallery (thumbnails, play button, no
 * fullscreen) is loaded once that image has loaded, and replaces it in the same box: the box
 * reserves the thumbnail strip from the start, so nothing moves. A single image needs no gallery.
 */
export function ProductGallery({ images, alt }: ProductGalleryProps) {
  const urls = images.map((image) => image.url).filter((url) => url.trim() !== '');
  // A new set of images (another variant) starts again from a plain first image.
  return <GalleryBox key={urls.join('\n')} urls={urls} alt={alt} />;
}

function GalleryBox({ urls, alt }: { urls: string[]; alt: string }) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [firstLoaded, setFirstLoaded] = useState(false);
  const [galleryReady, setGalleryReady] = useState(false);
  const multiple = urls.length >= 2;

  // An image already complete when the effect runs (from the cache) may have fired its load event
  // before React listened to it.
  useEffect(() => {
    if (imageRef.current?.complete) setFirstLoaded(true);
  }, []);

  const first = urls[0];
  const firstSrcSet = first === undefined ? undefined : pictureSrcSet(first);
  if (first === undefined) {
    return (
      <div className="product-gallery">
        <div
          className="product-gallery__main product-gallery__main--empty"
          role="img"
          aria-label={`${alt}: sem imagem`}
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
            className="product-gallery__empty-icon"
          >
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="m21 17-5-5-9 8" />
          </svg>
        </div>
      </div>
    );
  }

  return (
    <div className={multiple ? 'product-gallery product-gallery--thumbnails' : 'product-gallery'}>
      {!galleryReady && (
        <div className="product-gallery__placeholder">
          <div className="product-gallery__main">
            <img
              ref={imageRef}
              className="product-gallery__image"
              src={first}
              srcSet={firstSrcSet}
              sizes={firstSrcSet ? GALLERY_IMAGE_SIZES : undefined}
              alt={imageAlt(alt, 0, urls.length)}
              width={GALLERY_IMAGE_SIZE}
              height={GALLERY_IMAGE_SIZE}
              fetchPriority="high"
              decoding="async"
              onLoad={() => setFirstLoaded(true)}
              onError={() => setFirstLoaded(true)}
            />
          </div>
          {/* The gallery's thumbnail strip, reserved so that nothing moves when it arrives. */}
          {multiple && <div className="product-gallery__strip" />}
        </div>
      )}
      {multiple && firstLoaded && (
        <div className="product-gallery__enhanced">
          <Suspense fallback={null}>
            <LazyImageGallery
              urls={urls}
              alt={alt}
              size={GALLERY_IMAGE_SIZE}
              sizes={GALLERY_IMAGE_SIZES}
              thumbnailSize={GALLERY_THUMBNAIL_SIZE}
              onReady={() => setGalleryReady(true)}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
