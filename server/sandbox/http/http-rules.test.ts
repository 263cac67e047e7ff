import { Writable } from 'node:stream';
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '../testing/answers.ts';

// Everything the sandbox logs goes into this buffer, so a test can prove no session code is in it.
let logged = '';
const logger = pino(
  { level: 'trace' },
  new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  }),
);

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ logger });
});
afterAll(() => sandbox.close());

const PROTECTED = [
  '/api/shop/settings',
  '/api/catalog/categories?perPage=50',
  '/api/catalog/top?pageNumber=0&perPage=10&pageToken=',
  '/api/order/current',
];

describe('session-scoped calls', () => {
  it.each(PROTECTED)('refuses %s without a bearer with 401 and a Portuguese message', async (path) => {
    const error = expectRefusal(await sandbox.get(path), 401);
    expect(error.message).toMatch(/Sessão/);
  });

  it.each(PROTECTED)('refuses %s with an unknown bearer with 401', async (path) => {
    const answer = await sandbox.get(path, { session: 'sessao-desconhecida' });
    const error = expectRefusal(answer, 401);
    expect(error.message).toMatch(/Sessão inválida ou expirada/);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    expect(answer.text).not.toContain('sessao-desconhecida');
  });

  it.each([
    ['a Basic credential', 'Basic ZGVtby1zaG9wcGVyOg=='],
    ['a bearer without a code', 'Bearer '],
    ['the code without the scheme', 'demo-shopper'],
    ['a code with spaces', 'Bearer demo shopper'],
    ['a huge code', `Bearer ${'x'.repeat(4000)}`],
  ])('refuses %s with 401', async (_label, authorization) => {
    expectRefusal(await sandbox.get('/api/order/current', { headers: { authorization } }), 401);
  });

  it('accepts the scheme in any case, as HTTP says', async () => {
    const answer = await sandbox.get('/api/order/current', {
      headers: { authorization: 'bearer demo-shopper' },
    });
    expect(answer.status).toBe(200);
  });
});

describe('HTTP rules every call follows', () => {
  it('answers an unknown path under /api with a 404 envelope', async () => {
    expectRefusal(await sandbox.get('/api/nada/por/aqui'), 404);
    expectRefusal(await sandbox.get('/api/order/nada', { session: 'demo-shopper' }), 404);
    expectRefusal(await sandbox.post('/api/shop/settings', {}, { session: 'demo-shopper' }), 404);
  });

  it('answers a malformed JSON body with a 400 envelope', async () => {
    const answer = await sandbox.post('/api/order/items/', '{"providerId": "1001", quantity: }', {
      session: 'demo-shopper',
    });
    const error = expectRefusal(answer, 400);
    expect(error.message).toMatch(/JSON/);
  });

  it('answers a JSON body that is too large with a 413 envelope', async () => {
    const body = JSON.stringify({ preferences: 'x'.repeat(200_000) });
    expectRefusal(await sandbox.post('/api/order/items/', body, { session: 'demo-shopper' }), 413);
  });

  it('marks API answers as not cacheable and does not advertise Express', async () => {
    const answer = await sandbox.get('/api/order/current', { session: 'demo-shopper' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-powered-by')).toBeNull();
  });

  it('answers a real bug with a 500 envelope without stack, and logs it without the session code', async () => {
    const broken = await startTestSandbox({ logger });
    try {
      broken.db.close();
      const answer = await broken.get('/api/shop/settings', { session: 'demo-shopper' });
      // The session lookup itself fails: the database is closed.
      const error = expectRefusal(answer, 500);
      expect(error.type).toBe('error');
      expect(answer.text).not.toMatch(/at \S+\.ts|node_modules|database connection/i);
      expect(logged).toContain('sandbox: erro inesperado');
    } finally {
      await broken.close();
    }
  });

  it('never writes a session code to its log', async () => {
    for (const session of ['demo-shopper', 'demo-operator', 'anonymous-session', 'no-shop-session']) {
      await sandbox.get(`/api/session/${session}`);
      for (const path of PROTECTED) await sandbox.get(path, { session });
    }
    for (const code of ['demo-shopper', 'demo-operator', 'anonymous-session', 'no-shop-session']) {
      expect(logged).not.toContain(code);
    }
  });
});
