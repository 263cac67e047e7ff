import type { Session } from '@/contract/session.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';

type Style = { defaultColor?: string | null; secondaryColor?: string | null; urlLogo?: string | null };

export type Branding = {
  primary: string;
  secondary: string;
  onPrimary: string;
  onSecondary: string;
  logoUrl?: string;
};

export const DEFAULT_BRANDING: Branding = {
  primary: '#1f2937',
  secondary: '#0b6e4f',
  onPrimary: '#ffffff',
  onSecondary: '#ffffff',
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function toRgb(hex: string): [number, number, number] {
  const full =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((c) => c + c)
          .join('')
      : hex.slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black text, whichever reads better on the shop's colour (WCAG contrast). */
export function readableTextOn(background: string): string {
  const l = luminance(background);
  const withWhite = 1.05 / (l + 0.05);
  const withDark = (l + 0.05) / (0.0137 + 0.05); // #111 has a luminance of about 0.0137
  return withWhite >= withDark ? '#ffffff' : '#111111';
}

/** The shop's style, or the chat channel's own style when the settings give one for it. */
export function brandingFrom(settings: ShopSettings | null, session?: Session): Branding {
  const channelStyle = settings?.channelSettings?.find(
    (entry) => session?.channelId != null && entry.channelId === session.channelId,
  )?.style as Style | undefined;
  const style = { ...(settings?.style as Style | undefined), ...channelStyle };
  const primary =
    style.defaultColor && HEX.test(style.defaultColor) ? style.defaultColor : DEFAULT_BRANDING.primary;
  const secondary =
    style.secondaryColor && HEX.test(style.secondaryColor)
      ? style.secondaryColor
      : DEFAULT_BRANDING.secondary;
  return {
    primary,
    secondary,
    onPrimary: readableTextOn(primary),
    onSecondary: readableTextOn(secondary),
    logoUrl: style.urlLogo || undefined,
  };
}

export function applyBranding(branding: Branding, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--color-primary', branding.primary);
  root.style.setProperty('--color-secondary', branding.secondary);
  root.style.setProperty('--color-on-primary', branding.onPrimary);
  root.style.setProperty('--color-on-secondary', branding.onSecondary);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', branding.primary);
}
