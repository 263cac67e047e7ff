import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, RETURN_PARAM, safeReturnPath } from './return-path.ts';
import { externalBrowserUrl, platformOf, transferUrl } from './transfer-link.ts';

const ORIGIN = 'https://loja.exemplo.com.br';
const TOKEN = 'a'.repeat(43);

describe('the page a shopper lands on in the phone’s browser', () => {
  it('is the page they were on, with its query', () => {
    expect(safeReturnPath('/order', ORIGIN)).toBe('/order');
    expect(safeReturnPath('/product/1001', ORIGIN)).toBe('/product/1001');
    expect(safeReturnPath('/products-found?q=caf%C3%A9', ORIGIN)).toBe('/products-found?q=caf%C3%A9');
  });

  it('is never another site, nor a transfer page: those land on the catalogue', () => {
    for (const hostile of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/abrir/outro-token',
      'order',
      '',
      null,
      undefined,
      `/${'a'.repeat(600)}`,
      '/ok\u0000',
      '/%0d%0aSet-Cookie',
    ]) {
      const landed = safeReturnPath(hostile, ORIGIN);
      expect(landed.startsWith('/'), String(hostile)).toBe(true);
      expect(landed.startsWith('//'), String(hostile)).toBe(false);
      expect(new URL(landed, ORIGIN).origin).toBe(ORIGIN);
    }
    expect(safeReturnPath('//evil.example/x', ORIGIN)).toBe(DEFAULT_RETURN_PATH);
    expect(safeReturnPath('/abrir/outro-token', ORIGIN)).toBe(DEFAULT_RETURN_PATH);
  });
});

describe('the address that leaves the chat app for the phone’s browser', () => {
  const link = transferUrl(ORIGIN, TOKEN, '/order');

  it('is the transfer page with the page to land on, which the transfer page reads back', () => {
    expect(link).toBe(`${ORIGIN}/abrir/${TOKEN}?para=%2Forder`);
    const landed = new URL(transferUrl(ORIGIN, TOKEN, '/products-found?q=caf%C3%A9')).searchParams;
    expect(safeReturnPath(landed.get(RETURN_PARAM), ORIGIN)).toBe('/products-found?q=caf%C3%A9');
  });

  it('on Android is an intent for the https address', () => {
    const agent =
      'Mozilla/5.0 (Linux; Android 13; SM-A135M; wv) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36 Instagram 357.0';
    expect(platformOf(agent)).toBe('android');
    expect(externalBrowserUrl(link, 'android')).toBe(
      `intent://loja.exemplo.com.br/abrir/${TOKEN}?para=%2Forder#Intent;scheme=https;end`,
    );
  });

  it('on iOS opens Safari', () => {
    const agent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) Mobile/15E148 WhatsApp/2.24.21.77';
    expect(platformOf(agent)).toBe('ios');
    expect(externalBrowserUrl(link, 'ios')).toBe(
      `x-safari-https://loja.exemplo.com.br/abrir/${TOKEN}?para=%2Forder`,
    );
  });

  it('elsewhere there is none: the shopper copies the link', () => {
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0')).toBe('other');
    expect(externalBrowserUrl(link, 'other')).toBeUndefined();
  });
});
