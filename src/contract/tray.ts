// Store-platform (Tray) linking: the callback page links a store to a chatbot.
import { z } from 'zod/mini';
import { idString, MAX_FREE_TEXT, opt, pathId } from './shared.ts';

const url = z.string().check(z.minLength(1), z.maxLength(MAX_FREE_TEXT));

/**
 * POST /tray/link-store. The first five come from the callback's query (store, adm_user, code,
 * api_address, store_host); chatbotId and chatbotToken are typed in, and the Link button is enabled
 * only when both are filled.
 */
export const storeLinkPayloadSchema = z.strictObject({
  admUser: idString,
  code: z.string().check(z.minLength(1), z.maxLength(MAX_FREE_TEXT)),
  apiAddress: url,
  storeHost: url,
  store: idString,
  chatbotId: idString,
  chatbotToken: z.string().check(z.minLength(1), z.maxLength(MAX_FREE_TEXT)),
});
export type StoreLinkPayload = z.infer<typeof storeLinkPayloadSchema>;

/** GET /tray/link-store/{id} path parameter: the store id. */
export const storeIdParamsSchema = z.strictObject({ id: pathId });

/**
 * Answer of GET /tray/link-store/{id}: the chatbot id already linked to the store (absent when
 * none). A numeric id is accepted and turned into text, the form field's type.
 */
export const linkedChatbotIdSchema = opt(
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((value: string | number) => String(value)),
  ),
);
