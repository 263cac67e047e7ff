import { type ReactNode, type SyntheticEvent, useEffect, useId, useRef } from 'react';
import './modal.css';

type Props = {
  title: string;
  children: ReactNode;
  /** The buttons, in reading order (the main action last). */
  actions: ReactNode;
  /** Escape, the browser's close request or a click on the backdrop. May be called more than once. */
  onClose(): void;
  /** 'alertdialog' for questions and errors that need an answer. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
};

/**
 * A native modal dialog: the page behind is inert, Escape closes it, the focus goes into it and back
 * to where it was when it unmounts. Mount it only while it is open.
 */
export function Modal({ title, children, actions, onClose, role = 'dialog', className }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
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
  }, []);

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // The browser's own close request (Escape, back gesture): closing is the caller's decision.
    event.preventDefault();
    onCloseRef.current();
  }

  function onNativeClose() {
    // A 'close' event queued by an earlier close() (a StrictMode remount) arrives while open again.
    if (!dialogRef.current?.open) onCloseRef.current();
  }

  return (
    <dialog
      ref={dialogRef}
      className={['modal', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-modal="true"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      onCancel={onCancel}
      onClose={onNativeClose}
    >
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      <div className="modal__body">{children}</div>
      <div className="modal__actions">{actions}</div>
    </dialog>
  );
}
