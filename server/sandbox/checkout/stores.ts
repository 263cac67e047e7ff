// GET /api/order/stores/: the shop's stores (pick-up points) with their address and 'Taxa de serviço'.
import type { Router } from 'express';
import { calls } from '../contract.ts';
import { sendOk } from '../http/envelope.ts';
import type { StoreAddressSnapshot } from '../order/order-state.ts';
import { centsToReais } from '../rules/money.ts';
import { type CheckoutDeps, currentShop, routePath } from './route-kit.ts';
import type { StoreRule } from './rules.ts';

export const storeFullAddress = (s: StoreAddressSnapshot): string =>
  `${s.street}, ${s.number} - ${s.neighborhood}, ${s.city} - ${s.state}, ${s.zipCode}`;

/** The store's address as the order keeps it (a snapshot: later edits of the store do not change it). */
export function storeSnapshot(store: StoreRule): StoreAddressSnapshot {
  return {
    providerId: store.providerId,
    name: store.name,
    street: store.street,
    number: store.number,
    neighborhood: store.neighborhood,
    city: store.city,
    state: store.state,
    zipCode: store.zipCode,
  };
}

export function storeToWire(store: StoreRule) {
  const snapshot = storeSnapshot(store);
  return {
    ...snapshot,
    fullAddress: storeFullAddress(snapshot),
    /** 0 is shown as 'Grátis'. */
    serviceTax: centsToReais(store.serviceTaxCents),
  };
}

export function registerStoreRoutes(router: Router, { db }: CheckoutDeps): void {
  router.get(routePath(calls.listStores, '/api/order'), (_req, res) => {
    sendOk(res, currentShop(db, res).rules.checkout.stores.map(storeToWire));
  });
}
