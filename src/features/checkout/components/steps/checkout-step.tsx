import { type ReactNode, useId } from 'react';
import type { CheckoutStepId } from '../../lib/checkout-steps.ts';
import './checkout-step.css';

type Props = {
  step: CheckoutStepId;
  /** The folded line's heading (stepTitle). */
  title: string;
  /** The phone's layout: the step may fold. On wider screens it is always open, without 'Continuar'. */
  folding: boolean;
  open: boolean;
  /** Nothing is missing in the step: an open step offers 'Continuar'. */
  complete: boolean;
  /** What was chosen, in one line; empty when nothing is. */
  summary: string;
  /** What is still missing, for a folded step that is not complete. */
  missing: string;
  onOpen(step: CheckoutStepId): void;
  onContinue(step: CheckoutStepId): void;
  children: ReactNode;
};

/**
 * One step of the checkout (one or more of the spec's sections). Folded, it is a one-line summary with
 * 'Alterar' (a disclosure button: aria-expanded, aria-controls); its sections stay mounted but hidden,
 * so what was typed is kept and still saved. Open on a phone, it ends with 'Continuar' once complete.
 */
export function CheckoutStep({
  step,
  title,
  folding,
  open,
  complete,
  summary,
  missing,
  onOpen,
  onContinue,
  children,
}: Props) {
  const id = useId();
  const contentId = `${id}-content`;
  const titleId = `${id}-title`;
  const folded = folding && !open;
  return (
    <div className="checkout-step" data-step={step} data-folded={folded || undefined}>
      {folded && (
        <section className="checkout-section checkout-step__folded" aria-labelledby={titleId}>
          <div className="checkout-step__line">
            <h2 id={titleId}>{title}</h2>
            <p
              className={
                complete ? 'checkout-step__summary' : 'checkout-step__summary checkout-step__summary--missing'
              }
            >
              {complete ? summary || 'Pronto' : `Falta: ${missing}`}
            </p>
          </div>
          <button
            type="button"
            className="checkout-step__change"
            aria-expanded={false}
            aria-controls={contentId}
            aria-describedby={titleId}
            onClick={() => onOpen(step)}
          >
            Alterar
          </button>
        </section>
      )}
      <div id={contentId} className="checkout-step__content" hidden={folded}>
        {children}
        {folding && open && complete && (
          <button type="button" className="button checkout-step__continue" onClick={() => onContinue(step)}>
            Continuar
          </button>
        )}
      </div>
    </div>
  );
}
