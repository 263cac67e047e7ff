// Session and settings (both specs), and the BFF's own session calls.
import { z } from 'zod/mini';
import { SESSION_CODE_PATTERN, sessionSchema } from '../session.ts';
import { shopSettingsSchema } from '../shop-settings.ts';
import type { CallDefinition } from './define.ts';

/** The session code: URL-safe characters only ('anonymous-session' included). */
const sessionCode = z.strictObject({ code: z.string().check(z.regex(SESSION_CODE_PATTERN)) });

export const getSession = {
  method: 'GET',
  path: '/api/session/:code',
  params: sessionCode,
  data: sessionSchema,
} as const satisfies CallDefinition;

/** "read from the nested data": the settings are the envelope's data. */
export const getShopSettings = {
  method: 'GET',
  path: '/api/shop/settings',
  data: shopSettingsSchema,
} as const satisfies CallDefinition;

/** This domain's calls of the registry (calls.ts), in registration order. */
export const all = { getSession, getShopSettings };

/**
 * The calls the BFF answers itself (server/bff/session-open.ts), not part of the backend's
 * registry: the SPA opens the chat link's session with its code in the body (never in the
 * address), or a session transfer's one-time token (`{ transfer }`, 'Abrir no navegador': the BFF
 * redeems it upstream), and resumes it after a reload from the tab's handle. Both answer the session
 * and the tab's handle in a header.
 */
export const openSession = {
  method: 'POST',
  path: '/api/session',
  body: z.union([sessionCode, z.strictObject({ transfer: z.string() })]),
  data: sessionSchema,
} as const satisfies CallDefinition;

export type OpenSessionBody = z.input<typeof openSession.body>;

export const resumeSession = {
  method: 'GET',
  path: '/api/session',
  data: sessionSchema,
} as const satisfies CallDefinition;
