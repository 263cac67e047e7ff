import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as checkoutCalls from '@/contract/calls/checkout.ts';
import type { Schedule, ScheduleChoice } from '@/contract/checkout.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';

export const LOAD_SCHEDULE_FAILED = 'Falha ao carregar horários de entrega';
export const SET_SCHEDULE_FAILED = 'Falha ao selecionar o horário de entrega';
export const SET_SCHEDULE_MUTATION_KEY = ['order', 'schedule'] as const;

/** GET /api/order/schedule: the delivery days ('times') and their slots. */
export async function getSchedule(): Promise<Schedule> {
  return call(checkoutCalls.getSchedule, {}, LOAD_SCHEDULE_FAILED);
}

export const scheduleQuery = queryOptions({
  queryKey: ['checkout', 'schedule'],
  queryFn: getSchedule,
});

/** POST /api/order/schedule: the chosen day and slot. Answers the schedule options. */
export async function setSchedule(choice: ScheduleChoice): Promise<Schedule> {
  return call(checkoutCalls.setSchedule, { body: choice }, SET_SCHEDULE_FAILED);
}

/** The answer is not the order: the cached order is reloaded (the slot may change its amounts). */
export function useSetSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SET_SCHEDULE_MUTATION_KEY,
    mutationFn: setSchedule,
    onSuccess: (schedule) => {
      if (schedule.times) queryClient.setQueryData(scheduleQuery.queryKey, schedule);
      return queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey });
    },
  });
}
