// The session code's rules and the handle's header, without any schema: the BFF, the sandbox and the
// page's first script (session/chat-link.ts) share them.

/** Session code used when the chat link's hash carries none. */
export const ANONYMOUS_SESSION_CODE = 'anonymous-session';

/**
 * A session code is a URL-safe token, 1 to 200 characters. One rule for the link's hash (SPA), the
 * session call's path (BFF, sandbox) and the bearer credential, so no part accepts what another refuses.
 * Never '.' or '..', which a path would read as a directory.
 */
export const SESSION_CODE_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._~:+=-]{1,200}$/;
export const isValidSessionCode = (code: string): boolean => SESSION_CODE_PATTERN.test(code);

/**
 * How long a tab's session lasts after it was opened (or resumed): an operator's shift. The BFF's
 * session cookie (Max-Age) and the tab's stored handle expire together.
 */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;

/** The header carrying a tab's session handle (never the code) between the SPA and the BFF. */
export const SESSION_HANDLE_HEADER = 'x-session-handle';

/**
 * An optional extension between the BFF and the commerce backend (decision 0019): a visitor
 * without a code opens `anonymous-session` like everyone else, and the BFF sends this header with
 * the browser's own visitor id on every call of that session, so the backend can give each browser
 * an order of its own. A backend that ignores it behaves exactly as the spec says. The SPA never
 * sees the id (an HttpOnly cookie of the BFF's).
 */
export const VISITOR_ID_HEADER = 'x-visitor-id';

/** A visitor id: 128 random bits, base64url without padding (22 characters), case-sensitive. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const isWellFormedVisitorId = (id: string): boolean => VISITOR_ID_PATTERN.test(id);
