// The preview picture's source: only the commerce backend's own pictures are fetched (no request to
// an address a product's data names), and the picture's background is the shop's colour or white.
import { describe, expect, it } from 'vitest';
import { backendPictureUrl, backgroundOf } from './preview-image.ts';

const BACKEND = 'https://commerce.exemplo.com.br/v1';

describe("the preview picture's source", () => {
  it("takes a path or an address of the backend's own origin, under its base path", () => {
    expect(backendPictureUrl('/api/sandbox/media/produto-1001.webp', BACKEND)?.href).toBe(
      'https://commerce.exemplo.com.br/v1/api/sandbox/media/produto-1001.webp',
    );
    expect(backendPictureUrl('https://commerce.exemplo.com.br/media/a.jpg', BACKEND)?.href).toBe(
      'https://commerce.exemplo.com.br/media/a.jpg',
    );
  });

  it('refuses any other host, scheme or spelling that could reach one', () => {
    for (const picture of [
      'https://golpe.exemplo/a.jpg',
      'http://commerce.exemplo.com.br/a.jpg',
      'https://commerce.exemplo.com.br:8443/a.jpg',
      '//golpe.exemplo/a.jpg',
      '/\\golpe.exemplo/a.jpg',
      '\\\\golpe.exemplo\\a.jpg',
      'https://commerce.exemplo.com.br@golpe.exemplo/a.jpg',
      'https://user:pass@commerce.exemplo.com.br/a.jpg',
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:6379/',
      'file:///etc/passwd',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '/a.jpg\r\nHost: golpe.exemplo',
      ' https://golpe.exemplo/a.jpg',
      'não é endereço',
    ]) {
      expect(backendPictureUrl(picture, BACKEND), picture).toBeUndefined();
    }
  });

  it("paints the background in the shop's colour, or white for anything else", () => {
    expect(backgroundOf('#1b6e3a')).toBe('#1B6E3A');
    for (const color of [undefined, null, '', 'red', '#FFF', 'url(x)', '#1B6E3A;'])
      expect(backgroundOf(color)).toBe('#FFFFFF');
  });
});
