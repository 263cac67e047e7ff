// The checkout draft, kept per user in localStorage for 7 days and restored when the same user
// returns (spec section 3, "Checkout draft"). Built on the tab storage (src/session/tab-storage.ts)
// with localStorage as backend: entries are `{ value: draft, expirationTimestamp }` under
// 'storefront:checkout_data:<userId>'. Broken JSON, expired entries and values that are not a draft
// are dropped; a storage that throws (quota, disabled) never makes a call throw. Only the draft's
// own fields are stored: never contact data, never the form's CEP search fields.
import { type CheckoutDraft, checkoutDraftSchema } from '@/contract/checkout.ts';
import { createTabStorage, TAB_STORAGE_KEYS, type TabStorage } from '@/session/tab-storage.ts';

/** How long a draft is kept: 7 days. */
export const DRAFT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const DRAFT_FIELDS = Object.keys(checkoutDraftSchema.def.shape) as (keyof CheckoutDraft)[];

/** The storage key of a user's draft (without the tab storage's prefix). */
export const draftKey = (userId: string): string => `${TAB_STORAGE_KEYS.checkoutData}:${userId}`;

function localStorageOrNull(): Storage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

let defaultStorage: TabStorage | undefined;
/** The draft storage on localStorage (memory only where localStorage is unavailable). */
export function draftStorage(): TabStorage {
  defaultStorage ??= createTabStorage(localStorageOrNull());
  return defaultStorage;
}

/** Only the draft's fields, without null or undefined values. */
function pickDraft(source: Record<string, unknown>): CheckoutDraft {
  const draft: Record<string, unknown> = {};
  for (const field of DRAFT_FIELDS) {
    if (source[field] != null) draft[field] = source[field];
  }
  return draft as CheckoutDraft;
}

/** The user's draft, or undefined when there is none, it expired or it is not a draft. */
export function loadDraft(userId: string, storage: TabStorage = draftStorage()): CheckoutDraft | undefined {
  if (!userId) return undefined;
  try {
    const stored = storage.get<unknown>(draftKey(userId));
    if (stored === undefined) return undefined;
    const parsed = checkoutDraftSchema.safeParse(stored);
    if (!parsed.success) {
      storage.remove(draftKey(userId));
      return undefined;
    }
    return pickDraft(parsed.data);
  } catch {
    return undefined;
  }
}

/** Stores the user's draft for 7 days (form-only and unknown fields are left out). */
export function saveDraft(
  userId: string,
  draft: CheckoutDraft | (CheckoutDraft & Record<string, unknown>),
  storage: TabStorage = draftStorage(),
): void {
  if (!userId) return;
  try {
    storage.set(draftKey(userId), pickDraft(draft), DRAFT_TTL_MS);
  } catch {
    // A value storage cannot take: the draft is a convenience, the checkout goes on without it.
  }
}

/** Forgets the user's draft (after finishing or cancelling the order). */
export function clearDraft(userId: string, storage: TabStorage = draftStorage()): void {
  if (!userId) return;
  try {
    storage.remove(draftKey(userId));
  } catch {
    // Nothing to do.
  }
}
