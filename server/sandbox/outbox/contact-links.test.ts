import { describe, expect, it } from 'vitest';
import { DEFAULT_STOREFRONT_URL, storefrontBaseUrl } from './contact-links.ts';

describe('storefrontBaseUrl', () => {
  it('uses SANDBOX_STOREFRONT_URL when it is an http(s) address, without a trailing slash', () => {
    expect(storefrontBaseUrl({ SANDBOX_STOREFRONT_URL: 'https://loja.exemplo.com.br/' })).toBe(
      'https://loja.exemplo.com.br',
    );
  });

  it('falls back to the local storefront when unset or not an http(s) address', () => {
    expect(storefrontBaseUrl({})).toBe(DEFAULT_STOREFRONT_URL);
    expect(storefrontBaseUrl({ SANDBOX_STOREFRONT_URL: 'javascript:alert(1)' })).toBe(DEFAULT_STOREFRONT_URL);
    expect(storefrontBaseUrl({ SANDBOX_STOREFRONT_URL: 'não é url' })).toBe(DEFAULT_STOREFRONT_URL);
  });
});
