// 'Abrir no navegador' as the commerce backend models it (issue 37): a shopper's tab asks for a
// one-time token naming its session; the BFF spends it once to learn the session's code.
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_TOKEN_PATTERN } from '@/contract/chat-app.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import {
  MAX_LIVE_TRANSFERS,
  mintTransfer,
  redeemTransfer,
  TRANSFER_LIFETIME_MS,
  TRANSFER_REFUSED,
  transferTokenDigest,
} from './transfers.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ chatApp: true });
});
afterAll(() => sandbox.close());

/** A fresh copy of the demo shopper: its own code, nobody else's tokens. */
async function freshShopper(): Promise<string> {
  const answer = await sandbox.post('/api/sandbox/sessions', { from: 'demo-shopper' });
  return (answer.body as { data: { code: string } }).data.code;
}

const mint = (session: string) => sandbox.post('/api/session/transfer', undefined, { session });
const redeem = (token: unknown) => sandbox.post('/api/session/transfer/redeem', { token });

describe('a shopper asks to continue in the phone’s browser', () => {
  it('gets a 43-character token that lives two minutes', async () => {
    const session = await freshShopper();
    const before = Date.now();
    const transfer = expectData('createSessionTransfer', await mint(session));
    expect(transfer.token).toMatch(TRANSFER_TOKEN_PATTERN);
    expect(transfer.token).not.toContain(session);
    const life = Date.parse(transfer.expiresAt) - before;
    expect(life).toBeGreaterThan(TRANSFER_LIFETIME_MS - 5_000);
    expect(life).toBeLessThanOrEqual(TRANSFER_LIFETIME_MS + 1_000);
  });

  it('the token opens the session once: the second redemption is refused in Portuguese', async () => {
    const session = await freshShopper();
    const { token } = expectData('createSessionTransfer', await mint(session));
    expect(expectData('redeemSessionTransfer', await redeem(token))).toEqual({ code: session });
    const again = expectRefusal(await redeem(token), 404);
    expect(again.message).toBe(TRANSFER_REFUSED);
  });

  it('a token nobody minted opens nothing, and one of the wrong form is a 400', async () => {
    const forged = 'A'.repeat(43);
    expect(expectRefusal(await redeem(forged), 404).message).toBe(TRANSFER_REFUSED);
    expectRefusal(await redeem('curto'), 400);
    expectRefusal(await redeem(`${'a'.repeat(42)}!`), 400);
    expectRefusal(await redeem(12), 400);
  });

  it('an expired token opens nothing', async () => {
    const session = await freshShopper();
    const { token } = expectData('createSessionTransfer', await mint(session));
    sandbox.db
      .prepare(
        "UPDATE session_transfers SET created_at = '1999-12-31T23:58:00.000Z', expires_at = '2000-01-01T00:00:00.000Z' WHERE token_sha256 = ?",
      )
      .run(transferTokenDigest(token));
    expect(expectRefusal(await redeem(token), 404).message).toBe(TRANSFER_REFUSED);
  });

  it('keeps only each token’s SHA-256, never the token or anything that opens the session', async () => {
    const session = await freshShopper();
    const { token } = expectData('createSessionTransfer', await mint(session));
    const rows = sandbox.db
      .prepare('SELECT * FROM session_transfers WHERE session_code = ?')
      .all(session) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_sha256).toBe(transferTokenDigest(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('a session holds a few live tokens: a new one drops the oldest', async () => {
    const session = await freshShopper();
    const tokens: string[] = [];
    for (let i = 0; i <= MAX_LIVE_TRANSFERS; i++) {
      tokens.push(expectData('createSessionTransfer', await mint(session)).token);
    }
    const count = sandbox.db
      .prepare('SELECT count(*) AS n FROM session_transfers WHERE session_code = ?')
      .get(session) as { n: number };
    expect(count.n).toBe(MAX_LIVE_TRANSFERS);
    expectRefusal(await redeem(tokens[0]), 404);
    expect(expectData('redeemSessionTransfer', await redeem(tokens.at(-1))).code).toBe(session);
  });

  it('needs the session: without a bearer, or with an unknown one, no token is made', async () => {
    expectRefusal(await sandbox.post('/api/session/transfer', undefined), 401);
    expectRefusal(await mint('nao-existe'), 401);
  });

  it('an anonymous visitor’s cart cannot follow (it is reached through the browser’s visitor id)', async () => {
    const answer = await sandbox.post('/api/session/transfer', undefined, {
      session: 'anonymous-session',
      headers: { 'x-visitor-id': 'AAAAAAAAAAAAAAAAAAAAAA' },
    });
    expectRefusal(answer, 400);
  });
});

describe('spending a token', () => {
  it('two redemptions of one token at the same instant: only one gets the code', () => {
    const session = 'demo-shopper';
    const { token } = mintTransfer(sandbox.db, session, new Date());
    const now = new Date();
    const results = [redeemTransfer(sandbox.db, token, now), redeemTransfer(sandbox.db, token, now)];
    expect(results.filter((code) => code === session)).toHaveLength(1);
    expect(results).toContain(undefined);
  });

  it('a token is good until its expiry, not after', () => {
    const minted = new Date('2026-01-01T10:00:00.000Z');
    const first = mintTransfer(sandbox.db, 'demo-shopper', minted);
    expect(
      redeemTransfer(sandbox.db, first.token, new Date(minted.getTime() + TRANSFER_LIFETIME_MS - 1)),
    ).toBe('demo-shopper');
    const second = mintTransfer(sandbox.db, 'demo-shopper', minted);
    expect(redeemTransfer(sandbox.db, second.token, new Date(minted.getTime() + TRANSFER_LIFETIME_MS))).toBe(
      undefined,
    );
  });
});

describe('a backend without the chat app’s extensions (SANDBOX_CHAT_APP=off)', () => {
  it('has no transfer calls: both are 404', async () => {
    const off = await startTestSandbox({ chatApp: false });
    try {
      expectRefusal(await off.post('/api/session/transfer', undefined, { session: 'demo-shopper' }), 404);
      expectRefusal(await off.post('/api/session/transfer/redeem', { token: 'A'.repeat(43) }), 404);
    } finally {
      await off.close();
    }
  });
});
