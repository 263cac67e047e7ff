import { type RefObject, useLayoutEffect, useState } from 'react';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import type { CheckoutProblem } from '../../lib/checkout-complete.ts';
import { type CheckoutStepId, firstIncomplete, nextIncomplete } from '../../lib/checkout-steps.ts';

/** Where the steps fold: below the width where the summary and actions get a column of their own. */
export const FOLDING_QUERY = '(max-width: 899.98px)';

type FocusTarget = CheckoutStepId | 'finish';

export type CheckoutSteps = {
  /** True on a phone: steps fold. */
  folding: boolean;
  /** The open step on a phone (null: all folded). */
  open: CheckoutStepId | null;
  /** Opens the step and moves the focus to its first heading ('Alterar', a missing piece). */
  openStep(step: CheckoutStepId): void;
  /** Opens the step without moving the focus (a field of it is about to be focused). */
  reveal(step: CheckoutStepId): void;
  /** 'Continuar': folds the step, opens the next incomplete one (or leads to the finish). */
  continueFrom(step: CheckoutStepId): void;
  /**
   * The bar's 'Para finalizar, falta: …': opens the step of the first missing piece and focuses its
   * field in error (a text too long, a link that is none), or else its heading.
   */
  goToMissing(): void;
};

/**
 * Which step is open and where the focus goes when that changes. On first render the first incomplete
 * step opens (all fold when nothing is missing, and the bar offers the finish).
 */
export function useCheckoutSteps({
  steps,
  problems,
  root,
  finish,
}: {
  steps: readonly CheckoutStepId[];
  problems: readonly CheckoutProblem[];
  /** The element holding the steps. */
  root: RefObject<HTMLElement | null>;
  /** The bar's finish button, focused when 'Continuar' leaves nothing missing. */
  finish: RefObject<HTMLButtonElement | null>;
}): CheckoutSteps {
  const folding = useMediaQuery(FOLDING_QUERY);
  const [open, setOpen] = useState<CheckoutStepId | null>(() => firstIncomplete(steps, problems));
  // A new object each time, so asking twice for the same target still moves the focus. `field`: to
  // the step's first field that says what is wrong with it, when there is one (issue 34).
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget; field?: boolean } | null>(null);

  useLayoutEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'finish') {
      finish.current?.focus();
      return;
    }
    const step = root.current?.querySelector<HTMLElement>(`[data-step="${focusRequest.target}"]`);
    const heading = step?.querySelector<HTMLElement>('.checkout-step__content h2');
    if (!step || !heading) return;
    heading.tabIndex = -1;
    const invalid = focusRequest.field && step.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid || heading).focus({ preventScroll: true });
    step.scrollIntoView?.({ block: 'start' });
  }, [focusRequest, root, finish]);

  // Made anew each render, so they always see the steps and problems of the screen as shown.
  const openStep = (step: CheckoutStepId) => {
    setOpen(step);
    setFocusRequest({ target: step });
  };
  const continueFrom = (step: CheckoutStepId) => {
    const next = nextIncomplete(steps, problems, step);
    setOpen(next);
    setFocusRequest({ target: next ?? 'finish' });
  };
  const goToMissing = () => {
    const first = firstIncomplete(steps, problems);
    if (!first) return;
    setOpen(first);
    setFocusRequest({ target: first, field: true });
  };

  return { folding, open, openStep, reveal: setOpen, continueFrom, goToMissing };
}
