// Path parameters in the log, whatever the backend says: a backend (or a gateway in front of it) that
// answers 200 with a valid envelope to everything takes any product id, collection id or media file
// name, so a call that succeeds proves nothing about what stood in its path. 1,000 generated secrets
// (CPFs, session codes, tokens, card numbers) go in the parameters the log may show; none of them
// reaches the log in any form, and each line still says which product it was about: a keyed hash,
// the same for the same value.
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { startTestBff } from '@tests/server-harness.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLuhnValid } from '../../log-mask.ts';
import { call, cleanupList, say, sleep } from './kit.ts';

const SECRETS = 1_000;
/** Calls sent a second time, to see their hash again. */
const REPEATED = 200;
const CONCURRENCY = 8;
const SEED = Number(process.env.ATTACK_LOG_SEED ?? 20_261_201);

const cleanups = cleanupList();
let bff: Awaited<ReturnType<typeof startTestBff>>;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

beforeAll(async () => {
  // The backend answers 200 with a valid envelope to every call, whatever its path.
  const body = JSON.stringify({ success: true, data: { items: [] }, errors: [] });
  const upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  cleanups.add(
    () =>
      new Promise<void>((resolve) => {
        upstream.closeAllConnections();
        upstream.close(() => resolve());
      }),
  );
  bff = await startTestBff({
    upstreamUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    env: { SANDBOX_ROUTES: 'true', BREAKER_MIN_CALLS: '100000' },
  });
  cleanups.add(() => bff.stop());
  cleanups.add(async () => agent.destroy());
});
afterAll(() => cleanups.run());

// ---------------------------------------------------------------------------------------------
// Secrets that fit a path parameter's rule (PATH_ID_PATTERN, 80 characters for a media file)

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const chars = (alphabet: string, length: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const BASE64URL = `${ALNUM}_-`;

function cpfOf(nine: string): string {
  const all = [...nine].map(Number);
  for (const weight of [10, 11]) {
    const sum = all.reduce((total, d, i) => total + d * (weight - i), 0);
    all.push(((sum * 10) % 11) % 10);
  }
  return all.join('');
}
const cpf = fc
  .tuple(
    digits(9, 9).filter((nine) => !/^(\d)\1+$/.test(nine)),
    fc.boolean(),
  )
  .map(([nine, formatted]) => {
    const value = cpfOf(nine);
    return formatted
      ? `${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}-${value.slice(9)}`
      : value;
  });

const withCheckDigit = (body: string) => {
  for (let d = 0; d <= 9; d++) if (isLuhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
};
const card = fc
  .tuple(fc.integer({ min: 13, max: 19 }), fc.constantFrom('4', '5', '3', '6'), digits(18, 18), fc.boolean())
  .map(([length, first, rest, grouped]) => {
    const number = withCheckDigit(first + rest.slice(0, length - 2));
    return grouped ? (number.match(/.{1,4}/g) ?? [number]).join('-') : number;
  });

const sessionCode = fc
  .tuple(fc.constantFrom('chat', 'wa', 'sess', 'tg'), chars(ALNUM, 18))
  .map(([prefix, rest]) => `${prefix}-${rest}`);

const token = fc.oneof(
  chars('0123456789abcdef', 40),
  chars(ALNUM, 24).map((rest) => `sk_live_${rest}`),
  fc
    .tuple(chars(BASE64URL, 20), chars(BASE64URL, 24))
    .map(([payload, signature]) => `eyJhbGciOiJIUzI1NiJ9.${payload}.${signature}`),
);

type Kind = 'cpf' | 'card' | 'session' | 'token';
type Secret = { kind: Kind; value: string };
const secret: fc.Arbitrary<Secret> = fc.oneof(
  cpf.map((value) => ({ kind: 'cpf' as const, value })),
  card.map((value) => ({ kind: 'card' as const, value })),
  sessionCode.map((value) => ({ kind: 'session' as const, value })),
  token.map((value) => ({ kind: 'token' as const, value })),
);

/** Calls whose template has a parameter the log may show (call-table.ts, LOGGED_PARAMS). */
const TEMPLATES = [
  '/api/catalog/products/{}',
  '/api/catalog/products/collections/{}',
  '/api/sandbox/media/{}',
] as const;

const encodeAll = (text: string) =>
  [...Buffer.from(text)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

type Planned = Secret & { template: (typeof TEMPLATES)[number]; path: string };
const planned: fc.Arbitrary<Planned> = fc
  .tuple(secret, fc.constantFrom(...TEMPLATES), fc.boolean())
  .map(([item, template, encoded]) => ({
    ...item,
    template,
    path: template.replace('{}', encoded ? encodeAll(item.value) : encodeURIComponent(item.value)),
  }));

// ---------------------------------------------------------------------------------------------

type LogLine = { reqId?: string; req?: { route?: string; params?: Record<string, string> } };

/** Each secret as it could be read in the log: as sent, URL-encoded, or its digits joined. */
function leaked(logText: string, joinedDigits: string, { kind, value }: Secret): boolean {
  const lower = logText.toLowerCase();
  if (kind === 'cpf' || kind === 'card') return joinedDigits.includes(value.replace(/\D/g, ''));
  return [value, encodeURIComponent(value), encodeAll(value)].some((form) =>
    lower.includes(form.toLowerCase()),
  );
}

async function sendAll(items: Planned[]) {
  const answers: { item: Planned; status: number; reqId: string }[] = [];
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const item = items[next++] as Planned;
      const answer = await call(bff.url, item.path, { agent });
      answers.push({ item, status: answer.status, reqId: requestIdOf(answer.headers) });
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return answers;
}
const countBy = (values: (string | number)[]) =>
  values.reduce<Record<string, number>>((counts, value) => {
    counts[value] = (counts[value] ?? 0) + 1;
    return counts;
  }, {});
const requestIdOf = (headers: IncomingHttpHeaders) => String(headers['x-request-id'] ?? '');

describe('a path parameter never reaches the log, whatever the backend answers', () => {
  it(`${SECRETS} CPFs, session codes, tokens and card numbers as product, collection and media ids, all answered 200: none of them in the log, each line with the same hash for the same id`, {
    timeout: 40_000,
  }, async () => {
    const items = fc.sample(planned, { numRuns: SECRETS, seed: SEED });
    for (const item of items) if (item.kind === 'cpf') expect(isValidCpf(item.value), item.value).toBe(true);
    const linesBefore = bff.logs.lines.length;
    const answers = [...(await sendAll(items)), ...(await sendAll(items.slice(0, REPEATED)))];
    // A call's line is written as its answer finishes: wait until the count stops growing.
    let count = -1;
    while (count !== bff.logs.lines.length) {
      count = bff.logs.lines.length;
      await sleep(100);
    }
    const logText = bff.logs.lines.slice(linesBefore).join('');
    const lines = logText
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
    const byId = new Map(lines.map((line) => [line.reqId, line]));

    // '123.456.789-09' and '4111-1111-1111-1111' read as their digits.
    const joinedDigits = logText.replace(/(\d)(?:[\s./+-]|%20|%2[DdEeFf])+(?=\d)/g, '$1');
    const found = items.filter((item) => leaked(logText, joinedDigits, item));
    const masked = logText.match(/\d{6}\*{3,9}\d{4}/g) ?? [];
    const byKind = (list: Planned[]) => JSON.stringify(countBy(list.map((item) => item.kind)));
    say(
      `path params: ${answers.length} calls (${SECRETS} secrets ${byKind(items)}, ${REPEATED} sent twice), ` +
        `statuses ${JSON.stringify(countBy(answers.map((answer) => answer.status)))}; ` +
        `${lines.length} lines; in the log: ${found.length} ${byKind(found)}; masked card numbers ${masked.length}`,
    );
    for (const item of found.slice(0, 5)) say(`path params leak: ${item.kind} ${item.value}`);

    // Every call went through and was logged with its parameter: the backend vouched for all of them.
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(found.map((item) => `${item.kind} ${item.value}`)).toEqual([]);
    // Not even masked: a card number never reached a logger.
    expect(masked).toEqual([]);
    const hashes = new Map<string, Set<string>>();
    for (const { item, reqId } of answers) {
      const params = byId.get(reqId)?.req?.params;
      const shown = Object.values(params ?? {});
      expect(shown, `${item.path} logged as ${JSON.stringify(byId.get(reqId))}`).toEqual([
        expect.stringMatching(/^hmac:[0-9a-f]{12}$/),
      ]);
      const key = item.value;
      hashes.set(key, (hashes.get(key) ?? new Set()).add(shown[0] as string));
    }
    // One id, one hash (each of the repeated ones was logged twice); two ids, two hashes.
    for (const [value, seen] of hashes) expect([...seen], value).toHaveLength(1);
    const distinct = new Set([...hashes.values()].map((seen) => [...seen][0]));
    expect(distinct.size).toBe(hashes.size);
  });
});
