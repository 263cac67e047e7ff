// Store-platform link (checkout spec), and the BFF's own Tray authorization call.
import { z } from 'zod/mini';
import { linkedChatbotIdSchema, storeIdParamsSchema, storeLinkPayloadSchema } from '../tray.ts';
import { type CallDefinition, notShown } from './define.ts';

export const linkStore = {
  method: 'POST',
  path: '/tray/link-store',
  body: storeLinkPayloadSchema,
  data: notShown,
} as const satisfies CallDefinition;

export const getLinkedChatbot = {
  method: 'GET',
  path: '/tray/link-store/:id',
  params: storeIdParamsSchema,
  data: linkedChatbotIdSchema,
} as const satisfies CallDefinition;

/** This domain's calls of the registry (calls.ts), in registration order. */
export const all = { linkStore, getLinkedChatbot };

/**
 * The call the BFF answers itself (server/bff/tray-authorize.ts), not part of the backend's
 * registry: the address of the store's Tray authorization page, built from the BFF's configuration.
 */
export const getTrayAuthorizeUrl = {
  method: 'GET',
  path: '/tray/authorize',
  query: z.strictObject({ url: z.string() }),
  data: z.object({ authorizeUrl: z.url() }),
} as const satisfies CallDefinition;
