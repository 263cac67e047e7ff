// query-core, not react-query: the page's first script makes the client before React has arrived.
import { QueryClient } from '@tanstack/query-core';
import { ApiError, gotNoAnswer } from './api-client.ts';

/**
 * How often a read is tried again: a call that got no answer at all (a dropped connection) is worth
 * a few more tries; a server failure (5xx, a garbled answer) one; a refusal (4xx) none, it will not
 * change. Offline, react-query waits for the connection before each try (networkMode 'online'), so
 * time without a connection uses none of them.
 */
export const RETRIES_WITHOUT_ANSWER = 3;
export const RETRIES_AFTER_SERVER_FAILURE = 1;

export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return failureCount < RETRIES_AFTER_SERVER_FAILURE;
  if (error.httpStatus >= 400 && error.httpStatus < 500) return false;
  const retries = gotNoAnswer(error) ? RETRIES_WITHOUT_ANSWER : RETRIES_AFTER_SERVER_FAILURE;
  return failureCount < retries;
}

/**
 * The pause before a read's next try: 1 s, 2 s, 4 s… (at most 30 s), each cut to between half and
 * all of it at random, so the phones that lost the same cell do not all come back in one instant.
 */
export function retryDelay(failureCount: number): number {
  const full = Math.min(1000 * 2 ** failureCount, 30_000);
  return Math.round(full * (0.5 + Math.random() / 2));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Catalogue data changes slowly; the order is refreshed by every call that returns it.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetryRead,
        retryDelay,
      },
      // A write is never sent again by itself: adding an item, confirming an order, paying or applying
      // a coupon twice is not the same as once. (A write made offline waits and goes out once, when
      // the connection is back; the cart's quantities are re-sent by their own queue, safely, since
      // each says the line's whole quantity: order/quantity/quantity-queue.ts.)
      mutations: { retry: false },
    },
  });
}

let pageClient: QueryClient | undefined;

/**
 * The page's one query client: the first script fills it with the first screen's data
 * (app/prefetch-landing.ts), and the app renders from it (app/provider.tsx).
 */
export function pageQueryClient(): QueryClient {
  pageClient ??= createQueryClient();
  return pageClient;
}
