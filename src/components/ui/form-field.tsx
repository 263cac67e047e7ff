import { type ReactNode, useId } from 'react';
import './form-field.css';

/** The attributes that tie a control to its label, its hint and its error message. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

type Props = {
  label: string;
  /** Shown under the control and announced (role=alert) when present. */
  error?: string | undefined;
  /** A note under the control, read with it. */
  hint?: ReactNode;
  className?: string;
  /** Renders the control with the id and ARIA attributes it must carry. */
  children(control: FieldControlProps): ReactNode;
};

/**
 * A labelled form field (checkout, card payment, Tray link): label, control, optional hint and the error under it. The control is
 * described by the hint and the error, and marked aria-invalid while the error shows.
 */
export function FormField({ label, error, hint, className, children }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={['field', 'form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined })}
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
