// The price facet's slider positions (shopper spec, section 4 "Price facet": a slider with step
// 10.5 between the lowest and highest price bounds). The slider moves over whole positions
// 0..last: position n is `from + n × 10.5`, except the last, which is exactly `to` even when the
// step does not land on it. Pure functions, no React.

export const PRICE_STEP = 10.5;

export type PriceRange = { from: number; to: number };

/** Rounds to whole cents: 3.49 + 10.5 must read 13.99, not 13.990000000000002. */
const toCents = (value: number) => Math.round(value * 100) / 100;

/** A usable pair of bounds: finite, not negative, lowest first. Otherwise undefined. */
type MaybeRange = { from?: number | null | undefined; to?: number | null | undefined } | null | undefined;

export function priceBounds(range: MaybeRange): PriceRange | undefined {
  const from = range?.from;
  const to = range?.to;
  if (typeof from !== 'number' || typeof to !== 'number' || !Number.isFinite(from) || !Number.isFinite(to)) {
    return undefined;
  }
  if (from < 0 || to < 0) return undefined;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The index of the top position (0 when both bounds are equal). */
export function lastPosition(bounds: PriceRange): number {
  const span = toCents(bounds.to - bounds.from);
  // The small tolerance keeps an exact multiple of the step (21 / 10.5) from gaining a position.
  return Math.max(0, Math.ceil(span / PRICE_STEP - 1e-9));
}

/** The price at a position: the bounds at both ends, steps of 10.5 in between. */
export function priceAt(bounds: PriceRange, position: number): number {
  if (position <= 0) return bounds.from;
  if (position >= lastPosition(bounds)) return bounds.to;
  return toCents(bounds.from + position * PRICE_STEP);
}

/** The position nearest to a price (a range chosen elsewhere, restored from the address). */
export function positionOf(bounds: PriceRange, price: number): number {
  const last = lastPosition(bounds);
  if (!(price > bounds.from)) return 0;
  if (price >= bounds.to) return last;
  return Math.min(last, Math.max(0, Math.round((price - bounds.from) / PRICE_STEP)));
}

/**
 * The filter for the positions low..high: undefined for the full range (the spec: returning to the
 * full range removes the price filter), the two prices otherwise.
 */
export function rangeAt(bounds: PriceRange, low: number, high: number): PriceRange | undefined {
  const last = lastPosition(bounds);
  const bottom = Math.max(0, Math.min(low, high));
  const top = Math.min(last, Math.max(low, high));
  if (bottom === 0 && top === last) return undefined;
  return { from: priceAt(bounds, bottom), to: priceAt(bounds, top) };
}
