// Payment calls of the companion spec (section 7), mounted under /api/order.
import { Router } from 'express';
import type { SandboxDb } from '../db/open.ts';

export function paymentRoutes(_db: SandboxDb): Router {
  return Router();
}
