// The phone's filter overlay is a history entry of its own (the catalogue's address, marked in the
// entry's state), so the phone's Back gesture closes it, as it closes any full-screen panel, instead
// of going back past it through the catalogue's lists. While it is open, filter changes replace that
// entry (the shopper has not left the panel: one Back closes it); closing it with 'Fechar' replaces
// the entry with the filtered list, which Back then leaves as one step.

const MARK = 'filterOverlay';

/** The history state that marks the overlay's entry. */
export const OVERLAY_STATE = Object.freeze({ [MARK]: true });

/** Whether a location's state is the overlay's entry. */
export function isOverlayEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[MARK] === true;
}
