// Whether this sandbox has the Pix charge extension (docs/decisions/0023-pix-charge-extension.md):
// SANDBOX_PIX_CHARGES=off makes it a backend WITHOUT it (no charge on the order, the charge's calls
// 404, confirming with Pix exactly as before). The app puts the switch on every call (res.locals), so
// the order's answer and the routes read one value; a shop whose rules say `pixCharges: null` has no
// charges either (payment/rules.ts).
import type { RequestHandler, Response } from 'express';

const LOCAL = 'sandboxPixCharges';

export function pixChargesSwitch(enabled: boolean): RequestHandler {
  return (_req, res, next) => {
    res.locals[LOCAL] = enabled;
    next();
  };
}

export function pixChargesOn(res: Response): boolean {
  return res.locals[LOCAL] === true;
}

/** SANDBOX_PIX_CHARGES: 'off' (or 'false', '0') turns the extension off; anything else leaves it on. */
export function pixChargesFromEnv(value: string | undefined): boolean {
  return !['off', 'false', '0', 'no'].includes((value ?? '').trim().toLowerCase());
}
