// Checkout calls of the companion spec (section 7): checkoutRoutes is mounted under /api/order,
// customerRoutes under /api/customer. Each concern lives in its own file; this one assembles them.
import { Router } from 'express';
import type { SandboxDb } from '../db/types.ts';
import { registerAddressRoutes } from './addresses.ts';
import { registerConfirmRoutes } from './confirm.ts';
import { registerCustomerRoutes } from './customer.ts';
import { registerLogisticRoutes } from './logistic.ts';
import { registerManualPixRoutes } from './manual-pix.ts';
import { registerOrderStatusRoutes } from './order-status.ts';
import { registerOnDeliveryPaymentRoutes } from './payments-on-delivery.ts';
import type { CheckoutDeps, Clock } from './route-kit.ts';
import { registerScheduleRoutes } from './schedule.ts';
import { registerSellerRoutes } from './sellers.ts';
import { registerStoreRoutes } from './stores.ts';

export type CheckoutRouteOptions = {
  /** The clock of the schedule's cut-offs and of the timestamps; tests pass a fixed one. */
  now?: Clock;
};

const dependencies = (db: SandboxDb, options: CheckoutRouteOptions): CheckoutDeps => ({
  db,
  now: options.now ?? (() => new Date()),
});

export function checkoutRoutes(db: SandboxDb, options: CheckoutRouteOptions = {}): Router {
  const router = Router();
  const deps = dependencies(db, options);
  registerLogisticRoutes(router, deps);
  registerStoreRoutes(router, deps);
  registerSellerRoutes(router, deps);
  registerScheduleRoutes(router, deps);
  registerOnDeliveryPaymentRoutes(router, deps);
  registerManualPixRoutes(router, deps);
  registerAddressRoutes(router, deps);
  registerConfirmRoutes(router, deps);
  registerOrderStatusRoutes(router, deps);
  return router;
}

export function customerRoutes(db: SandboxDb, options: CheckoutRouteOptions = {}): Router {
  const router = Router();
  registerCustomerRoutes(router, dependencies(db, options));
  return router;
}
