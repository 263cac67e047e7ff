// The delivery schedule (only when the flow has the Schedule step): GET /api/order/schedule lists the
// days and slots, POST /api/order/schedule chooses one that is offered and still open.
import type { Router } from 'express';
import { calls, FlowStep, type ScheduleChoice } from '../contract.ts';
import { badRequest, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { loadOrderContext, requireOpenOrder } from '../order/order-context.ts';
import { type ChosenSchedule, readCheckout, writeCheckout } from '../order/order-state.ts';
import type { Shop } from '../shop/shops.ts';
import { type CheckoutDeps, routePath } from './route-kit.ts';
import { buildSchedule, findScheduleDay, type ScheduleDayView } from './schedule-days.ts';
import { checkoutSettings, hasStep } from './settings.ts';

const MOUNT = '/api/order';

export const SCHEDULE_CLOSED_MESSAGE = 'O horário escolhido não está mais disponível. Escolha outro horário.';

const offersSchedule = (shop: Shop) => hasStep(checkoutSettings(shop), FlowStep.Schedule);

/** The days offered now; none when the shop does not schedule deliveries. */
export function scheduleDays(shop: Shop, now: Date): ScheduleDayView[] {
  return offersSchedule(shop) ? buildSchedule(shop.rules.checkout.schedule, now) : [];
}

/** The offered and enabled slot for a choice, or the refusal saying what is wrong with it. */
export function requireOpenSlot(
  days: readonly ScheduleDayView[],
  choice: Omit<ScheduleChoice, 'endTime'> & { endTime?: string | null },
) {
  const day = findScheduleDay(days, choice.day);
  if (!day) throw badRequest('Dia indisponível para entrega. Escolha um dos dias oferecidos.');
  const slot = day.options.find(
    (o) => o.startTime === choice.startTime && (!choice.endTime || o.endTime === choice.endTime),
  );
  if (!slot) throw badRequest('Horário não encontrado para este dia. Escolha um dos horários oferecidos.');
  if (!slot.enabled) {
    const closedDay = day.options.every((o) => !o.enabled);
    throw badRequest(
      closedDay ? `Não entregamos neste dia (${day.header}). Escolha outro dia.` : SCHEDULE_CLOSED_MESSAGE,
    );
  }
  return { day, slot };
}

export function registerScheduleRoutes(router: Router, { db, now }: CheckoutDeps): void {
  router.get(routePath(calls.getSchedule, MOUNT), (_req, res) => {
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      return {
        times: scheduleDays(context.shop, now()),
        selected: readCheckout(context.order).schedule ?? null,
      };
    })();
    sendOk(res, answer);
  });

  router.post(routePath(calls.setSchedule, MOUNT), (req, res) => {
    const choice = parseInput(calls.setSchedule.body, req.body, 'body');
    const answer = db.transaction(() => {
      const context = loadOrderContext(db, res);
      if (!offersSchedule(context.shop)) throw badRequest('Esta loja não agenda entregas.');
      requireOpenOrder(context.order);
      const days = scheduleDays(context.shop, now());
      const { day, slot } = requireOpenSlot(days, choice);
      const selected: ChosenSchedule = { day: day.date, startTime: slot.startTime, endTime: slot.endTime };
      writeCheckout(db, context.order, (state) => ({ ...state, schedule: selected }), now);
      // The spec answers both schedule calls with the schedule options; the choice rides along.
      return { times: days, selected };
    })();
    sendOk(res, answer);
  });
}
