/** Escapes text for SVG/XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Mixes a #rrggbb colour with white; amount 0 keeps the colour, 1 gives white. */
export function tint(hex: string, amount: number): string {
  return mix(hex, 255, amount);
}

/** Mixes a #rrggbb colour with black; amount 0 keeps the colour, 1 gives black. */
export function shade(hex: string, amount: number): string {
  return mix(hex, 0, amount);
}

function mix(hex: string, target: number, amount: number): string {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? '6b7280';
  const channels = [0, 2, 4].map((i) => Number.parseInt(value.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.round(c + (target - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export const FONT_STACK = "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
