// 'Abrir no navegador' (issue 37, docs/decisions/0024-parts/open-in-browser.md): a session transfer
// token names the tab's session to another browser, the phone's own, out of the chat app's webview.
// - POST /api/session/transfer (bearer session): a new token, 32 random bytes in base64url, living
//   TRANSFER_LIFETIME_MS. Only its SHA-256 is stored; a session holds at most MAX_LIVE_TRANSFERS
//   live tokens (a new one drops the oldest).
// - POST /api/session/transfer/redeem { token } (the BFF's own call): the token spent, in one
//   statement, and the session's code answered. Unknown, expired or spent: 404, the same message.
// Both are the chat app's extension (shop/chat-app-switch.ts): off, they are no routes (404).
import { hash, randomBytes } from 'node:crypto';
import { Router } from 'express';
import { calls } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { currentSession, requireSession } from '../http/auth.ts';
import { badRequest, notFound, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { isVisitorSessionCode } from './visitor-sessions.ts';

/** Two minutes: time to tap 'Abrir no navegador' and for the phone's browser to open the link. */
export const TRANSFER_LIFETIME_MS = 2 * 60 * 1000;
/** Live tokens a session may hold at once: a few taps in a row, never a pile. */
export const MAX_LIVE_TRANSFERS = 3;

export const TRANSFER_REFUSED = 'Este link para abrir no navegador já foi usado ou expirou.';
export const VISITOR_TRANSFER_REFUSED = 'Para continuar no navegador, abra o link da loja recebido no chat.';

/** How a token is stored: its SHA-256 in hex. A stolen database holds no token that opens anything. */
export const transferTokenDigest = (token: string): string => hash('sha256', token, 'hex');

export type MintedTransfer = { token: string; expiresAt: string };

/** A new token for the session, stored hashed; the session's older tokens beyond the cap are dropped. */
export function mintTransfer(db: SandboxDb, sessionCode: string, now: Date): MintedTransfer {
  const token = randomBytes(32).toString('base64url');
  const createdAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + TRANSFER_LIFETIME_MS).toISOString();
  db.transaction(() => {
    // Spent and expired tokens are of no use to anyone: gone with the next mint.
    db.prepare(
      'DELETE FROM session_transfers WHERE session_code = ? AND (spent_at IS NOT NULL OR expires_at <= ?)',
    ).run(sessionCode, createdAt);
    db.prepare(
      `DELETE FROM session_transfers WHERE token_sha256 IN (
         SELECT token_sha256 FROM session_transfers WHERE session_code = ?
         ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?)`,
    ).run(sessionCode, MAX_LIVE_TRANSFERS - 1);
    db.prepare(
      'INSERT INTO session_transfers (token_sha256, session_code, created_at, expires_at) VALUES (?, ?, ?, ?)',
    ).run(transferTokenDigest(token), sessionCode, createdAt, expiresAt);
  })();
  return { token, expiresAt };
}

/**
 * Spends the token and answers its session's code, or undefined when it is unknown, expired or spent.
 * One UPDATE … RETURNING: two redemptions at once cannot both get the code.
 */
export function redeemTransfer(db: SandboxDb, token: string, now: Date): string | undefined {
  const at = now.toISOString();
  const row = db
    .prepare<[string, string, string], { session_code: string }>(
      `UPDATE session_transfers SET spent_at = ?
       WHERE token_sha256 = ? AND spent_at IS NULL AND expires_at > ?
       RETURNING session_code`,
    )
    .get(at, transferTokenDigest(token), at);
  return row?.session_code;
}

export function sessionTransferRoutes(db: SandboxDb, now: () => Date = () => new Date()): Router {
  const router = Router();
  router.post('/session/transfer/redeem', (req, res) => {
    const { token } = parseInput(calls.redeemSessionTransfer.body, req.body, 'body', {
      token: 'Link para abrir no navegador',
    });
    const code = redeemTransfer(db, token, now());
    if (code === undefined) throw notFound(TRANSFER_REFUSED);
    sendOk(res, { code });
  });
  router.post('/session/transfer', requireSession(db), (_req, res) => {
    const session = currentSession(res);
    // A visitor's session is reached through its visitor id only (visitor-sessions.ts), which the
    // BFF keeps in the browser's cookie: another browser has none, so its cart cannot follow.
    if (isVisitorSessionCode(session.code)) throw badRequest(VISITOR_TRANSFER_REFUSED);
    sendOk(res, mintTransfer(db, session.code, now()));
  });
  return router;
}
