// Checkout calls of the companion spec (section 7): checkoutRoutes is mounted under /api/order,
// customerRoutes under /api/customer.
import { Router } from 'express';
import type { SandboxDb } from '../db/open.ts';

export function checkoutRoutes(_db: SandboxDb): Router {
  return Router();
}

export function customerRoutes(_db: SandboxDb): Router {
  return Router();
}
