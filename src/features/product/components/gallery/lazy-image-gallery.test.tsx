import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { axeViolations } from '@tests/axe.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import LazyImageGallery from './lazy-image-gallery.tsx';

// jsdom has no ResizeObserver, which the library uses to measure itself.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => vi.unstubAllGlobals());

const urls = ['https://cdn.test/1.jpg', 'https://cdn.test/2.jpg', 'https://cdn.test/3.jpg'];

const SIZES = '(min-width: 600px) 560px, 100vw';

function renderGallery(onReady = vi.fn(), pictures = urls) {
  const view = render(
    <LazyImageGallery
      urls={pictures}
      alt="Café"
      size={600}
      sizes={SIZES}
      thumbnailSize={64}
      onReady={onReady}
    />,
  );
  return { ...view, onReady };
}

describe('the lazy image gallery (react-image-gallery)', () => {
  it('shows thumbnails, a play button and no fullscreen button, labelled in Portuguese', async () => {
    renderGallery();
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Iniciar apresentação' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imagem anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próxima imagem' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /fullscreen|tela cheia/i })).not.toBeInTheDocument();
    expect(document.querySelector('.image-gallery-fullscreen-button')).not.toBeInTheDocument();

    const thumbnails = screen.getByRole('navigation', { name: 'Miniaturas das imagens' });
    expect(
      within(thumbnails)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Ver imagem 1 de 3', 'Ver imagem 2 de 3', 'Ver imagem 3 de 3']);
    expect(document.querySelector('[aria-label^="Go to Slide"]')).not.toBeInTheDocument();
  });

  it('gives every main image its alt text and size, and loads the others lazily', async () => {
    const { container } = renderGallery();
    await act(async () => {});
    const first = container.querySelector<HTMLImageElement>(
      '.image-gallery-slide img[src="https://cdn.test/1.jpg"]',
    );
    expect(first).toHaveAttribute('alt', 'Café - imagem 1 de 3');
    expect(first).toHaveAttribute('width', '600');
    expect(first).toHaveAttribute('height', '600');
    expect(first).toHaveAttribute('loading', 'eager');
    for (const image of container.querySelectorAll(
      '.image-gallery-slide img:not([src="https://cdn.test/1.jpg"])',
    )) {
      expect(image).toHaveAttribute('loading', 'lazy');
    }
  });

  it('offers every width of a picture kept at several, and the smallest as the thumbnail', async () => {
    const sized = [
      '/api/sandbox/media/produto-1008-aaaaaaaa-600w.webp',
      '/api/sandbox/media/produto-1008-2-bbbbbbbb-600w.webp',
    ];
    const { container } = renderGallery(vi.fn(), sized);
    await act(async () => {});
    const first = container.querySelector<HTMLImageElement>(`.image-gallery-slide img[src="${sized[0]}"]`);
    expect(first).toHaveAttribute(
      'srcset',
      '/api/sandbox/media/produto-1008-aaaaaaaa-200w.webp 200w, ' +
        '/api/sandbox/media/produto-1008-aaaaaaaa-400w.webp 400w, ' +
        '/api/sandbox/media/produto-1008-aaaaaaaa-600w.webp 600w, ' +
        '/api/sandbox/media/produto-1008-aaaaaaaa-900w.webp 900w',
    );
    expect(first).toHaveAttribute('sizes', SIZES);
    const thumbnails = [...container.querySelectorAll('.image-gallery-thumbnail img')].map((image) =>
      image.getAttribute('src'),
    );
    expect(thumbnails).toEqual([
      '/api/sandbox/media/produto-1008-aaaaaaaa-200w.webp',
      '/api/sandbox/media/produto-1008-2-bbbbbbbb-200w.webp',
    ]);
  });

  it('gives a picture of unknown widths no srcset, and itself as the thumbnail', async () => {
    const { container } = renderGallery();
    await act(async () => {});
    expect(container.querySelector('.image-gallery-slide img[srcset]')).not.toBeInTheDocument();
    expect(container.querySelector('.image-gallery-thumbnail img')).toHaveAttribute('src', urls[0]);
  });

  it('toggles the play button label when playing', async () => {
    renderGallery();
    await act(async () => {});
    act(() => screen.getByRole('button', { name: 'Iniciar apresentação' }).click());
    expect(screen.getByRole('button', { name: 'Pausar apresentação' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Pausar apresentação' }).click());
    expect(screen.getByRole('button', { name: 'Iniciar apresentação' })).toBeInTheDocument();
  });

  it('reports ready once, when its first main image has loaded', async () => {
    const { container, onReady } = renderGallery();
    await act(async () => {});
    const images = container.querySelectorAll('.image-gallery-slide img');
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) fireEvent.load(image);
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('is accessible', async () => {
    const { container } = renderGallery();
    await act(async () => {});
    expect(await axeViolations(container)).toEqual([]);
  });
});
