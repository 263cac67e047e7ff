// The order's Pix charge (the optional contract extension, src/contract/pix.ts): read, polled while
// it is payable, renewed after expiry, sent to the chat by the operator. Shared by the Pix page and
// the operator's checkout panel.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as pixCalls from '@/contract/calls/pix.ts';
import type { PixCharge } from '@/contract/pix.ts';
import { ApiError } from '@/lib/api-client.ts';
import { call } from '@/lib/call.ts';
import { queryOptions } from '@/lib/query-options.ts';
import { currentOrderQuery } from '../api/get-current-order.ts';

const READ_FAILED = 'Não foi possível carregar o Pix.';
const RENEW_FAILED = 'Não foi possível gerar um novo Pix.';
const SEND_FAILED = 'Não foi possível enviar o código Pix.';

/** While the charge is payable the page asks again this often (decision: polling, no stream). */
export const PIX_POLL_MS = 1000;

/**
 * A charge as read, with how far the server's clock is ahead of this phone's: `expiresAt` is the
 * server's time, so the countdown runs on `expiresAt - (Date.now() + clockOffsetMs)`.
 */
export type ReadPixCharge = PixCharge & { clockOffsetMs: number };

/** The charge with its clock offset: the server's `now` minus this phone's time as the answer arrived. */
export function withClockOffset(charge: PixCharge, arrivedAt = Date.now()): ReadPixCharge {
  const serverNow = charge.now ? Date.parse(charge.now) : Number.NaN;
  return { ...charge, clockOffsetMs: Number.isFinite(serverNow) ? serverNow - arrivedAt : 0 };
}

/** Milliseconds left to pay, on the server's clock; never below 0. */
export function timeLeftMs(charge: ReadPixCharge, localNow = Date.now()): number {
  return Math.max(0, Date.parse(charge.expiresAt) - (localNow + charge.clockOffsetMs));
}

export async function readPixCharge(): Promise<ReadPixCharge> {
  return withClockOffset(await call(pixCalls.getPixCharge, {}, READ_FAILED));
}

/**
 * A backend without the extension answers the charge's call 404 (no route), as does one whose order
 * has no charge; an answer that is not a charge (200 with other data) counts as none too: either way
 * there is nothing to pay here, and the spec's flow ('Pedido finalizado') holds.
 */
export function hasNoCharge(error: unknown): boolean {
  return error instanceof ApiError && [200, 404, 405, 501].includes(error.httpStatus);
}

const isLive = (charge: PixCharge | undefined) => charge?.status === 'pending';

/**
 * The charge, polled every second while it is payable and the page is visible (react-query pauses the
 * interval in a hidden tab), read at once when the page shows again or the network comes back, and no
 * more once paid, expired or canceled.
 */
export const pixChargeQuery = queryOptions({
  queryKey: ['order', 'pix-charge'],
  queryFn: readPixCharge,
  staleTime: 0,
  refetchInterval: (query) => (isLive(query.state.data) ? PIX_POLL_MS : false),
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: (query) => isLive(query.state.data),
  refetchOnReconnect: (query) => isLive(query.state.data),
});

/**
 * The live charge. Once it turns paid (or canceled) the order changed too: the cached order is read
 * again where it is shown.
 */
export function usePixCharge() {
  const queryClient = useQueryClient();
  const query = useQuery(pixChargeQuery);
  return {
    ...query,
    /** Reads the charge at once (the countdown reached zero). */
    readNow: () => void query.refetch(),
    /** The order is stale once the charge settled. */
    orderChanged: () => void queryClient.invalidateQueries({ queryKey: currentOrderQuery.queryKey }),
  };
}

/**
 * 'Gerar novo Pix': the new charge replaces the old one at once (the old code is never shown again).
 * A refusal means the charge is no longer what this page shows: another tab (or the operator)
 * renewed it ('Este Pix ainda pode ser pago.'), or it was paid. The charge is read again, so the page
 * shows the payable code or the payment instead of an expired one until a reload.
 */
export function useRenewPixCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['order', 'pix-charge', 'renew'],
    mutationFn: async () => withClockOffset(await call(pixCalls.renewPixCharge, {}, RENEW_FAILED)),
    onSuccess: (charge) => queryClient.setQueryData(pixChargeQuery.queryKey, charge),
    onError: () => queryClient.invalidateQueries({ queryKey: pixChargeQuery.queryKey }),
  });
}

/** 'Enviar código Pix' (the operator): the backend sends the current code to the contact's chat. */
export function useSendPixCharge() {
  return useMutation({
    mutationKey: ['order', 'pix-charge', 'send'],
    mutationFn: async () => {
      await call(pixCalls.sendPixCharge, {}, SEND_FAILED);
    },
  });
}

/** How the operator reads a charge's status. */
export const PIX_STATUS_TEXT: Readonly<Record<PixCharge['status'], string>> = {
  pending: 'Aguardando pagamento',
  paid: 'Pagamento recebido',
  expired: 'Pix expirado',
  canceled: 'Pedido cancelado',
};
