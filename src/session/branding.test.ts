import { sessionFixture, settingsFixture } from '@tests/msw.ts';
import { describe, expect, it } from 'vitest';
import { brandingFrom, DEFAULT_BRANDING, readableTextOn } from './branding.ts';

describe('shop branding', () => {
  it('takes the primary and secondary colours and the logo from the shop settings', () => {
    const branding = brandingFrom(
      settingsFixture({
        style: { defaultColor: '#14532d', secondaryColor: '#facc15', urlLogo: '/logo.svg' },
      }),
    );
    expect(branding).toMatchObject({ primary: '#14532d', secondary: '#facc15', logoUrl: '/logo.svg' });
  });

  it("prefers the chat channel's own style when the settings give one", () => {
    const settings = settingsFixture({
      style: { defaultColor: '#111111' },
      channelSettings: [{ channelId: 'wa-1', style: { defaultColor: '#222222' } }],
    });
    expect(brandingFrom(settings, sessionFixture({ sessionType: 0, channelId: 'wa-1' })).primary).toBe(
      '#222222',
    );
    expect(brandingFrom(settings, sessionFixture({ sessionType: 0, channelId: 'other' })).primary).toBe(
      '#111111',
    );
  });

  it('falls back to neutral colours when the settings are missing or the colours are not colours', () => {
    expect(brandingFrom(null)).toEqual(DEFAULT_BRANDING);
    const hostile = brandingFrom(settingsFixture({ style: { defaultColor: 'red;background:url(x)' } }));
    expect(hostile.primary).toBe(DEFAULT_BRANDING.primary);
  });

  it('writes white on dark shop colours and dark text on light ones, for contrast', () => {
    expect(readableTextOn('#14532d')).toBe('#ffffff');
    expect(readableTextOn('#facc15')).toBe('#111111');
    expect(readableTextOn('#fff')).toBe('#111111');
  });
});
