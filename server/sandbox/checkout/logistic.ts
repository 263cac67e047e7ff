// The logistic calls: the options for a delivery method and CEP (GET /api/order/logistic/), choosing
// one (POST /api/order/logistic/) and the operator's manual freight (POST /api/order/logistic/manual).
// A choice is stored as a snapshot on the order (order/order-state.ts); the order's totals apply it.
import type { Router } from 'express';
import { calls, FlowStep, type LogisticChoice, LogisticFormValue, LogisticType } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { badRequest, notFound, SandboxHttpError, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import {
  loadOrderContext,
  type OrderContext,
  orderAmounts,
  orderAnswer,
  requireOpenOrder,
  requirePlatformUser,
} from '../order/order-context.ts';
import {
  type CheckoutState,
  type ChosenLogistic,
  readCheckout,
  writeCheckout,
} from '../order/order-state.ts';
import { reaisToCents } from '../rules/money.ts';
import { customerAddressAt } from './addresses.ts';
import { cepDigits, formatCep } from './cep.ts';
import {
  deliveryOptionsFor,
  deliveryOptionToWire,
  deliverySnapshot,
  formValueOf,
  type LogisticContext,
  pickUpChoices,
  pickUpOptionToWire,
  pickUpSnapshot,
  requireNoShippingRestriction,
  requirePickUpOffered,
} from './logistic-options.ts';
import { type CheckoutDeps, routePath, withoutEmptyValues } from './route-kit.ts';
import { checkoutSettings, hasStep } from './settings.ts';
import { storeSnapshot } from './stores.ts';

const MOUNT = '/api/order';

export function logisticContext(db: SandboxDb, context: OrderContext): LogisticContext {
  return {
    shop: context.shop,
    settings: checkoutSettings(context.shop),
    isPlatformUser: context.isPlatformUser,
    amounts: orderAmounts(db, context),
    state: readCheckout(context.order),
  };
}

/**
 * Stores the chosen logistic. Switching between pick-up and delivery drops the seller (checkout spec,
 * section 4: "Changing logistic type resets address, pickup and seller"); the address and pick-up
 * store are part of the logistic snapshot, so they are replaced with it.
 */
export function withLogistic(state: CheckoutState, next: ChosenLogistic): CheckoutState {
  const typeChanged = state.logistic !== undefined && formValueOf(state.logistic) !== formValueOf(next);
  if (!typeChanged) return { ...state, logistic: next };
  const { seller: _seller, ...rest } = state;
  return { ...rest, logistic: next };
}

/**
 * A choice without an option: the shopper switched the delivery method, or looks at another address
 * or store, and has chosen nothing there yet. The logistic the order held is no longer what the
 * screen shows, so it goes; a switch of method also drops the seller (spec section 4). A shop whose
 * flow has the seller step keeps its seller: there the seller is chosen first and the method follows.
 */
export function withoutLogistic(
  state: CheckoutState,
  type: LogisticFormValue,
  sellerStep: boolean,
): CheckoutState {
  const { logistic, seller, ...rest } = state;
  const methodChanged = logistic === undefined || formValueOf(logistic) !== type;
  return methodChanged && !sellerStep ? rest : { ...rest, ...(seller ? { seller } : {}) };
}

function requireAddressIndex(index: number | undefined): number {
  if (index === undefined) throw badRequest('Escolha o endereço de entrega.');
  return index;
}

function chooseLogistic(
  db: SandboxDb,
  context: OrderContext,
  choice: LogisticChoice & { providerId: string },
) {
  const lc = logisticContext(db, context);
  if (choice.type === LogisticFormValue.PickUp) {
    requirePickUpOffered(lc);
    const found = pickUpChoices(db, context.shop, undefined).find(
      (c) => c.option.providerId === choice.providerId,
    );
    if (!found) throw notFound('Opção de retirada não encontrada.');
    return pickUpSnapshot(found);
  }
  const index = requireAddressIndex(choice.addressIndex);
  const address = customerAddressAt(db, context.session.userShopId, index);
  const served = deliveryOptionsFor(lc, address.zipCode);
  const option = served.find((o) => o.providerId === choice.providerId);
  if (!option) {
    const known = context.shop.rules.checkout.deliveryOptions.find((o) => o.providerId === choice.providerId);
    if (!known) throw notFound('Opção de entrega não encontrada.');
    throw badRequest(
      `${known.name} não atende o CEP ${formatCep(address.zipCode)}. Escolha outra opção de entrega.`,
    );
  }
  return deliverySnapshot(option, index, address.zipCode);
}

type ManualLogistic = { type: number; price: number; providerId?: string | undefined };

function manualLogistic(
  db: SandboxDb,
  context: OrderContext,
  logistic: ManualLogistic,
  addressIndex: number | undefined,
  code: string | undefined,
): ChosenLogistic {
  const priceCents = reaisToCents(logistic.price);
  const limits = context.shop.rules.limits;
  const common = {
    priceCents,
    freeAboveCents: null,
    startDeliveryTime: null,
    manual: true,
    orderMinPriceCents: limits.orderMinPriceCents,
    maxDistinctItems: limits.maxDistinctItems,
    maxItemsAmout: limits.maxItemsAmout,
  };
  const freight = priceCents === 0 ? 'frete grátis' : 'frete customizado';
  if (logistic.type === LogisticFormValue.PickUp) {
    if (!logistic.providerId) throw badRequest('Escolha a loja de retirada.');
    const store = context.shop.rules.checkout.stores.find((s) => s.providerId === logistic.providerId);
    if (!store) throw notFound('Loja de retirada não encontrada.');
    return {
      ...common,
      type: LogisticType.StorePickUp,
      providerId: store.providerId,
      name: `Retirada em ${store.name} (${freight})`,
      serviceTaxCents: store.serviceTaxCents,
      storePickUpAddress: storeSnapshot(store),
      addressIndex: null,
      cep: null,
    };
  }
  const index = requireAddressIndex(addressIndex);
  const address = customerAddressAt(db, context.session.userShopId, index);
  if (code && cepDigits(code) !== cepDigits(address.zipCode)) {
    throw badRequest('O CEP informado não é o do endereço de entrega escolhido.');
  }
  requireNoShippingRestriction(logisticContext(db, context));
  return {
    ...common,
    type: LogisticType.ExpressDelivery,
    providerId: 'frete-manual',
    name: `Entrega (${freight})`,
    serviceTaxCents: 0,
    storePickUpAddress: null,
    addressIndex: index,
    cep: cepDigits(address.zipCode),
  };
}

export function registerLogisticRoutes(router: Router, { db, now }: CheckoutDeps): void {
  router.get(routePath(calls.listLogisticOptions, MOUNT), (req, res) => {
    const query = parseInput(calls.listLogisticOptions.query, withoutEmptyValues(req.query), 'query');
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      const lc = logisticContext(db, context);
      if (query.type === LogisticFormValue.PickUp) {
        requirePickUpOffered(lc);
        return pickUpChoices(db, context.shop, query.code).map(pickUpOptionToWire);
      }
      return deliveryOptionsFor(lc, query.code).map((o) => deliveryOptionToWire(o, lc.amounts));
    })();
    sendOk(res, answer);
  });

  router.post(routePath(calls.setLogistic, MOUNT), (req, res) => {
    const choice = parseInput(calls.setLogistic.body, req.body, 'body');
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requireOpenOrder(context.order);
      const { providerId } = choice;
      if (providerId === undefined) {
        const sellerStep = hasStep(checkoutSettings(context.shop), FlowStep.Seller);
        writeCheckout(db, context.order, (state) => withoutLogistic(state, choice.type, sellerStep), now);
        return orderAnswer(db, context);
      }
      const next = chooseLogistic(db, context, { ...choice, providerId });
      writeCheckout(db, context.order, (state) => withLogistic(state, next), now);
      return orderAnswer(db, context);
    })();
    sendOk(res, answer);
  });

  router.post(routePath(calls.setManualLogistic, MOUNT), (req, res) => {
    const { code } = parseInput(calls.setManualLogistic.query, withoutEmptyValues(req.query), 'query');
    const body = parseInput(calls.setManualLogistic.body, req.body, 'body');
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      requirePlatformUser(context, 'Somente o atendente pode definir o frete manualmente.');
      if (checkoutSettings(context.shop).enableManualPrices !== true) {
        throw new SandboxHttpError(403, 'O frete manual não está habilitado nesta loja.', 'unauthorized');
      }
      requireOpenOrder(context.order);
      const next = manualLogistic(db, context, body.logistic, body.addressIndex, code);
      writeCheckout(db, context.order, (state) => withLogistic(state, next), now);
      return orderAnswer(db, context);
    })();
    sendOk(res, answer);
  });
}
