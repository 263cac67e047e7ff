import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowStep } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

// Every settings field named in section 3 of both specs.
const SETTINGS_FIELDS = [
  'style',
  'channelSettings',
  'showCollections',
  'whatsApp',
  'webCatalogCallbackMessage',
  'steps',
  'disableRestrictedProducts',
  'hideAttributes',
  'shippingRestrictionMessage',
  'showSpecifications',
  'showSellerOptions',
  'allowShippingRestrictedProducts',
  'payment',
  'externalLogistic',
  'enableCnpj',
  'enableManualPrices',
  'logistics',
  'canUseCoupon',
  'disableChargeOrders',
  'disableExpressDeliveryLogistic',
];

describe('GET /api/shop/settings', () => {
  it('answers the shop style with colours and a local logo URL', async () => {
    const settings = expectData(
      'getShopSettings',
      await sandbox.get('/api/shop/settings', { session: 'demo-shopper' }),
    );
    expect(settings.style).toEqual({
      defaultColor: expect.stringMatching(/^#[0-9A-F]{6}$/i),
      secondaryColor: expect.stringMatching(/^#[0-9A-F]{6}$/i),
      urlLogo: '/api/sandbox/media/logo.svg',
    });
  });

  it('answers every settings field of both specs, with two collections and a WhatsApp number', async () => {
    const settings = expectData(
      'getShopSettings',
      await sandbox.get('/api/shop/settings', { session: 'demo-operator' }),
    );
    for (const field of SETTINGS_FIELDS) expect(settings, field).toHaveProperty(field);
    expect(settings.showCollections).toHaveLength(2);
    expect(settings.whatsApp).toMatch(/^55\d{10,11}$/);
    expect(settings.steps).toEqual(expect.arrayContaining([FlowStep.Catalog, FlowStep.Payment]));
    expect(settings.payment).toEqual({ type: expect.any(String), publicKey: expect.any(String) });
  });

  it('serves the logo URL as a 120 × 30 SVG without a bearer', async () => {
    const settings = expectData(
      'getShopSettings',
      await sandbox.get('/api/shop/settings', { session: 'demo-shopper' }),
    );
    const logo = await sandbox.get(settings.style?.urlLogo ?? '');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(logo.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(logo.text).toMatch(/^<svg [^>]*viewBox="0 0 120 30"/);
    expect(logo.text).toContain('Empório');
  });

  it('refuses a session without shop data with a 404 envelope', async () => {
    expectRefusal(await sandbox.get('/api/shop/settings', { session: 'no-shop-session' }), 404);
  });
});
