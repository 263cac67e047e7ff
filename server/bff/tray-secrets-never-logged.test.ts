// Nothing of the Tray authorization code, the chatbot token or the consumer secret may reach the
// BFF's logs: not from a query string, not from a body, not when the backend fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, startRecordingUpstream, startTestBff } from '../../tests/server-harness.ts';

const CODE = 'c0d1g0-tray-nunca-no-log';
const TOKEN = 'token-chatbot-nunca-no-log';
const CONSUMER_SECRET = 'segredo-consumidor-nunca-no-log';

const linkPayload = {
  admUser: '7',
  code: CODE,
  apiAddress: 'https://www.lojadoze.com.br/web_api',
  storeHost: 'https://www.lojadoze.com.br',
  store: '391250',
  chatbotId: 'chatbot-7781',
  chatbotToken: TOKEN,
};

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'dist-tray-logs-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>spa</title>');
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

async function exercise(bffUrl: string) {
  const responses = [
    await fetch(`${bffUrl}/tray/link-store?code=${CODE}&token=${TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-chatbot-token': TOKEN },
      body: JSON.stringify(linkPayload),
    }),
    // A body the backend would refuse, and a body that is not even JSON.
    await fetch(`${bffUrl}/tray/link-store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"chatbotToken":"${TOKEN}","code":"${CODE}"`,
    }),
    await fetch(`${bffUrl}/tray/register/callback?code=${CODE}&adm_user=7&store=391250`),
    await fetch(`${bffUrl}/tray/link-store/391250?code=${CODE}`),
    await fetch(`${bffUrl}/tray/authorize?url=https://loja.exemplo.com.br&code=${CODE}`),
    await fetch(`${bffUrl}/tray/authorize?url=https://${CODE}.exemplo.com.br/${TOKEN}`),
  ];
  for (const response of responses) await response.arrayBuffer();
}

async function settledLogs(bff: Awaited<ReturnType<typeof startTestBff>>, lines: number) {
  const until = Date.now() + 2_000;
  while (bff.logs.lines.length < lines && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return bff.logs.text;
}

const env = {
  TRAY_CONSUMER_KEY: 'public-key-1',
  TRAY_CALLBACK_URL: 'https://app.exemplo.com/tray/register/callback',
  TRAY_ADMIN_ORIGINS: 'https://www.tray.com.br',
  // Not a BFF setting (the secret belongs to the backend): even set by mistake, it must not show.
  TRAY_CONSUMER_SECRET: CONSUMER_SECRET,
};

describe('Tray secrets in the BFF logs', () => {
  it('a link call with the token in the body and the code in the query leaves no trace', async () => {
    const upstream = await startRecordingUpstream((req) =>
      req.url.startsWith('/tray/link-store?')
        ? { body: { success: true, data: null, errors: [] } }
        : { status: 400, body: { success: false, data: null, errors: [{ message: `código ${CODE}` }] } },
    );
    const bff = await startTestBff({
      upstreamUrl: upstream.url,
      env: { ...env, STATIC_DIR: dist },
      frontend: { kind: 'static' },
    });
    try {
      await exercise(bff.url);
      const logs = await settledLogs(bff, 6);
      // The calls were logged, by path only.
      expect(logs).toContain('"route":"/tray/link-store"');
      expect(logs).toContain('"route":"/tray/register/callback"');
      // And the backend did receive what it needs.
      expect(upstream.requests[0]?.body).toContain(TOKEN);
      for (const secret of [CODE, TOKEN, CONSUMER_SECRET, 'chatbotToken', 'x-chatbot-token']) {
        expect(logs).not.toContain(secret);
      }
    } finally {
      await bff.stop();
      await upstream.close();
    }
  });

  it('neither when the backend cannot be reached', async () => {
    const bff = await startTestBff({
      upstreamUrl: `http://127.0.0.1:${await closedPort()}`,
      env: { ...env, STATIC_DIR: dist },
      frontend: { kind: 'static' },
    });
    try {
      await exercise(bff.url);
      const logs = await settledLogs(bff, 6);
      expect(logs).toMatch(/"level":50/);
      for (const secret of [CODE, TOKEN, CONSUMER_SECRET, 'chatbotToken']) {
        expect(logs).not.toContain(secret);
      }
    } finally {
      await bff.stop();
    }
  });
});
