// The contact form's draft: what the shopper typed in 'Dados do contato' and the server does not hold
// yet (the 3-second autosave had not run, the save failed, or the values are invalid). Kept only in
// this user's localStorage key, next to the checkout draft, so a reload or a closed tab brings the
// typing back; removed as soon as the server holds the same data. It carries the CPF: it never goes
// anywhere else (no log, no other key) and expires after a day.
import { z } from 'zod/mini';
import { draftStorage } from '@/order/checkout-draft.ts';
import type { TabStorage } from '@/session/tab-storage.ts';
import type { ContactFormValues } from './contact-form.ts';

/**
 * A day (decision 0006). The draft is the user's, not the session's (which lives 12 hours): a chat
 * link opened again the same day brings the typing back.
 */
export const CONTACT_DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

/** Not one of the spec's keys (it keeps contact data out of checkout_data): the form's own. */
export const contactDraftKey = (userId: string): string => `contact_draft:${userId}`;

/** Storage can be edited by hand: only the form's fields, of the form's types and sizes, are read. */
const text = z.string().check(z.maxLength(300));
const contactDraftSchema = z.object({
  name: text,
  email: text,
  document: text,
  isCorporate: z.boolean(),
  corporateDocument: text,
  corporateName: text,
  tradeName: text,
  stateInscription: text,
});

/** The user's contact draft, or undefined when there is none, it expired or it is not one. */
export function loadContactDraft(
  userId: string,
  storage: TabStorage = draftStorage(),
): ContactFormValues | undefined {
  if (!userId) return undefined;
  try {
    const parsed = contactDraftSchema.safeParse(storage.get<unknown>(contactDraftKey(userId)));
    if (parsed.success) return parsed.data;
    storage.remove(contactDraftKey(userId));
  } catch {
    // A storage that cannot be read: the form opens with what the server holds.
  }
  return undefined;
}

export function saveContactDraft(
  userId: string,
  values: ContactFormValues,
  storage: TabStorage = draftStorage(),
): void {
  if (!userId) return;
  try {
    const parsed = contactDraftSchema.safeParse(values);
    if (parsed.success) storage.set(contactDraftKey(userId), parsed.data, CONTACT_DRAFT_TTL_MS);
  } catch {
    // Full or disabled storage: the autosave still runs, only a reload would lose the typing.
  }
}

export function clearContactDraft(userId: string, storage: TabStorage = draftStorage()): void {
  if (!userId) return;
  try {
    storage.remove(contactDraftKey(userId));
  } catch {
    // Nothing more to do.
  }
}
