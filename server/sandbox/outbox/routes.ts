// Sends to the chat contact (product, catalogue, order summary), mounted under /api/order/send.
import { Router } from 'express';
import type { SandboxDb } from '../db/open.ts';

export function sendRoutes(_db: SandboxDb): Router {
  return Router();
}

/** GET /api/sandbox/outbox: sandbox-only inspection of what was sent (tests, README). */
export function outboxInspectionRoutes(_db: SandboxDb): Router {
  return Router();
}
