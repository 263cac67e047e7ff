import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Channel, SESSION_CODE_PATTERN, SessionType } from '../contract.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { wholeDatabaseText } from '../testing/dump.ts';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(() => sandbox.close());

const newVisitorId = () => randomBytes(16).toString('base64url');
/** A call of the anonymous session as the BFF makes it for one browser. */
const as = (visitorId: string) => ({ session: 'anonymous-session', headers: { 'x-visitor-id': visitorId } });

const currentOrder = async (visitorId: string) =>
  expectData('getCurrentOrder', await sandbox.get('/api/order/current', as(visitorId)));
const addItem = async (visitorId: string, providerId = '1001', quantity = 2) =>
  expectData(
    'updateOrderItem',
    await sandbox.post('/api/order/items/', { providerId, quantity }, as(visitorId)),
  );
const openedSession = async (visitorId: string) =>
  expectData('getSession', await sandbox.get('/api/session/anonymous-session', as(visitorId)));
const visitorSessionCodes = () =>
  sandbox.db
    .prepare<[], { code: string }>(
      "SELECT code FROM sessions WHERE code LIKE 'anonymous-session-visitante-%'",
    )
    .all()
    .map((row) => row.code);

/** A raw GET of the current order with these header lines, as written: fetch refuses control characters. */
function rawCall(headerLines: string[]): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        [
          'GET /api/order/current HTTP/1.1',
          `Host: ${hostname}`,
          'Authorization: Bearer anonymous-session',
          ...headerLines,
          'Connection: close',
          '',
          '',
        ].join('\r\n'),
        'latin1',
      );
    });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('end', () => {
      const at = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        body: at === -1 ? '' : text.slice(at + 4),
      });
    });
    socket.on('error', reject);
  });
}

describe('anonymous visitors in the sandbox (X-Visitor-Id)', () => {
  it('two visitors without a code each get an order of their own', async () => {
    const a = newVisitorId();
    const b = newVisitorId();
    const ordered = await addItem(a, '1001', 2);
    expect(ordered.items.map((item) => item.providerId)).toEqual(['1001']);
    const other = await currentOrder(b);
    expect(other.items).toEqual([]);
    expect(other.id).not.toBe(ordered.id);
    // B's own change stays B's.
    await addItem(b, '1008', 1);
    expect((await currentOrder(a)).items.map((item) => item.providerId)).toEqual(['1001']);
    expect((await currentOrder(b)).items.map((item) => item.providerId)).toEqual(['1008']);
  });

  it('a visitor finds the same order on every call', async () => {
    const visitor = newVisitorId();
    const first = await addItem(visitor);
    const again = await currentOrder(visitor);
    expect(again.id).toBe(first.id);
    expect(again.items).toHaveLength(1);
    expect((await openedSession(visitor)).userShop?.id).toBe((await openedSession(visitor)).userShop?.id);
    expect(visitorSessionCodes()).toHaveLength(1);
  });

  it('a new visitor starts with an empty cart, whatever the shared demo session holds', async () => {
    // Somebody calling anonymous-session directly put an item in the shared demo cart.
    expectData(
      'updateOrderItem',
      await sandbox.post(
        '/api/order/items/',
        { providerId: '1001', quantity: 1 },
        { session: 'anonymous-session' },
      ),
    );
    const order = await currentOrder(newVisitorId());
    expect(order.items).toEqual([]);
    expect(order.totalAmout).toBe(0);
  });

  it('opens as a web chat contact of its own, anonymous, on the seeded shop', async () => {
    const a = await openedSession(newVisitorId());
    const b = await openedSession(newVisitorId());
    const shared = expectData('getSession', await sandbox.get('/api/session/anonymous-session'));
    expect(a.sessionType).toBe(SessionType.Contact);
    expect(a.channelType).toBe(Channel.WebChat);
    expect(a.channelId).toBe(shared.channelId);
    expect(a.userShop?.addresses).toEqual([]);
    expect(a.userShop?.customer?.name).toBe('');
    const ids = [a.userShop?.id, b.userShop?.id, shared.userShop?.id];
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toContain('anonymous');
  });

  it("a visitor's order reads as anonymous (userId holds 'anonymous', isAnonymousUser)", async () => {
    const order = await addItem(newVisitorId());
    expect(order.userId).toContain('anonymous');
    expect(order.isAnonymousUser).toBe(true);
  });

  it('what one visitor types as their contact data never shows to another', async () => {
    const a = newVisitorId();
    const b = newVisitorId();
    const update = await sandbox.post(
      '/api/customer/update',
      {
        name: 'Mariana Souza Oliveira',
        email: 'mariana.oliveira@exemplo.com.br',
        document: '529.982.247-25',
      },
      as(a),
    );
    expect(update.status, update.text).toBe(200);
    expect((await openedSession(a)).userShop?.customer?.name).toBe('Mariana Souza Oliveira');
    expect((await openedSession(b)).userShop?.customer?.name).toBe('');
    const shared = expectData('getSession', await sandbox.get('/api/session/anonymous-session'));
    expect(shared.userShop?.customer?.name).toBe('');
  });

  it('keeps only a one-way hash of the visitor id, and no visitor session answers to its stored code', async () => {
    const visitor = newVisitorId();
    const order = await addItem(visitor);
    expect(wholeDatabaseText(sandbox.db)).not.toContain(visitor);
    const [code] = visitorSessionCodes();
    if (!code) throw new Error('no visitor session stored');
    // Within the code rules of every call that reads a code, and unlike any seeded or copied code.
    expect(code).toMatch(SESSION_CODE_PATTERN);
    expect(code).toMatch(/^anonymous-session-visitante-[0-9a-f]{32}$/);
    // The key is not on the wire: neither the contact's id nor the order's userId carries it.
    const key = code.slice('anonymous-session-visitante-'.length);
    expect(JSON.stringify(order)).not.toContain(key);
    expect(JSON.stringify(await openedSession(visitor))).not.toContain(key);
    // The stored code is no credential: only the visitor id reaches the session.
    expectRefusal(await sandbox.get('/api/order/current', { session: code }), 401);
    expectRefusal(await sandbox.get(`/api/session/${code}`), 404);
  });

  it('a copy of the anonymous demo (/api/sandbox/sessions) and a visitor session never share a code or a contact', async () => {
    const copied = await fetch(`${sandbox.url}/api/sandbox/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'anonymous-session' }),
    });
    const { data } = (await copied.json()) as { data: { code: string } };
    expect(data.code).toMatch(/^anonymous-session-[0-9a-f]{8}$/);
    await addItem(newVisitorId());
    const [visitorCode] = visitorSessionCodes();
    expect(visitorCode).not.toBe(data.code);
    const contacts = sandbox.db
      .prepare<[], { id: string }>("SELECT id FROM user_shops WHERE id LIKE 'anonymous-webchat-0001%'")
      .all()
      .map((row) => row.id);
    expect(contacts).toEqual(
      expect.arrayContaining([
        'anonymous-webchat-0001',
        expect.stringMatching(/^anonymous-webchat-0001-[0-9a-f]{8}$/),
        expect.stringMatching(/^anonymous-webchat-0001-visitante-[0-9a-f]{16}$/),
      ]),
    );
  });

  it('without a visitor header, anonymous-session is the seeded demo session, shared by direct callers', async () => {
    const first = expectData(
      'getCurrentOrder',
      await sandbox.get('/api/order/current', { session: 'anonymous-session' }),
    );
    const second = expectData(
      'getCurrentOrder',
      await sandbox.get('/api/order/current', { session: 'anonymous-session' }),
    );
    expect(second.id).toBe(first.id);
    expect(visitorSessionCodes()).toEqual([]);
  });

  it('a visitor header beside any other session changes nothing', async () => {
    const visitor = newVisitorId();
    const shopper = expectData(
      'getCurrentOrder',
      await sandbox.get('/api/order/current', {
        session: 'demo-shopper',
        headers: { 'x-visitor-id': visitor },
      }),
    );
    expect(shopper.items).toHaveLength(2);
    expect(shopper.userId).not.toContain('anonymous');
    expect(visitorSessionCodes()).toEqual([]);
  });
});

describe('a hostile X-Visitor-Id', () => {
  it('a malformed one is a 400 with a Portuguese message, never the shared order', async () => {
    const valid = newVisitorId();
    const hostile = [
      '',
      'a'.repeat(21),
      'a'.repeat(23),
      'a'.repeat(5_000),
      // Percent-encoded, standard base64 (+ / =), a space inside, a second header joined by Node.
      `%41${valid.slice(3)}`,
      `${'A'.repeat(20)}+/`,
      `${valid.slice(0, 20)}==`,
      `${valid.slice(0, 11)} ${valid.slice(12)}`,
      `${valid}, ${newVisitorId()}`,
    ];
    for (const value of hostile) {
      for (const path of ['/api/order/current', '/api/session/anonymous-session']) {
        const answer = await sandbox.get(path, {
          session: 'anonymous-session',
          headers: { 'x-visitor-id': value },
        });
        const error = expectRefusal(answer, 400);
        expect(error.message).toMatch(/visitante/);
        // Never echoed back.
        if (value) expect(answer.text).not.toContain(value);
      }
    }
    expect(visitorSessionCodes()).toEqual([]);
  });

  it('control characters and bytes beyond ASCII never crash it: a 400, never a 5xx', async () => {
    const valid = newVisitorId();
    for (const value of [
      `${valid.slice(0, 10)}\x01${valid.slice(11)}`,
      `${valid.slice(0, 10)}\x7f${valid.slice(11)}`,
      `${valid.slice(0, 10)}\t${valid.slice(11)}`,
      `${valid.slice(0, 10)}é${valid.slice(12)}`,
      `${valid.slice(0, 21)}\x00`,
    ]) {
      const { status } = await rawCall([`X-Visitor-Id: ${value}`]);
      // Node's parser refuses control characters itself; a tab or a latin-1 byte reaches our check.
      expect(status, JSON.stringify(value)).toBe(400);
    }
    // Two headers of its own, sent as written: joined, hence malformed.
    const twice = await rawCall([`X-Visitor-Id: ${valid}`, `X-Visitor-Id: ${newVisitorId()}`]);
    expect(twice.status).toBe(400);
    expect(visitorSessionCodes()).toEqual([]);
  });

  it("another case of a visitor's id is another visitor: it never reaches the first one's order", async () => {
    const visitor = `${'aB'.repeat(10)}cD`;
    const mine = await addItem(visitor);
    for (const other of [visitor.toLowerCase(), visitor.toUpperCase(), `${'Ab'.repeat(10)}Cd`]) {
      const order = await currentOrder(other);
      expect(order.id).not.toBe(mine.id);
      expect(order.items).toEqual([]);
    }
    expect((await currentOrder(visitor)).items).toHaveLength(1);
  });

  it('surrounding spaces are not part of a header value: the same visitor', async () => {
    const visitor = newVisitorId();
    const mine = await addItem(visitor);
    const spaced = await rawCall([`X-Visitor-Id:   ${visitor}   `]);
    expect(spaced.status).toBe(200);
    expect((JSON.parse(spaced.body) as { data: { id: string } }).data.id).toBe(mine.id);
  });
});
