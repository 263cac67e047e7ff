import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import { CookieJar } from '../../tests/cookie-jar.ts';
import {
  openSessionCall,
  startRecordingUpstream,
  startTestBff,
  startTestSandbox,
  type TestSandbox,
} from '../../tests/server-harness.ts';
import { handleForCode } from './session.ts';
import { TRANSFER_REFUSED } from './session-open.ts';

// 'Abrir no navegador' through the BFF (issue 37): a tab in the chat app's webview asks for a
// transfer token; the phone's own browser opens the same session with it, once.

type Bff = Awaited<ReturnType<typeof startTestBff>>;

/** A browser of its own: its cookies, and the handle of the tab it opened. */
class Browser {
  jar = new CookieJar();
  handle = '';
  readonly bff: Bff;
  constructor(bff: Bff) {
    this.bff = bff;
  }

  async openWithCode(code: string) {
    const response = await openSessionCall(this.bff.url, code, { cookie: this.jar.header('/') });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    this.jar.apply(response);
    this.handle = response.headers.get(SESSION_HANDLE_HEADER) ?? '';
  }

  /** POST /api/session with `{ transfer }`, as the `/abrir/<token>` page does. */
  async openWithTransfer(transfer: unknown) {
    const response = await fetch(`${this.bff.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.jar.header('/') },
      body: JSON.stringify({ transfer }),
    });
    const setCookie = response.headers.getSetCookie();
    this.jar.apply(response);
    const handle = response.headers.get(SESSION_HANDLE_HEADER);
    if (handle) this.handle = handle;
    return { status: response.status, body: (await response.json()) as never, setCookie, handle };
  }

  async call(path: string, method: 'GET' | 'POST' = 'GET', body?: unknown) {
    const response = await fetch(`${this.bff.url}${path}`, {
      method,
      headers: {
        cookie: this.jar.header(path),
        [SESSION_HANDLE_HEADER]: this.handle,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as never };
  }

  async mint(): Promise<string> {
    const answer = await this.call('/api/session/transfer', 'POST');
    expect(answer.status).toBe(200);
    return (answer.body as { data: { token: string } }).data.token;
  }
}

const orderItems = (answer: { body: unknown }) =>
  ((answer.body as { data: { items?: { id: string; quantity: number }[] } }).data.items ?? []).map((item) => [
    item.id,
    item.quantity,
  ]);

const refusal = (body: unknown) => (body as { errors: { message: string }[] }).errors[0]?.message;

describe('the phone’s browser opens the tab’s session with a transfer token', () => {
  let sandbox: TestSandbox;
  let bff: Bff;
  let code: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ chatApp: true });
    bff = await startTestBff({
      upstreamUrl: sandbox.url,
      env: { RATE_LIMIT_SESSION_TRANSFERS_PER_MIN: '1000', RATE_LIMIT_SESSION_OPENS_PER_MIN: '1000' },
      frontend: {
        kind: 'middleware',
        handler: (_req, _res, next) => next(),
        sendIndex: (_req, res) => {
          res.type('html').send('<!doctype html><title>Loja</title><div id="root"></div>');
        },
      },
    });
    const copy = await sandbox.post('/api/sandbox/sessions', { from: 'demo-shopper' });
    code = (copy.body as { data: { code: string } }).data.code;
  });
  afterAll(async () => {
    await bff.stop();
    await sandbox.close();
  });

  it('opens the same session, with its cookie and handle, and the same cart', async () => {
    const webview = new Browser(bff);
    await webview.openWithCode(code);
    const inWebview = await webview.call('/api/order/current');
    const token = await webview.mint();

    const phone = new Browser(bff);
    const opened = await phone.openWithTransfer(token);
    expect(opened.status).toBe(200);
    expect(opened.handle).toBe(handleForCode(code));
    expect(opened.setCookie.some((cookie) => cookie.includes(`sf_s_${handleForCode(code)}=`))).toBe(true);
    expect((opened.body as { data: { userShop: unknown } }).data.userShop).toBeTruthy();
    // The answer is the session's, as a chat link's open answers it, and never holds the code.
    expect(JSON.stringify(opened.body)).not.toContain(code);
    const inPhone = await phone.call('/api/order/current');
    expect(inPhone.status).toBe(200);
    expect(orderItems(inPhone)).toEqual(orderItems(inWebview));
  });

  it('a spent token gets a Portuguese refusal, no cookie and no session', async () => {
    const webview = new Browser(bff);
    await webview.openWithCode(code);
    const token = await webview.mint();
    expect((await new Browser(bff).openWithTransfer(token)).status).toBe(200);

    const late = new Browser(bff);
    const again = await late.openWithTransfer(token);
    expect(again.status).toBe(404);
    expect(refusal(again.body)).toBe(TRANSFER_REFUSED);
    expect(again.setCookie).toEqual([]);
    expect(again.handle).toBeNull();
  });

  it('forged and hostile tokens are refused with a 4xx, never a 5xx, and never set a cookie', async () => {
    const hostile: unknown[] = [
      'A'.repeat(43),
      'A'.repeat(42),
      'A'.repeat(44),
      'A'.repeat(900),
      `${'A'.repeat(42)}=`,
      `${'A'.repeat(40)}%2F`,
      '../../api/session/demo-shopper',
      code,
      'demo-shopper',
      `${'A'.repeat(41)}\u00e7\u00e3`,
      '<script>alert(1)</script>',
      '',
      null,
      42,
      ['A'.repeat(43)],
      { token: 'A'.repeat(43) },
    ];
    for (const transfer of hostile) {
      const answer = await new Browser(bff).openWithTransfer(transfer);
      expect(answer.status, JSON.stringify(transfer)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(transfer)).toBeLessThan(500);
      expect(answer.setCookie, JSON.stringify(transfer)).toEqual([]);
      expect(refusal(answer.body)).toMatch(/[a-zà-ú]{3,}/i);
    }
    // A body too large for an open is refused before anything is read.
    const big = await new Browser(bff).openWithTransfer('A'.repeat(5_000));
    expect(big.status).toBe(400);
    expect(big.setCookie).toEqual([]);
  });

  it('a code and a token together name no session', async () => {
    const webview = new Browser(bff);
    await webview.openWithCode(code);
    const token = await webview.mint();
    const response = await fetch(`${bff.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, transfer: token }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie()).toEqual([]);
    // The token was not spent by the refused open.
    expect((await new Browser(bff).openWithTransfer(token)).status).toBe(200);
  });

  it('a browser cannot redeem a token itself: the redemption answers a session code, which no page sees', async () => {
    const webview = new Browser(bff);
    await webview.openWithCode(code);
    const token = await webview.mint();
    for (const method of ['POST', 'GET'] as const) {
      const response = await fetch(`${bff.url}/api/session/transfer/redeem`, {
        method,
        headers: {
          'content-type': 'application/json',
          cookie: webview.jar.header('/'),
          [SESSION_HANDLE_HEADER]: webview.handle,
        },
        body: method === 'POST' ? JSON.stringify({ token }) : undefined,
      });
      const text = await response.text();
      expect(response.status).toBe(404);
      expect(text).not.toContain(code);
    }
    // Still unspent: the BFF did not pass it on.
    expect((await new Browser(bff).openWithTransfer(token)).status).toBe(200);
  });

  it('a token needs the tab’s session: a browser without one gets none', async () => {
    const stranger = new Browser(bff);
    const answer = await fetch(`${bff.url}/api/session/transfer`, { method: 'POST' });
    expect(answer.status).toBe(401);
    expect(stranger.handle).toBe('');
  });

  it('serves /abrir/<token> as the SPA’s page, without a Referer, and logs neither the token nor the body', async () => {
    const webview = new Browser(bff);
    await webview.openWithCode(code);
    const token = await webview.mint();
    const page = await fetch(`${bff.url}/abrir/${token}?para=%2Forder`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('<div id="root">');
    // No session comes with the page itself: the page's script opens it.
    expect(page.headers.getSetCookie()).toEqual([]);

    await new Browser(bff).openWithTransfer(token);
    await new Browser(bff).openWithTransfer(token);
    await new Browser(bff).openWithTransfer(`${token.slice(0, 42)}Z`);
    const logs = bff.logs.text;
    expect(logs).toContain('/abrir/:token');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(token.slice(0, 20));
    expect(logs).not.toContain(code);
  });

  it('opens with a transfer count as session opens: guessing tokens is rate-limited', async () => {
    const limited = await startTestBff({
      upstreamUrl: sandbox.url,
      env: { RATE_LIMIT_SESSION_OPENS_PER_MIN: '3' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await new Browser(limited).openWithTransfer(`${'B'.repeat(42)}${i}`)).status);
      }
      expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.stop();
    }
  });

  it('minting is limited per tab', async () => {
    const limited = await startTestBff({
      upstreamUrl: sandbox.url,
      env: { RATE_LIMIT_SESSION_TRANSFERS_PER_MIN: '2' },
    });
    try {
      const webview = new Browser(limited);
      await webview.openWithCode(code);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await webview.call('/api/session/transfer', 'POST')).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.stop();
    }
  });
});

describe('a backend without the extension', () => {
  it('a transfer opens nothing: the tab is told the link is no good, with no cookie', async () => {
    const upstream = await startRecordingUpstream(() => ({
      status: 404,
      body: {
        success: false,
        data: null,
        errors: [{ message: 'Endereço não encontrado.', code: 404, type: 'not-found', status: 404 }],
      },
    }));
    const bff = await startTestBff({ upstreamUrl: upstream.url });
    try {
      const answer = await new Browser(bff).openWithTransfer('C'.repeat(43));
      expect(answer.status).toBe(404);
      expect(refusal(answer.body)).toBe(TRANSFER_REFUSED);
      expect(answer.setCookie).toEqual([]);
      // Only the redemption reached the backend, with the token in its body, never in its path.
      expect(upstream.requests.map((r) => [r.method, r.url])).toEqual([
        ['POST', '/api/session/transfer/redeem'],
      ]);
      expect(upstream.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await bff.stop();
      await upstream.close();
    }
  });

  it('a redemption that names the shared anonymous session opens nothing', async () => {
    const upstream = await startRecordingUpstream(() => ({
      body: { success: true, data: { code: 'anonymous-session' }, errors: [] },
    }));
    const bff = await startTestBff({ upstreamUrl: upstream.url });
    try {
      const answer = await new Browser(bff).openWithTransfer('D'.repeat(43));
      expect(answer.status).toBe(404);
      expect(answer.setCookie).toEqual([]);
      expect(upstream.requests).toHaveLength(1);
    } finally {
      await bff.stop();
      await upstream.close();
    }
  });
});
