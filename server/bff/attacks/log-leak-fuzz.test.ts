// Log-leak fuzz: 1,000 generated requests carrying secrets (Luhn-valid card numbers plain, spaced,
// hyphenated or %20-separated; CPFs formatted and bare; session codes; JWT-looking bearer tokens; Tray
// authorization codes) in paths (any case, double slashes, encoded, malformed %), queries, headers
// (x-request-id, user-agent, referer, authorization, cookie) and bodies, through the real BFF in front
// of the real sandbox, logging at trace level. None of those secrets appears in the BFF's log in any
// form (digits compared with their separators stripped), and no card number was masked either: none
// should ever have reached a logger.

import { startTestBff, startTestSandbox } from '@tests/server-harness.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLuhnValid } from '../../log-mask.ts';
import { cookieNameFor, handleForCode } from '../session.ts';
import { call, cleanupList, openTab, say, sleep, type Tab } from './kit.ts';

const REQUESTS = 1_000;
const CONCURRENCY = 8;
/** A fixed seed keeps the run reproducible; set ATTACK_LOG_SEED to explore others. */
const SEED = Number(process.env.ATTACK_LOG_SEED ?? 20_261_126);

const cleanups = cleanupList();
let bff: Awaited<ReturnType<typeof startTestBff>>;
/** A real tab (a seeded session): the calls that carry it go all the way and succeed. */
let tab: Tab = {};

beforeAll(async () => {
  const sandbox = await startTestSandbox();
  cleanups.add(() => sandbox.close());
  bff = await startTestBff({
    upstreamUrl: sandbox.url,
    env: {
      LOG_LEVEL: 'trace',
      // Far above what 1,000 calls from one address need: every request goes as far as it can.
      RATE_LIMIT_SESSION_OPENS_PER_MIN: '100000',
      RATE_LIMIT_CARD_PAYMENTS_PER_MIN: '100000',
      RATE_LIMIT_COUPONS_PER_MIN: '100000',
      RATE_LIMIT_TRAY_LINKS_PER_MIN: '100000',
      BREAKER_MIN_CALLS: '100000',
    },
  });
  cleanups.add(() => bff.stop());
  tab = await openTab(bff.url, 'demo-shopper');
});
afterAll(() => cleanups.run());

// ---------------------------------------------------------------------------------------------
// Secrets

const digitString = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

const withCheckDigit = (body: string) => {
  for (let d = 0; d <= 9; d++) if (isLuhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
};
const card = fc
  .integer({ min: 13, max: 19 })
  .chain((length) => fc.tuple(fc.constantFrom('4', '5', '3', '6'), digitString(length - 2, length - 2)))
  .map(([first, rest]) => withCheckDigit(first + rest));

function cpfOf(nine: string): string {
  const digits = [...nine].map(Number);
  for (const weight of [10, 11]) {
    const sum = digits.reduce((total, d, i) => total + d * (weight - i), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join('');
}
const cpf = digitString(9, 9)
  .filter((nine) => !/^(\d)\1+$/.test(nine))
  .map(cpfOf);

const alnum = (length: number) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
    minLength: length,
    maxLength: length,
  });
const base64url = (text: string) => Buffer.from(text).toString('base64url');

const sessionCode = fc
  .tuple(fc.constantFrom('chat', 'wa', 'sess', 'tg'), alnum(18))
  .map(([prefix, rest]) => `${prefix}-${rest}`);
const jwt = fc
  .tuple(alnum(12), fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }), alnum(43))
  .map(
    ([sub, exp, signature]) =>
      `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify({ sub, exp, role: 'shopper' }))}.${signature}`,
  );
const trayCode = fc
  .string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 })
  .filter((code) => /[a-f]/.test(code));

type Secret = { kind: 'card' | 'cpf' | 'session' | 'jwt' | 'tray'; value: string };

const secret: fc.Arbitrary<Secret> = fc.oneof(
  { weight: 3, arbitrary: card.map((value) => ({ kind: 'card' as const, value })) },
  { weight: 2, arbitrary: cpf.map((value) => ({ kind: 'cpf' as const, value })) },
  sessionCode.map((value) => ({ kind: 'session' as const, value })),
  jwt.map((value) => ({ kind: 'jwt' as const, value })),
  trayCode.map((value) => ({ kind: 'tray' as const, value })),
);

/** How a secret is written: cards grouped or not, CPFs formatted or bare, the rest as they are. */
function spelled(item: Secret, style: number): string {
  const { kind, value } = item;
  if (kind === 'card') {
    const groups = value.match(/.{1,4}/g) ?? [value];
    return [value, groups.join(' '), groups.join('-'), groups.join('%20')][style % 4] ?? value;
  }
  if (kind === 'cpf') {
    const formatted = `${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}-${value.slice(9)}`;
    return [value, formatted][style % 2] ?? value;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Requests

const PATH_TEMPLATES = [
  '/api/catalog/products/{}',
  '/api/catalog/products/collections/{}',
  '/api/catalog/products/byids/1008,{}',
  '/api/order/address/cep/{}',
  '/tray/link-store/{}',
  '/api/session/{}',
  '/api/order/payment/credit/{}',
  '/api/nada/{}',
];

const encodeAll = (text: string) =>
  [...Buffer.from(text)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
/** Path text node:http sends as is. */
const pathSafe = (text: string) => text.replace(/ /g, '%20');

function inPath(template: string, value: string, variant: number): string {
  const v = pathSafe(value);
  switch (variant % 7) {
    case 0:
      return template.replace('{}', v);
    case 1:
      return template.replace('{}', v).toUpperCase();
    case 2:
      return `/${template.replace('{}', v).replace(/\//g, '//')}`;
    case 3:
      return template.replace('{}', encodeAll(value));
    case 4:
      return template.replace('{}', `${v}%ZZ`);
    case 5:
      return template.replace('{}', `%${v}%E0%A4%A`);
    default:
      return template.replace('{}', v).replace('/api/', '/api//');
  }
}

type Placement = 'path' | 'query' | 'header' | 'body';
const HEADER_NAMES = ['x-request-id', 'user-agent', 'referer', 'authorization', 'cookie', 'session-cookie'];

type Planned = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  secrets: Secret[];
};

const planned = fc
  .record({
    secrets: fc.array(
      fc.tuple(secret, fc.constantFrom<Placement>('path', 'query', 'header', 'body'), fc.nat(), fc.nat()),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    template: fc.constantFrom(...PATH_TEMPLATES),
    plainPath: fc.constantFrom(
      '/api/order/current',
      '/api/order/payment/credit',
      '/api/customer/update',
      '/api/catalog/products/search',
      '/api/order/coupon/',
      '/tray/link-store',
      '/api/catalog/top',
      '/api/catalog/products/1008',
      '/api/shop/settings',
    ),
    bodyShape: fc.nat({ max: 3 }),
    withTab: fc.boolean(),
  })
  .map(({ secrets, template, plainPath, bodyShape, withTab }): Planned => {
    let path: string = plainPath;
    const query: string[] = [];
    const headers: Record<string, string> = {};
    const fields: Record<string, string> = {};
    for (const [item, placement, style, variant] of secrets) {
      const text = spelled(item, style);
      if (placement === 'path') path = inPath(template, text, variant);
      else if (placement === 'query') {
        const name = ['q', 'card', 'cpf', 'code', 'token', 'searchQuery', 'coupon'][variant % 7] ?? 'q';
        query.push(variant % 5 === 0 ? pathSafe(text) : `${name}=${encodeURIComponent(text)}`);
      } else if (placement === 'header') {
        const name = HEADER_NAMES[variant % HEADER_NAMES.length] ?? 'user-agent';
        if (name === 'authorization') headers.authorization = `Bearer ${text}`;
        else if (name === 'cookie')
          headers.cookie = `sf_s_AAAAAAAAAAAAAAAAAAAAAA=${encodeURIComponent(text)}; pref=${text.replace(/ /g, '')}`;
        else if (name === 'session-cookie' && /^[A-Za-z0-9._~:+=-]{1,200}$/.test(text)) {
          // A cookie that does belong to its handle: the BFF forwards it as the session's bearer.
          const handle = handleForCode(text);
          const stamp = Math.floor(Date.now() / 1000).toString(36);
          headers['x-session-handle'] = handle;
          headers.cookie = `${cookieNameFor(handle, false)}=${stamp}.${stamp}z.${text}`;
        } else if (name === 'referer') headers.referer = `https://loja.example.com/order?code=${text}`;
        else headers[name === 'session-cookie' ? 'user-agent' : name] = `Mozilla/5.0 ${text}`;
      } else {
        fields[['number', 'document', 'code', 'searchQuery', 'coupon', 'chatbotToken'][variant % 6] ?? 'x'] =
          text;
      }
    }
    const hasBody = Object.keys(fields).length > 0;
    let body: string | undefined;
    if (hasBody) {
      if (bodyShape === 0) body = JSON.stringify(fields);
      else if (bodyShape === 1) body = JSON.stringify({ ...fields, nested: { card: fields } });
      else if (bodyShape === 2) body = JSON.stringify(fields).slice(0, -1);
      else body = Object.values(fields).join(' ');
      headers['content-type'] = bodyShape === 3 ? 'text/plain' : 'application/json';
    }
    const queryText = query.length > 0 ? `${path.includes('?') ? '&' : '?'}${query.join('&')}` : '';
    return {
      method: hasBody ? 'POST' : 'GET',
      path: path + queryText,
      // The tab's own handle and cookie, unless the request carries a cookie of its own.
      headers: withTab && !headers.cookie ? { ...tab, ...headers } : headers,
      body,
      secrets: secrets.map(([item]) => item),
    };
  });

// ---------------------------------------------------------------------------------------------
// Reading the log

/** Digits joined across the separators a number may be written with (space, '.', '-', '/', %20...). */
const joinDigits = (text: string) => text.replace(/(\d)(?:[\s./+-]|%20|%2[DdEeFf]|\\u0020)+(?=\d)/g, '$1');
const MASKED_CARD = /\d{6}\*{3,9}\d{4}/;

function findings(logText: string, secrets: Secret[]): string[] {
  const lower = logText.toLowerCase();
  const joined = joinDigits(logText);
  const found: string[] = [];
  for (const { kind, value } of secrets) {
    if (kind === 'card' || kind === 'cpf') {
      if (joined.includes(value)) found.push(`${kind} ${value}`);
      continue;
    }
    const forms = [value, encodeURIComponent(value), ...value.split('.').filter((part) => part.length >= 12)];
    if (forms.some((form) => lower.includes(form.toLowerCase()))) found.push(`${kind} ${value}`);
  }
  return found;
}

describe('the log reveals none of the secrets sent to the BFF', () => {
  it(`${REQUESTS} generated requests with card numbers, CPFs, session codes, bearer tokens and Tray codes in paths, queries, headers and bodies: 0 of them in the log, and nothing masked`, {
    timeout: 40_000,
  }, async () => {
    const items = fc.sample(planned, { numRuns: REQUESTS, seed: SEED });
    const statuses = new Map<number, number>();
    const linesBefore = bff.logs.lines.length;
    let next = 0;
    const started = performance.now();
    async function worker() {
      while (next < items.length) {
        const item = items[next++] as Planned;
        const answer = await call(bff.url, item.path, {
          method: item.method,
          headers: item.headers,
          body: item.body,
        });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // A call's line is written as its answer finishes: wait until the count stops growing.
    let count = -1;
    while (count !== bff.logs.lines.length) {
      count = bff.logs.lines.length;
      await sleep(100);
    }
    const logText = bff.logs.lines.slice(linesBefore).join('');
    const lines = logText.split('\n').filter(Boolean);
    const secrets = items.flatMap((item) => item.secrets);
    const found = findings(logText, secrets);
    const masked = logText.match(new RegExp(MASKED_CARD.source, 'g')) ?? [];
    const byKind = secrets.reduce<Record<string, number>>((counts, { kind }) => {
      counts[kind] = (counts[kind] ?? 0) + 1;
      return counts;
    }, {});

    say(
      `log leak: ${items.length} requests in ${(performance.now() - started).toFixed(0)} ms carrying ${secrets.length} secrets ${JSON.stringify(byKind)}; ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}; ` +
        `${lines.length} log lines; findings ${found.length}; masked card numbers ${masked.length}`,
    );
    for (const finding of found.slice(0, 10)) say(`log leak finding: ${finding}`);
    for (const mask of [...new Set(masked)].slice(0, 5)) say(`log leak masked: ${mask}`);
    if (found.length > 0 || masked.length > 0) {
      const leakyLine = lines.find(
        (line) => MASKED_CARD.test(line) || found.some((f) => line.includes(f.split(' ')[1] ?? '')),
      );
      if (leakyLine) say(`log leak line: ${leakyLine.slice(0, 400)}`);
    }

    expect(lines.length).toBeGreaterThanOrEqual(REQUESTS);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(found).toEqual([]);
    expect(masked).toEqual([]);
  });
});
