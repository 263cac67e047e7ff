// Page tokens: an opaque, URL-safe cursor holding the sort key of the last item of the previous
// page and a fingerprint of the query that produced it. Continuing after the last item seen (not
// from an offset) keeps pages from repeating or skipping items; the fingerprint binds the token to
// its query, so a token reused with another category, text or filter is refused instead of
// silently answering a page of something else.
import { createHash } from 'node:crypto';

const VERSION = 'p1';
/** Hex digits of the query fingerprint kept in the token: enough to tell queries apart. */
const FINGERPRINT_LENGTH = 16;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,96}$/;
const DECODED_SHAPE = /^p1\.([0-9a-f]{16})\.(\d{1,9})$/;

/** A stable fingerprint of a query: the same canonical value always gives the same text. */
export function queryFingerprint(canonicalQuery: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonicalQuery))
    .digest('hex')
    .slice(0, FINGERPRINT_LENGTH);
}

export function encodePageToken(fingerprint: string, lastKey: number): string {
  return Buffer.from(`${VERSION}.${fingerprint}.${lastKey}`, 'utf8').toString('base64url');
}

/**
 * The sort key a token continues after, or undefined when the token is not one of ours or was
 * issued for another query.
 */
export function decodePageToken(token: string, fingerprint: string): number | undefined {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const match = DECODED_SHAPE.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match || match[1] !== fingerprint || match[2] === undefined) return undefined;
  return Number(match[2]);
}
