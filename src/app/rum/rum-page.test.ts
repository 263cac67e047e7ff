import { describe, expect, it } from 'vitest';
import { rumPageOf } from './rum-page.ts';

describe('the screen a beacon names', () => {
  it.each([
    ['/', 'catalog'],
    ['/catalog', 'catalog'],
    ['/CATALOG/', 'catalog'],
    ['/products-found', 'search'],
    ['/product/7781', 'product'],
    ['/product/sku%2F1&cor=azul', 'product'],
    ['/order', 'cart'],
    ['/order/checkout', 'checkout'],
    ['/order/payment/', 'payment'],
    ['/finish', 'finish'],
    ['/change-payment', 'change-payment'],
    ['/confirm', 'confirm'],
    ['/invalid-session', 'invalid-session'],
    ['/session-ended', 'session-ended'],
    ['/tray/register', 'tray-register'],
    ['/tray/register/callback', 'tray-callback'],
  ])('%s is %s', (path, page) => {
    expect(rumPageOf(path)).toBe(page);
  });

  it.each([
    '/recaptcha',
    '/not-found',
    '/product/1/extra',
    '/demo-shopper',
    '/constructor',
    '/__proto__',
    '',
  ])('any other address (%s) is "other", never the address itself', (path) => {
    expect(rumPageOf(path)).toBe('other');
  });
});
