import { describe, expect, it } from 'vitest';
import { PICTURE_WIDTHS, pictureAtWidth, pictureSrcSet } from './picture-sizes.ts';

const SIZED = '/api/sandbox/media/produto-11103-branca-0123abcd-600w.webp';

describe('a picture address that says its width', () => {
  it('gives the same picture at every width, smallest first', () => {
    expect(PICTURE_WIDTHS).toEqual([200, 400, 600, 900]);
    expect(pictureAtWidth(SIZED, 200)).toBe('/api/sandbox/media/produto-11103-branca-0123abcd-200w.webp');
    expect(pictureSrcSet(SIZED)).toBe(
      '/api/sandbox/media/produto-11103-branca-0123abcd-200w.webp 200w, ' +
        '/api/sandbox/media/produto-11103-branca-0123abcd-400w.webp 400w, ' +
        '/api/sandbox/media/produto-11103-branca-0123abcd-600w.webp 600w, ' +
        '/api/sandbox/media/produto-11103-branca-0123abcd-900w.webp 900w',
    );
  });

  it('works from any of its widths and on another host', () => {
    const small = 'https://cdn.example/p/cafe-200w.jpg';
    expect(pictureSrcSet(small)).toBe(
      'https://cdn.example/p/cafe-200w.jpg 200w, https://cdn.example/p/cafe-400w.jpg 400w, ' +
        'https://cdn.example/p/cafe-600w.jpg 600w, ' +
        'https://cdn.example/p/cafe-900w.jpg 900w',
    );
  });

  it.each([
    '/api/sandbox/media/logo.svg',
    'https://cdn.example/p/cafe.jpg',
    // A width the convention does not promise.
    'https://cdn.example/p/cafe-1200w.jpg',
    // A query or fragment: the address is not only a file name.
    'https://cdn.example/p/cafe-600w.jpg?v=2',
    'https://cdn.example/p/cafe-600w.jpg#x',
    'https://cdn.example/p/cafe-600w.gif',
    '-600w.webp',
    '',
  ])('is not read into %s', (url) => {
    expect(pictureSrcSet(url)).toBeUndefined();
    expect(pictureAtWidth(url, 200)).toBeUndefined();
  });
});
