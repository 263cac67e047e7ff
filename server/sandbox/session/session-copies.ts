// POST /api/sandbox/sessions: a fresh copy of a demo session, as it was seeded (sandbox only).
// Each copy has its own code, contact and cart, so a demo can be replayed from the start and each
// end-to-end test works on an order nobody else touches, retries included.
import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod/mini';
import { SESSION_CODE_PATTERN } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { notFound, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { SCENARIO_SESSIONS } from '../seed/scenarios.ts';
import { insertSeedSession } from '../seed/seed-database.ts';
import { SEEDED_SESSIONS, type SeedSession } from '../seed/sessions.ts';

const copyBodySchema = z.strictObject({ from: z.string().check(z.regex(SESSION_CODE_PATTERN)) });

/**
 * The seed of a copy: the code and its contact's id take `-<suffix>`. The contact may take another
 * suffix (`contactSuffix`) when the code's must not show on the wire, as an anonymous visitor's
 * (visitor-sessions.ts): the contact's id is the session's userShop.id and the order's userId.
 */
export function copyOf(seed: SeedSession, suffix: string, contactSuffix = suffix): SeedSession {
  return {
    ...seed,
    code: `${seed.code}-${suffix}`,
    userShop: seed.userShop
      ? { ...seed.userShop, id: `${seed.userShop.id}-${contactSuffix}` }
      : seed.userShop,
  };
}

export function sessionCopyRoutes(db: SandboxDb, now: () => Date = () => new Date()): Router {
  const router = Router();
  router.post('/sessions', (req, res) => {
    const { from } = parseInput(copyBodySchema, req.body, 'body', { from: 'Sessão de demonstração' });
    const seed = [...SEEDED_SESSIONS, ...SCENARIO_SESSIONS].find((s) => s.code === from);
    if (!seed) throw notFound('Sessão de demonstração não encontrada.');
    const copy = copyOf(seed, randomBytes(4).toString('hex'));
    db.transaction(() => insertSeedSession(db, copy, { orderId: null, createdAt: now().toISOString() }))();
    sendOk(res, { code: copy.code }, 201);
  });
  return router;
}
