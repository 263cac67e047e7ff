import { randomUUID } from 'node:crypto';

/** What a caller's own `x-request-id` may look like to be kept. */
const ACCEPTED_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Thirteen digits in a row, hyphens allowed. About one random UUID in 25 has such a run and one in
 * ten of those passes Luhn; the log masking (server/log-mask.ts) would then take the id for a card
 * number and print it masked, so the id in the log would no longer match the one the caller got.
 */
const CARD_LIKE_RUN = /\d(?:-?\d){12}/;

/** A fresh id for one call: a random UUID that no log masking will ever touch. */
export function newRequestId(): string {
  let id = randomUUID();
  while (CARD_LIKE_RUN.test(id)) id = randomUUID();
  return id;
}

/** The caller's id when it is well formed and cannot be mistaken for a card number, else a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && ACCEPTED_ID.test(incoming) && !CARD_LIKE_RUN.test(incoming)
    ? incoming
    : newRequestId();
}
