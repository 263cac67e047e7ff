import { describe, expect, it } from 'vitest';
import { landingScreenOf } from './router-paths.ts';

describe('the screen whose code comes with the app (landingScreenOf)', () => {
  it('is the catalogue or the product page for a chat link', () => {
    expect(landingScreenOf('/')).toBe('catalog');
    expect(landingScreenOf('/catalog')).toBe('catalog');
    expect(landingScreenOf('/product/11103')).toBe('product');
  });

  it('is the checkout when it is opened directly (an operator’s cart link, a reload)', () => {
    expect(landingScreenOf('/order/checkout')).toBe('checkout');
    expect(landingScreenOf('/order/checkout/')).toBe('checkout');
  });

  it('is the cart when it is reloaded', () => {
    expect(landingScreenOf('/order')).toBe('cart');
    expect(landingScreenOf('/order/')).toBe('cart');
  });

  it('is none for the other screens, which load their code when reached', () => {
    expect(landingScreenOf('/orderx')).toBeUndefined();
    expect(landingScreenOf('/order/payment')).toBeUndefined();
    expect(landingScreenOf('/order/checkoutx')).toBeUndefined();
  });
});
