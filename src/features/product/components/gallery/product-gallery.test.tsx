import { act, fireEvent, render, screen } from '@testing-library/react';
import { axeViolations } from '@tests/axe.ts';
import { describe, expect, it, vi } from 'vitest';
import type { LazyImageGalleryProps } from './lazy-image-gallery.tsx';
import { GALLERY_IMAGE_SIZE, GALLERY_IMAGE_SIZES, ProductGallery } from './product-gallery.tsx';

// The library itself is tested in lazy-image-gallery.test.tsx; here it is a stand-in that records
// what it was given and reports ready on demand.
const galleryProps = vi.hoisted(() => ({ last: undefined as LazyImageGalleryProps | undefined }));
vi.mock('./lazy-image-gallery.tsx', () => ({
  default: (props: LazyImageGalleryProps) => {
    galleryProps.last = props;
    return (
      <div data-testid="lazy-gallery">
        <button type="button" onClick={props.onReady}>
          pronto
        </button>
      </div>
    );
  },
}));

const images = [
  { url: 'https://cdn.test/1.jpg' },
  { url: 'https://cdn.test/2.jpg' },
  { url: 'https://cdn.test/3.jpg' },
];

describe('the product gallery', () => {
  it('paints the first image as a plain, sized, high-priority img without the gallery library', () => {
    render(<ProductGallery images={images} alt="Café torrado" />);
    const image = screen.getByRole('img', { name: 'Café torrado - imagem 1 de 3' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', 'https://cdn.test/1.jpg');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('width', String(GALLERY_IMAGE_SIZE));
    expect(image).toHaveAttribute('height', String(GALLERY_IMAGE_SIZE));
    expect(image).not.toHaveAttribute('loading', 'lazy');
    expect(screen.queryByTestId('lazy-gallery')).not.toBeInTheDocument();
  });

  it('offers every width of a first picture kept at several, with the width it is drawn at', () => {
    const url = '/api/sandbox/media/produto-1008-aaaaaaaa-600w.webp';
    render(<ProductGallery images={[{ url }]} alt="Café torrado" />);
    const image = screen.getByRole('img', { name: 'Café torrado' });
    expect(image).toHaveAttribute('src', url);
    expect(image).toHaveAttribute(
      'srcset',
      '/api/sandbox/media/produto-1008-aaaaaaaa-200w.webp 200w, ' +
        '/api/sandbox/media/produto-1008-aaaaaaaa-400w.webp 400w, ' +
        '/api/sandbox/media/produto-1008-aaaaaaaa-600w.webp 600w, ' +
        '/api/sandbox/media/produto-1008-aaaaaaaa-900w.webp 900w',
    );
    expect(image).toHaveAttribute('sizes', GALLERY_IMAGE_SIZES);
    expect(image).toHaveAttribute('width', String(GALLERY_IMAGE_SIZE));
  });

  it('gives a first picture of unknown widths no srcset', () => {
    render(<ProductGallery images={images} alt="Café torrado" />);
    const image = screen.getByRole('img', { name: 'Café torrado - imagem 1 de 3' });
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
  });

  it('loads the gallery once the first image has loaded, and drops the plain image when it is ready', async () => {
    const { container } = render(<ProductGallery images={images} alt="Café torrado" />);
    const image = screen.getByRole('img', { name: 'Café torrado - imagem 1 de 3' });
    // The thumbnail strip is reserved from the first paint.
    expect(container.querySelector('.product-gallery__strip')).toBeInTheDocument();

    fireEvent.load(image);
    expect(await screen.findByTestId('lazy-gallery')).toBeInTheDocument();
    expect(galleryProps.last?.urls).toEqual(images.map((item) => item.url));
    expect(galleryProps.last?.alt).toBe('Café torrado');
    expect(galleryProps.last?.sizes).toBe(GALLERY_IMAGE_SIZES);
    // Until the gallery's own first image has loaded, the plain one stays.
    expect(image).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'pronto' }).click());
    expect(image).not.toBeInTheDocument();
    expect(screen.getByTestId('lazy-gallery')).toBeInTheDocument();
  });

  it('also loads the gallery when the first image fails', async () => {
    render(<ProductGallery images={images} alt="Café" />);
    fireEvent.error(screen.getByRole('img'));
    expect(await screen.findByTestId('lazy-gallery')).toBeInTheDocument();
  });

  it('keeps a single image as a plain img: there is nothing to browse', async () => {
    const { container } = render(<ProductGallery images={[{ url: 'https://cdn.test/1.jpg' }]} alt="Café" />);
    const image = screen.getByRole('img', { name: 'Café' });
    fireEvent.load(image);
    await act(async () => {});
    expect(screen.queryByTestId('lazy-gallery')).not.toBeInTheDocument();
    expect(container.querySelector('.product-gallery__strip')).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows a neutral placeholder without images (empty urls count as none)', async () => {
    const { container } = render(<ProductGallery images={[{ url: ' ' }]} alt="Café" />);
    expect(container.querySelector('img')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Café: sem imagem' })).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('starts again from a plain first image when the images change', async () => {
    const { rerender } = render(<ProductGallery images={images} alt="Café" />);
    fireEvent.load(screen.getByRole('img'));
    await screen.findByTestId('lazy-gallery');
    rerender(
      <ProductGallery images={[{ url: 'https://cdn.test/9.jpg' }, images[0] ?? { url: '' }]} alt="Café" />,
    );
    expect(screen.getByRole('img', { name: 'Café - imagem 1 de 2' })).toHaveAttribute(
      'src',
      'https://cdn.test/9.jpg',
    );
    expect(screen.queryByTestId('lazy-gallery')).not.toBeInTheDocument();
  });

  it('is accessible at first paint', async () => {
    const { container } = render(<ProductGallery images={images} alt="Café" />);
    expect(await axeViolations(container)).toEqual([]);
  });
});
