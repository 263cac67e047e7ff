// One broad shopper and operator scenario through the real BFF in front of the real sandbox, with
// every log line of both captured at trace level: sessions opened from demo codes, the order read and
// changed, the customer updated with a CPF and then a CNPJ, a coupon, card payments declined and
// approved (with security codes), a Tray store linked with its authorization code and chatbot token,
// a visitor without a code (the BFF's visitor id), and client-set Cookie, Authorization and
// X-Visitor-Id headers. The logs hold none of those values: no session code, no visitor id, no card
// number (plain or grouped), no security code as a value, no CPF or CNPJ (formatted, bare or masked),
// no Tray code or token, no cookie or Authorization value; the metrics neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import {
  CapturedLogs,
  startTestBff,
  startTestSandbox,
  type TestSandbox,
} from '../../tests/server-harness.ts';
import { createLogger } from './logger.ts';

const SESSION_CODES = ['demo-shopper', 'demo-operator'];
const CARDS = { declined: '4000000000009995', approved: '4111111111111111' };
const SECURITY_CODES = ['739', '4821'];
const CPF = { formatted: '935.411.347-80', digits: '93541134780' };
const CNPJ = { formatted: '11.222.333/0001-81', digits: '11222333000181' };
const TRAY = { code: 'c0d1g0-tray-logs-7781', token: 'token-do-chatbot-logs-5523' };
const AUTHORIZATION = 'Bearer autorizacao-do-cliente-9931';
const FOREIGN_COOKIE = 'sf_s_forjado=cookie-forjado-4417';
/** A caller posing as another visitor: never forwarded, never logged. */
const POSED_VISITOR_ID = 'VisitanteForjado881234';
const METRICS_TOKEN = 'token-de-metricas-dos-logs';

let sandbox: TestSandbox;
let bff: Awaited<ReturnType<typeof startTestBff>>;
const sandboxLogs = new CapturedLogs();
const statuses: string[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox({ logger: createLogger('trace', sandboxLogs) });
  bff = await startTestBff({
    upstreamUrl: sandbox.url,
    env: { LOG_LEVEL: 'trace', METRICS_TOKEN },
  });
});
afterAll(async () => {
  await bff?.stop();
  await sandbox?.close();
});

type Tab = { headers: Record<string, string>; cookie: string };
/** The visitor id the BFF gave the browser without a code (its HttpOnly cookie). */
let visitorId = '';

async function call(tab: Tab | undefined, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {
    ...(tab?.headers ?? {}),
    // What a hostile or careless client adds: never forwarded, never logged.
    authorization: AUTHORIZATION,
    'x-visitor-id': POSED_VISITOR_ID,
    cookie: [tab?.cookie, FOREIGN_COOKIE].filter(Boolean).join('; '),
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${bff.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  statuses.push(`${method} ${path.split('?')[0]} ${response.status}`);
  return response;
}

async function openTab(code: string): Promise<Tab> {
  const response = await call(undefined, 'POST', '/api/session', { code });
  expect(response.status).toBe(200);
  const handle = response.headers.get(SESSION_HANDLE_HEADER) ?? '';
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .join('; ');
  return { headers: { [SESSION_HANDLE_HEADER]: handle }, cookie };
}

const card = (number: string, securityCode: string) => ({
  providerId: 'cartao-loja',
  installments: 2,
  number,
  name: 'TITULAR DOS LOGS',
  securityCode,
  expiryMonth: '12',
  expiryYear: String(new Date().getUTCFullYear() + 3),
  document: CPF.formatted,
  zipCode: '01310-200',
  address: 'Avenida Paulista',
  addressNumber: '1578',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
});

const allLines = () =>
  [...bff.logs.lines, ...sandboxLogs.lines].flatMap((chunk) => chunk.split('\n')).filter(Boolean);

/** Every string and number of a parsed log line, keys included, with the key each sits under. */
function* values(value: unknown, key = ''): Generator<{ key: string; value: string | number }> {
  if (Array.isArray(value)) {
    for (const item of value) yield* values(item, key);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      yield { key: k, value: k };
      yield* values(v, k);
    }
  } else if (typeof value === 'string' || typeof value === 'number') {
    yield { key, value };
  }
}

/** pino's and the request log's own numbers (a 739 ms response time is not a security code). */
const OWN_NUMBERS = new Set(['time', 'level', 'responseTime', 'statusCode', 'pid']);

describe('the logs of a whole scenario reveal nothing', () => {
  it('runs the scenario through the BFF and the sandbox', { timeout: 20_000 }, async () => {
    const shopper = await openTab('demo-shopper');
    const operator = await openTab('demo-operator');
    const visitor = await openTab('anonymous-session');
    visitorId = /__Host-sf_v=([^;]+)/.exec(visitor.cookie)?.[1] ?? '';
    expect(visitorId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const tab of [shopper, operator, visitor]) {
      expect((await call(tab, 'GET', '/api/order/current')).status).toBe(200);
      await call(tab, 'POST', '/api/order/items/', { providerId: '1008', quantity: 3 });
      await call(tab, 'GET', '/api/order/current');
    }
    // The customer with a CPF, then as a company with a CNPJ; bare digits too.
    await call(shopper, 'POST', '/api/customer/update', {
      name: 'Cliente dos Logs',
      email: 'cliente.logs@example.com',
      document: CPF.formatted,
    });
    await call(operator, 'POST', '/api/customer/update', {
      name: 'Operadora dos Logs',
      email: 'op.logs@example.com',
      document: CPF.digits,
    });
    await call(operator, 'POST', '/api/customer/update', {
      name: 'Operadora dos Logs',
      email: 'op.logs@example.com',
      isCorporate: true,
      corporateName: 'Empresa dos Logs Ltda',
      corporateDocument: CNPJ.formatted,
    });
    await call(shopper, 'POST', '/api/customer/update', {
      isCorporate: true,
      corporateDocument: CNPJ.digits,
    });
    // The visitor identifies, with the same CPF.
    await call(visitor, 'POST', '/api/customer/update', {
      name: 'Visitante dos Logs',
      email: 'visitante.logs@example.com',
      document: CPF.formatted,
    });
    await call(visitor, 'GET', '/api/session');
    // The visitor's tab after its cookie was cleared: refused, still nothing.
    await call(
      { headers: visitor.headers, cookie: visitor.cookie.replace(/__Host-sf_v=[^;]+/, '') },
      'GET',
      '/api/order/current',
    );
    await call(shopper, 'POST', '/api/order/coupon/?coupon=BEMVINDO10');
    // A decline first (the security code a 4-digit one), then an approval; numbers grouped too.
    const pay = (tab: Tab, number: string, code: string) =>
      call(tab, 'POST', '/api/order/payment/credit', card(number, code));
    expect((await pay(shopper, CARDS.declined, SECURITY_CODES[1] as string)).status).toBe(402);
    await pay(shopper, '4000 0000 0000 9995', SECURITY_CODES[0] as string);
    expect((await pay(shopper, CARDS.approved, SECURITY_CODES[0] as string)).status).toBe(200);
    await pay(operator, '4111-1111-1111-1111', SECURITY_CODES[1] as string);
    // A session code in a query string and in a resumed session (cookie only).
    await call(undefined, 'GET', `/api/session?code=${SESSION_CODES[0]}`);
    await call({ headers: {}, cookie: shopper.cookie }, 'GET', '/api/session');
    // The Tray link: authorization code and chatbot token in the body, the code in a query string too.
    const linked = await call(undefined, 'POST', '/tray/link-store', {
      admUser: '7',
      code: TRAY.code,
      apiAddress: 'https://www.lojadoze.com.br/web_api',
      storeHost: 'https://www.lojadoze.com.br',
      store: '391250',
      chatbotId: 'chatbot-7781',
      chatbotToken: TRAY.token,
    });
    expect(linked.status).toBe(200);
    await call(undefined, 'GET', `/tray/link-store/391250?code=${TRAY.code}&token=${TRAY.token}`);
    // A failing call logs an error line: still nothing.
    await call(
      shopper,
      'POST',
      '/api/order/payment/credit',
      '{"number":"4111111111111111","securityCode":"739"',
    );

    // The request log writes its line when the answer is finished: wait until every call is logged.
    const until = Date.now() + 2_000;
    while (bff.logs.lines.filter((l) => l.includes('request completed')).length < statuses.length) {
      if (Date.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    process.stdout.write(
      `logs scenario: ${statuses.length} calls, ${allLines().length} log lines (BFF ${bff.logs.lines.length}, sandbox ${sandboxLogs.lines.length})\n${statuses.join('\n')}\n`,
    );
    expect(bff.logs.lines.length).toBeGreaterThanOrEqual(statuses.length);
  });

  it('logs every line as JSON', () => {
    for (const line of allLines()) expect(() => JSON.parse(line), line).not.toThrow();
  });

  it('logs no session code, visitor id, Tray code or token, cookie or Authorization value', () => {
    const text = allLines().join('\n');
    expect(visitorId).not.toBe('');
    for (const secret of [
      ...SESSION_CODES,
      'anonymous-session',
      visitorId,
      POSED_VISITOR_ID,
      'sf_v',
      TRAY.code,
      TRAY.token,
      'cookie-forjado-4417',
      'autorizacao-do-cliente-9931',
      'Bearer',
      'TITULAR DOS LOGS',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('logs no card number, plain, grouped or masked', () => {
    const text = allLines().join('\n');
    const joined = text.replace(/(\d)[ -](?=\d)/g, '$1');
    for (const number of Object.values(CARDS)) expect(joined).not.toContain(number);
    expect(text).not.toMatch(/\d{6}\*{3,9}\d{4}/);
  });

  it('logs no security code as a value and no card or document field', () => {
    for (const line of allLines()) {
      for (const { key, value } of values(JSON.parse(line))) {
        if (typeof value === 'number') {
          if (!OWN_NUMBERS.has(key)) expect(SECURITY_CODES, `${key} in ${line}`).not.toContain(String(value));
          continue;
        }
        expect([
          'securityCode',
          'number',
          'document',
          'corporateDocument',
          'chatbotToken',
          'code',
        ]).not.toContain(value);
        for (const token of value.match(/(?<![\w*])\d{3,4}(?![\w*])/g) ?? []) {
          expect(SECURITY_CODES, `${token} under ${key} in ${line}`).not.toContain(token);
        }
      }
    }
  });

  it('logs no CPF or CNPJ, formatted, bare or masked', () => {
    for (const line of allLines()) {
      for (const { value } of values(JSON.parse(line))) {
        const digits = String(value).replace(/[.\-/ *]/g, '');
        for (const part of ['93541134780', '411347', '11222333000181', '222333', '000181']) {
          expect(digits.includes(part), `${part} in ${line}`).toBe(false);
        }
      }
    }
  });

  it('the metrics name no session code or visitor id', async () => {
    const metrics = await fetch(`${bff.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await metrics.text();
    expect(text).toContain('bff_calls_total');
    for (const secret of [...SESSION_CODES, 'anonymous-session', visitorId, POSED_VISITOR_ID]) {
      expect(text, secret).not.toContain(secret);
    }
  });
});
