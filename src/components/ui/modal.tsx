import { type ReactNode, useId, useRef } from 'react';
import { useNativeModal } from './use-native-modal.ts';
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
  const handlers = useNativeModal(dialogRef, onClose);

  return (
    <dialog
      ref={dialogRef}
      className={['modal', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-modal="true"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      onCancel={handlers.onCancel}
      onClose={handlers.onClose}
    >
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      <div className="modal__body">{children}</div>
      <div className="modal__actions">{actions}</div>
    </dialog>
  );
}
