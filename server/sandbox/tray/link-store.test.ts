// Tray store linking over real HTTP: link, look up, re-link; the sandbox refuses addresses that are
// not https addresses of the store, replayed authorization codes, and keeps no secret in clear.
import { createHash } from 'node:crypto';
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { wholeDatabaseText } from '../testing/dump.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

let codes = 0;
const link = (extra: Record<string, unknown> = {}) => {
  codes += 1;
  return {
    admUser: '7',
    code: `f3a9c2e1d0b4a6c8e2f1a3b5c7d9e0f${codes}`,
    apiAddress: 'https://www.lojadoze.com.br/web_api',
    storeHost: 'https://www.lojadoze.com.br',
    store: '391250',
    chatbotId: 'chatbot-7781',
    chatbotToken: 'tok_live_7f8e9d0c1b2a3948576a',
    ...extra,
  };
};
const post = (body: unknown) => sandbox.post('/tray/link-store', body);
const lookup = (id: string) => sandbox.get(`/tray/link-store/${id}`);

describe('POST /tray/link-store and GET /tray/link-store/{id}', () => {
  it('links a store to a chatbot; the lookup answers the chatbot id', async () => {
    expectRefusal(await lookup('391250'), 404);
    const data = expectData('linkStore', await post(link())) as Record<string, unknown>;
    expect(data).toEqual({
      store: '391250',
      chatbotId: 'chatbot-7781',
      replaced: false,
      linkedAt: expect.any(String),
    });
    expect(expectData('getLinkedChatbot', await lookup('391250'))).toBe('chatbot-7781');
  });

  it('keeps the chatbot token only as its SHA-256 and the authorization code nowhere in clear', async () => {
    const body = link({ store: '500001', chatbotToken: 'segredo-do-chatbot-123456' });
    expectData('linkStore', await post(body));
    const row = sandbox.db.prepare("SELECT * FROM tray_links WHERE store = '500001'").get() as Record<
      string,
      string
    >;
    expect(row.token_sha256).toBe(createHash('sha256').update('segredo-do-chatbot-123456').digest('hex'));
    expect(JSON.parse(row.payload ?? '{}')).toEqual({
      admUser: '7',
      store: '500001',
      storeHost: 'https://www.lojadoze.com.br',
      apiAddress: 'https://www.lojadoze.com.br/web_api',
      codeSha256: createHash('sha256').update(body.code).digest('hex'),
    });
    const everything = wholeDatabaseText(sandbox.db);
    expect(everything).not.toContain('segredo-do-chatbot-123456');
    expect(everything).not.toContain(body.code);
  });

  it('re-linking a store (with a new authorization) replaces its link', async () => {
    const data = expectData('linkStore', await post(link({ chatbotId: 'chatbot-9000' }))) as Record<
      string,
      unknown
    >;
    expect(data.replaced).toBe(true);
    expect(expectData('getLinkedChatbot', await lookup('391250'))).toBe('chatbot-9000');
    expect(sandbox.db.prepare("SELECT COUNT(*) AS n FROM tray_links WHERE store = '391250'").get()).toEqual({
      n: 1,
    });
  });

  it('refuses an authorization code used before (409)', async () => {
    const first = link({ store: '600001' });
    expectData('linkStore', await post(first));
    const replay = expectRefusal(await post({ ...first, store: '600002' }), 409);
    expect(replay.message).toBe(
      'Este código de autorização já foi usado. Autorize o aplicativo novamente na Tray.',
    );
    expectRefusal(await lookup('600002'), 404);
  });

  it("accepts the API on Tray's commercesuite.com.br domain", async () => {
    expectData(
      'linkStore',
      await post(link({ store: '700001', apiAddress: 'https://1234567.commercesuite.com.br/web_api' })),
    );
  });

  it('refuses addresses that are not https addresses of the store (400)', async () => {
    const bad: Record<string, unknown>[] = [
      { apiAddress: 'http://www.lojadoze.com.br/web_api' },
      { apiAddress: 'https://evil.example/web_api' },
      { apiAddress: 'https://www.lojadoze.com.br/admin' },
      { apiAddress: 'https://user:pass@www.lojadoze.com.br/web_api' },
      { apiAddress: 'https://www.lojadoze.com.br:8443/web_api' },
      { apiAddress: 'https://www.lojadoze.com.br/web_api?x=1' },
      { storeHost: 'https://www.lojadoze.com.br/caminho' },
      { storeHost: 'www.lojadoze.com.br' },
      { storeHost: 'javascript:alert(1)' },
      { store: 'abc' },
    ];
    for (const extra of bad) {
      const refusal = expectRefusal(await post(link({ store: '800001', ...extra })), 400);
      expect(refusal.message, JSON.stringify(extra)).toMatch(/loja|endereço/i);
    }
    expectRefusal(await lookup('800001'), 404);
  });

  it('refuses a missing token, unknown fields and a malformed body (400)', async () => {
    const { chatbotToken: _token, ...withoutToken } = link({ store: '900001' });
    expectRefusal(await post(withoutToken), 400);
    expectRefusal(await post(link({ store: '900001', chatbotToken: '' })), 400);
    expectRefusal(await post(link({ store: '900001', secret: 'x' })), 400);
    expectRefusal(await post('{"store": '), 400);
    expectRefusal(await lookup('900001'), 404);
  });

  it('refuses a store id that is not numeric (400) and answers 404 in Portuguese for an unknown store', async () => {
    expectRefusal(await lookup('abc'), 400);
    expect(expectRefusal(await lookup('123'), 404).message).toBe(
      'Nenhum chatbot está vinculado a esta loja.',
    );
  });
});
