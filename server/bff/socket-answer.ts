import { PERMISSIONS_POLICY } from './security-headers.ts';

/**
 * The security headers of an answer written without the app's middleware: the overload guard's
 * 503 (overload-guard.ts) and the answers written straight to a socket (index.ts).
 */
export const SOCKET_ANSWER_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Permissions-Policy', PERMISSIONS_POLICY],
  ['Referrer-Policy', 'no-referrer'],
];
