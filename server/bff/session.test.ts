import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HANDLE_HEADER } from '../../src/contract/session.ts';
import { startTestBff } from '../../tests/server-harness.ts';
import { startSandbox } from '../sandbox/index.ts';

/** The BFF over the real sandbox (fresh in-memory database), as the browser would use it. */
describe('sessions through the BFF', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let bff: Awaited<ReturnType<typeof startTestBff>>;
  const codes = ['demo-shopper', 'demo-operator', 'anonymous-session'];

  beforeAll(async () => {
    sandbox = await startSandbox({ dataFile: ':memory:' });
    // As server/start.ts runs it over the sandbox: the sandbox-only calls (media) pass.
    bff = await startTestBff({ upstreamUrl: sandbox.url, env: { SANDBOX_ROUTES: 'true' } });
  });
  afterAll(async () => {
    await bff.stop();
    await sandbox.close();
  });

  /** Opens a session like a tab does; returns what the tab keeps and what the browser keeps. */
  async function open(code: string) {
    const response = await fetch(`${bff.url}/api/session/${code}`);
    const setCookie = response.headers.getSetCookie();
    return {
      response,
      body: await response.json(),
      handle: response.headers.get(SESSION_HANDLE_HEADER) ?? '',
      setCookie,
      cookie: setCookie[0]?.split(';')[0] ?? '',
    };
  }

  it('opening a session sets an HttpOnly, Secure, SameSite=Strict cookie for /api and answers a handle, not the code', async () => {
    const tab = await open('demo-shopper');
    expect(tab.response.status).toBe(200);
    expect(tab.body.data.userShop).toBeDefined();
    expect(tab.handle).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tab.handle).not.toContain('demo');
    const attributes = tab.setCookie[0] ?? '';
    expect(attributes).toMatch(new RegExp(`^sf_s_${tab.handle}=demo-shopper;`));
    expect(attributes).toMatch(/HttpOnly/);
    expect(attributes).toMatch(/Secure/);
    expect(attributes).toMatch(/SameSite=Strict/);
    expect(attributes).toMatch(/Path=\/api/);
  });

  it('an unknown code answers success false and sets no cookie', async () => {
    const tab = await open('codigo-inexistente');
    expect(tab.response.status).toBe(404);
    expect(tab.body.success).toBe(false);
    expect(tab.setCookie).toEqual([]);
    expect(tab.handle).toBe('');
  });

  it('two sessions in one browser each reach only their own order', async () => {
    const shopper = await open('demo-shopper');
    const operator = await open('demo-operator');
    // One browser: both cookies go with every /api call; only the handle tells the tabs apart.
    const jar = `${shopper.cookie}; ${operator.cookie}`;
    const orderOf = async (handle: string) =>
      (
        await (
          await fetch(`${bff.url}/api/order/current`, {
            headers: { cookie: jar, [SESSION_HANDLE_HEADER]: handle },
          })
        ).json()
      ).data;
    const shopperOrder = await orderOf(shopper.handle);
    const operatorOrder = await orderOf(operator.handle);
    expect(shopperOrder.items).toHaveLength(2);
    expect(operatorOrder.items).toHaveLength(0);
    expect(shopperOrder.id).not.toBe(operatorOrder.id);
  });

  it('a reload resumes the tab session with only its handle', async () => {
    const operator = await open('demo-operator');
    const response = await fetch(`${bff.url}/api/session`, {
      headers: { cookie: operator.cookie, [SESSION_HANDLE_HEADER]: operator.handle },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).data.sessionType).toBe(1);
  });

  it('resuming without a known session answers 401 with a Portuguese message', async () => {
    const response = await fetch(`${bff.url}/api/session`, {
      headers: { [SESSION_HANDLE_HEADER]: 'x'.repeat(22) },
    });
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.success).toBe(false);
    expect(body.errors[0].message).toMatch(/sessão expirou/);
  });

  it('a call without the handle does not reach the session, even with the cookie', async () => {
    const shopper = await open('demo-shopper');
    const response = await fetch(`${bff.url}/api/order/current`, { headers: { cookie: shopper.cookie } });
    expect(response.status).toBe(401);
  });

  it('serves the sandbox logo through the same origin', async () => {
    const response = await fetch(`${bff.url}/api/sandbox/media/logo.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  });

  it('no session code appears anywhere in the log output', async () => {
    for (const code of codes) {
      const tab = await open(code);
      const headers = { cookie: tab.cookie, [SESSION_HANDLE_HEADER]: tab.handle };
      await fetch(`${bff.url}/api/shop/settings`, { headers });
      await fetch(`${bff.url}/api/order/current`, { headers });
      await fetch(`${bff.url}/api/catalog/top?pageNumber=0&perPage=10`, { headers });
      await fetch(`${bff.url}/api/session`, { headers });
      await fetch(`${bff.url}/api/session/${code}?again=1`);
    }
    const logs = bff.logs.text;
    expect(logs).toContain('"route":"/api/session/:code"');
    for (const code of codes) expect(logs).not.toContain(code);
    expect(logs).not.toMatch(/sf_s_|Bearer|authorization|cookie/i);
  });
});
