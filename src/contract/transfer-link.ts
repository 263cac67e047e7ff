// The session transfer link's rules, without any schema (decision 0024): the BFF, the sandbox and
// the SPA's 'Abrir no navegador' share them; src/contract/chat-app.ts re-exports them with the
// transfer's schemas.

/** A transfer token: 43 base64url characters (32 random bytes). Never a session code. */
export const TRANSFER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The path that opens a transferred session in another browser (the BFF redacts it in logs). */
export const transferLinkPath = (token: string): string => `/abrir/${token}`;
