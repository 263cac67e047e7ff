// The outbox table: what was sent to chat contacts. The sandbox has no chat, so a send is a row;
// GET /api/sandbox/outbox lists a session's rows (tests, README).
import type { SandboxDb } from '../db/types.ts';

export type OutboxKind = 'product' | 'catalog' | 'order-summary' | 'pix-code';

export type OutboxEntry = {
  id: number;
  kind: OutboxKind;
  payload: Record<string, unknown>;
  createdAt: string;
};

type OutboxRow = { id: number; kind: OutboxKind; payload: string; created_at: string };

/** Most rows the inspection lists (the newest ones). */
export const MAX_LISTED = 200;

export function addToOutbox(
  db: SandboxDb,
  senderSessionCode: string,
  kind: OutboxKind,
  payload: Record<string, unknown>,
  now: Date,
): OutboxEntry {
  const createdAt = now.toISOString();
  const result = db
    .prepare('INSERT INTO outbox (session_code, kind, payload, created_at) VALUES (?, ?, ?, ?)')
    .run(senderSessionCode, kind, JSON.stringify(payload), createdAt);
  return { id: Number(result.lastInsertRowid), kind, payload, createdAt };
}

/** The session's rows, oldest first (at most the newest MAX_LISTED). */
export function listOutbox(db: SandboxDb, senderSessionCode: string): OutboxEntry[] {
  const rows = db
    .prepare<[string, number], OutboxRow>(
      `SELECT id, kind, payload, created_at FROM (
         SELECT id, kind, payload, created_at FROM outbox WHERE session_code = ? ORDER BY id DESC LIMIT ?
       ) ORDER BY id`,
    )
    .all(senderSessionCode, MAX_LISTED);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    createdAt: row.created_at,
  }));
}
