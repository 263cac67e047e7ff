import { randomUUID } from 'node:crypto';

/** A caller's own `x-request-id` is kept only when it is a UUID: anything else is a new one. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** The caller's id when it is a UUID that cannot be mistaken for a card number, else a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && UUID.test(incoming) && !CARD_LIKE_RUN.test(incoming)
    ? incoming.toLowerCase()
    : newRequestId();
}
