// Copying a code (the Pix 'copia e cola', a boleto's 'linha digitável') where the shopper is. Chat
// apps' own browsers (WhatsApp, Instagram, Messenger) often have no `navigator.clipboard`, or one
// that throws: the old way (select a text area, `execCommand('copy')`) still works in most of them.
// When even that fails, the shopper copies by hand: the code is selected for a long press.

/** 'copied': the code is on the clipboard. 'manual': nothing could copy it; the code is selected. */
export type CopyOutcome = 'copied' | 'manual';

/**
 * Copies `text`: the Clipboard API first, then `execCommand('copy')` over `field` (the read-only text
 * area that shows the code; its text must be `text`). Resolves 'copied' only when a copy really
 * happened; otherwise selects the code in `field` and resolves 'manual'.
 */
export async function copyText(
  text: string,
  field: HTMLTextAreaElement | HTMLInputElement,
): Promise<CopyOutcome> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('No Clipboard API');
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    // An in-app browser: the selection and the old command.
  }
  selectAll(field);
  try {
    if (document.execCommand('copy')) return 'copied';
  } catch {
    // Not even the old command: the shopper copies the selected code.
  }
  selectAll(field);
  return 'manual';
}

/** Selects the whole code (iOS's Safari needs setSelectionRange besides select()). */
export function selectAll(field: HTMLTextAreaElement | HTMLInputElement): void {
  field.focus({ preventScroll: true });
  field.select();
  try {
    field.setSelectionRange(0, field.value.length);
  } catch {
    // Some input types refuse a selection range; select() has done what it can.
  }
}
