// Quantity rules of the product page's picker (spec section 5): whole numbers, at least 1; the
// decrease button stops at 1; clearing the input means 1; typed text is read as an integer.

export const MIN_QUANTITY = 1;
/** A sensible ceiling for one add (the server refuses lines above its own, far larger, maximum). */
export const MAX_PICKER_QUANTITY = 999;

/** Any number as a valid quantity: whole, between MIN_QUANTITY and MAX_PICKER_QUANTITY. */
export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(MAX_PICKER_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(value)));
}

/** The number input's text as a quantity: empty (cleared) or unreadable text is 1; '2.5' is 2. */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return MIN_QUANTITY;
  return clampQuantity(Number.parseInt(trimmed, 10));
}

export const canDecrease = (value: number): boolean => value > MIN_QUANTITY;
export const canIncrease = (value: number): boolean => value < MAX_PICKER_QUANTITY;

/** One less, never below 1 (pressing at exactly 1 leaves 1). */
export const decreaseQuantity = (value: number): number => clampQuantity(value - 1);

/** One more, never above the ceiling. */
export const increaseQuantity = (value: number): number => clampQuantity(value + 1);
