// An anonymous visitor's own session (docs/decisions/0019-anonymous-visitors.md). Every visitor
// without a code opens `anonymous-session`; the BFF adds the browser's visitor id in X-Visitor-Id.
// With it, the call acts on that visitor's own session: created on first sight as a copy of the
// seeded anonymous session (same shop and channel) with a contact of its own and an empty cart.
// Without it (a direct caller, the sandbox's own tests), `anonymous-session` is the seeded demo
// session, shared, as the spec describes it.
import { hash, randomBytes } from 'node:crypto';
import { ANONYMOUS_SESSION_CODE, isWellFormedVisitorId } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { badRequest } from '../http/envelope.ts';
import { insertSeedSession } from '../seed/seed-database.ts';
import { SEEDED_SESSIONS, type SeedSession } from '../seed/sessions.ts';
import { copyOf } from './session-copies.ts';
import { findSession, type SessionRecord } from './sessions.ts';

/**
 * A visitor session's code: `anonymous-session-visitante-<32 hex>`, within SESSION_CODE_PATTERN (the
 * outbox and the payment-expiry tools read it like any code). It can meet neither a seeded code nor a
 * copy of /api/sandbox/sessions (`<demo>-<8 hex>`) nor a contact's (`contato-<32 hex>`).
 */
const VISITOR_CODE_PREFIX = `${ANONYMOUS_SESSION_CODE}-visitante-`;

const INVALID_VISITOR =
  'Identificação do visitante inválida. Abra novamente o link da loja para continuar comprando.';

const anonymousSeed: SeedSession = (() => {
  const seed = SEEDED_SESSIONS.find((session) => session.code === ANONYMOUS_SESSION_CODE);
  if (!seed) throw new Error('seed: the anonymous session is missing');
  return seed;
})();

/**
 * The key a visitor's session is stored under: 128 bits of SHA-256 of the id, so the database never
 * holds the id, and what it holds cannot be turned back into one.
 */
const visitorKey = (visitorId: string) => hash('sha256', visitorId, 'hex').slice(0, 32);

/** A visitor session is reached through its visitor id only, never by its stored code. */
export const isVisitorSessionCode = (code: string): boolean => code.startsWith(VISITOR_CODE_PREFIX);

/**
 * The visitor's session, created on first sight in one transaction. Its contact's id is random, not
 * derived from the key: it travels on the wire (userShop.id, the order's userId) and tells nothing
 * of the visitor id. It keeps the seed's `anonymous-webchat-…` prefix: the spec treats an order whose
 * userId holds 'anonymous' as anonymous.
 */
function visitorSession(db: SandboxDb, visitorId: string): SessionRecord {
  const key = visitorKey(visitorId);
  return db.transaction(() => {
    const code = `${VISITOR_CODE_PREFIX}${key}`;
    const existing = findSession(db, code);
    if (existing) return existing;
    const contact = `visitante-${randomBytes(8).toString('hex')}`;
    const copy = copyOf(anonymousSeed, `visitante-${key}`, contact);
    insertSeedSession(
      db,
      {
        ...copy,
        userShop: copy.userShop && { ...copy.userShop, channelId: `webchat-${contact}` },
        // A new visitor never sees anything somebody else put in a cart.
        cart: [],
        order: undefined,
      },
      { orderId: null, createdAt: new Date().toISOString() },
    );
    const created = findSession(db, code);
    if (!created) throw new Error('visitor session missing right after creation');
    return created;
  })();
}

/**
 * The session a call acts on, from its code (the bearer, or the session call's path) and its
 * X-Visitor-Id header (undefined when absent). A malformed visitor id is refused (400), never
 * read as no visitor: falling back to the shared session would show the visitor somebody else's order.
 */
export function sessionForCall(
  db: SandboxDb,
  code: string,
  visitorId: string | undefined,
): SessionRecord | undefined {
  if (isVisitorSessionCode(code)) return undefined;
  if (code !== ANONYMOUS_SESSION_CODE || visitorId === undefined) return findSession(db, code);
  if (!isWellFormedVisitorId(visitorId)) throw badRequest(INVALID_VISITOR);
  return visitorSession(db, visitorId);
}
