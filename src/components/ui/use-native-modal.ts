import { type RefObject, type SyntheticEvent, useEffect, useRef } from 'react';

/**
 * Opens a <dialog> as a native modal while the component is mounted: the page behind is inert, the
 * focus goes into it and back to where it was on unmount. Escape and the browser's other close
 * requests call `onClose` (closing is the caller's decision). Spread the returned handlers on the dialog.
 */
export function useNativeModal(dialogRef: RefObject<HTMLDialogElement | null>, onClose: () => void) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      // Environments without showModal (jsdom): shown in place, first control focused.
      dialog.setAttribute('open', '');
      dialog.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    }
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      previous?.focus();
    };
  }, [dialogRef]);

  return {
    onCancel(event: SyntheticEvent<HTMLDialogElement>) {
      event.preventDefault();
      onCloseRef.current();
    },
    onClose() {
      // A 'close' event queued by an earlier close() (a StrictMode remount) arrives while open again.
      if (!dialogRef.current?.open) onCloseRef.current();
    },
  };
}
