// The total the shopper saw (decision 0022): the calls that commit money (confirm, agent confirm,
// card payment, Mercado Pago) may carry `expectedTotal`, the order total the screen showed. When the
// order's total differs at the instant of the commit (another tab, the operator or the API changed
// it), the call is refused with 409 before anything is written or charged, and the answer carries the
// current total so the screen can show it and ask again. Without the field nothing changes.
import { TOTAL_CHANGED_ERROR_TYPE, TOTAL_CHANGED_MESSAGE } from '../contract.ts';
import { SandboxHttpError } from '../http/envelope.ts';
import { centsToReais, reaisToCents } from '../rules/money.ts';

/** HTTP status of the refusal: the order is in a state the caller did not expect. */
export const TOTAL_CHANGED_STATUS = 409;

/** Throws the total-changed refusal when the shopper saw another total than the order's, in cents. */
export function requireTotalSeen(expectedTotal: number | undefined, totalCents: number): void {
  if (expectedTotal === undefined || reaisToCents(expectedTotal) === totalCents) return;
  throw new SandboxHttpError(TOTAL_CHANGED_STATUS, TOTAL_CHANGED_MESSAGE, TOTAL_CHANGED_ERROR_TYPE, {
    totalAmout: centsToReais(totalCents),
  });
}
