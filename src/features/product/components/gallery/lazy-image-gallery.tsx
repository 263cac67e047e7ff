// The interactive gallery, loaded in its own chunk after the first image has painted: the library
// and its stylesheet are not needed to show the product, only to browse its other images.
import 'react-image-gallery/styles/image-gallery.css';
import './lazy-image-gallery.css';
import { useEffect, useRef } from 'react';
import ImageGallery, { type GalleryItem } from 'react-image-gallery';
import { PICTURE_WIDTHS, pictureAtWidth, pictureSrcSet } from '@/contract/picture-sizes.ts';
import { imageAlt } from './image-alt.ts';

/** Spec section 9: slide duration 450 ms, interval 3 s, swipe threshold 30. */
export const GALLERY_SLIDE_DURATION = 450;
export const GALLERY_SLIDE_INTERVAL = 3000;
export const GALLERY_SWIPE_THRESHOLD = 30;
/** Thumbnails are shown only from this many images on (spec section 2). */
export const MIN_IMAGES_FOR_THUMBNAILS = 2;

export interface LazyImageGalleryProps {
  urls: string[];
  alt: string;
  /** The intrinsic size given to every main image (a square box). */
  size: number;
  /** How wide the main images are drawn (`sizes`), for pictures kept at several widths. */
  sizes: string;
  thumbnailSize: number;
  /** Called once the gallery's first main image has loaded (or failed): it can replace the placeholder. */
  onReady: () => void;
}

const SLIDE_LABEL = /^Go to Slide (\d+)$/;

/**
 * The library labels its slides and thumbnails 'Go to Slide N' and its thumbnail strip 'Thumbnail
 * Navigation', with no prop to change them. React leaves an attribute alone while its value does not
 * change, so they are rewritten in Portuguese here, and again when the library adds nodes.
 */
function translateLabels(root: HTMLElement, alt: string, total: number) {
  for (const element of root.querySelectorAll<HTMLElement>('[aria-label]')) {
    const label = element.getAttribute('aria-label') ?? '';
    if (label === 'Thumbnail Navigation') {
      element.setAttribute('aria-label', 'Miniaturas das imagens');
      continue;
    }
    const match = SLIDE_LABEL.exec(label);
    if (!match) continue;
    const position = Number(match[1]);
    element.setAttribute(
      'aria-label',
      element.classList.contains('image-gallery-slide')
        ? imageAlt(alt, position - 1, total)
        : `Ver imagem ${position} de ${total}`,
    );
  }
}

export default function LazyImageGallery({
  urls,
  alt,
  size,
  sizes,
  thumbnailSize,
  onReady,
}: LazyImageGalleryProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const readyRef = useRef(false);
  const total = urls.length;
  const showThumbnails = total >= MIN_IMAGES_FOR_THUMBNAILS;

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    translateLabels(root, alt, total);
    const observer = new MutationObserver(() => translateLabels(root, alt, total));
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
    return () => observer.disconnect();
  }, [alt, total]);

  const ready = () => {
    if (readyRef.current) return;
    readyRef.current = true;
    onReady();
  };

  const items: GalleryItem[] = urls.map((url, index) => ({
    original: url,
    // The same widths and `sizes` as the placeholder's image, so the first one is not fetched again.
    ...(pictureSrcSet(url) ? { srcSet: pictureSrcSet(url), sizes } : {}),
    originalAlt: imageAlt(alt, index, total),
    originalWidth: String(size),
    originalHeight: String(size),
    // The first image is already in the browser's cache (the placeholder showed it).
    loading: index === 0 ? 'eager' : 'lazy',
    // A thumbnail is 64 px: the smallest width is plenty, even on a sharp screen.
    thumbnail: pictureAtWidth(url, PICTURE_WIDTHS[0]) ?? url,
    // The thumbnail's button carries the label: the image inside it is decorative.
    thumbnailAlt: '',
    thumbnailWidth: thumbnailSize,
    thumbnailHeight: thumbnailSize,
    thumbnailLoading: 'lazy',
  }));

  return (
    <div ref={rootRef} className="lazy-image-gallery">
      <ImageGallery
        items={items}
        lazyLoad
        showThumbnails={showThumbnails}
        showPlayButton
        showFullscreenButton={false}
        showNav={total > 1}
        slideDuration={GALLERY_SLIDE_DURATION}
        slideInterval={GALLERY_SLIDE_INTERVAL}
        swipeThreshold={GALLERY_SWIPE_THRESHOLD}
        onImageLoad={ready}
        onImageError={ready}
        renderLeftNav={(onClick, disabled) => (
          <GalleryNav
            side="left"
            label="Imagem anterior"
            points="15 18 9 12 15 6"
            disabled={disabled}
            onClick={onClick}
          />
        )}
        renderRightNav={(onClick, disabled) => (
          <GalleryNav
            side="right"
            label="Próxima imagem"
            points="9 18 15 12 9 6"
            disabled={disabled}
            onClick={onClick}
          />
        )}
        renderPlayPauseButton={(onClick, isPlaying) => (
          <button
            type="button"
            className="image-gallery-icon image-gallery-play-button lazy-image-gallery__play"
            aria-label={isPlaying ? 'Pausar apresentação' : 'Iniciar apresentação'}
            onClick={onClick}
          >
            <svg
              className="image-gallery-svg"
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              {isPlaying ? (
                <>
                  <line x1="9" y1="5" x2="9" y2="19" />
                  <line x1="15" y1="5" x2="15" y2="19" />
                </>
              ) : (
                <polygon points="7 4 20 12 7 20 7 4" />
              )}
            </svg>
          </button>
        )}
      />
    </div>
  );
}

/** The gallery's previous and next arrows, with Portuguese names (the library's are English). */
function GalleryNav({
  side,
  label,
  points,
  disabled,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  /** The chevron's polyline. */
  points: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`image-gallery-icon image-gallery-${side}-nav lazy-image-gallery__nav`}
      aria-label={label}
      disabled={disabled}
      onClick={() => onClick()}
    >
      <svg
        className="image-gallery-svg"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <polyline points={points} />
      </svg>
    </button>
  );
}
