// POST /api/customer/update: the contact data the checkout saves automatically ('Dados do contato
// serão salvos automaticamente após a edição'). Every invalid field is answered at once (400, one
// error per field with its name in `field`), and nothing is saved unless all are valid.
import type { Router } from 'express';
import { z } from 'zod/mini';
import { calls, shortText } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { currentShopSession } from '../http/auth.ts';
import { notFound, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { findUserShop, type UserShopRecord } from '../session/sessions.ts';
import type { Shop } from '../shop/shops.ts';
import { type CustomerFields, type StoredCustomer, validateCustomer } from './customer-rules.ts';
import { answeringFieldErrors, type CheckoutDeps, currentShop, routePath, throwIfAny } from './route-kit.ts';
import { checkoutSettings } from './settings.ts';

/**
 * The contract's strict customer schema (types, bounds, no unknown fields) with every field optional
 * and the name allowed empty, so a missing name gets the spec's 'Nome é obrigatório.' with the other
 * fields' messages instead of a generic 'campo inválido'.
 */
export const customerFieldsSchema = z.extend(z.partial(calls.updateCustomer.body), {
  name: z.optional(shortText),
});

/** The session's customer record (anonymous visitors included: filling the form is how they identify). */
export function sessionCustomer(db: SandboxDb, userShopId: string | null): UserShopRecord {
  const userShop = userShopId ? findUserShop(db, userShopId) : undefined;
  if (!userShop) throw notFound('Cliente não encontrado para esta sessão.');
  return userShop;
}

/** Validates the fields against the shop's rules; throws FieldErrors with every problem found. */
export function checkedCustomer(
  shop: Shop,
  userShop: UserShopRecord,
  fields: CustomerFields,
  requireContact: boolean,
): StoredCustomer {
  const { customer, errors } = validateCustomer(fields, userShop.customer, {
    enableCnpj: checkoutSettings(shop).enableCnpj === true,
    requireContact,
  });
  throwIfAny(errors);
  return customer;
}

export function saveCustomer(db: SandboxDb, userShopId: string, customer: StoredCustomer): void {
  db.prepare('UPDATE user_shops SET customer = ? WHERE id = ?').run(JSON.stringify(customer), userShopId);
}

export function registerCustomerRoutes(router: Router, { db }: CheckoutDeps): void {
  router.post(
    routePath(calls.updateCustomer, '/api/customer'),
    answeringFieldErrors((req, res) => {
      const fields = parseInput(customerFieldsSchema, req.body, 'body');
      const answer = db.transaction(() => {
        const userShop = sessionCustomer(db, currentShopSession(res).userShopId);
        const customer = checkedCustomer(currentShop(db, res), userShop, fields, false);
        saveCustomer(db, userShop.id, customer);
        return customer;
      })();
      sendOk(res, answer);
    }),
  );
}
