import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingUpstream, startTestBff } from '../../tests/server-harness.ts';
import { trayStoreOrigin } from './tray-authorize.ts';

describe('the Tray store address', () => {
  it('accepts the https address of a plain host', () => {
    expect(trayStoreOrigin('https://loja.exemplo.com.br')).toBe('https://loja.exemplo.com.br');
    expect(trayStoreOrigin('https://loja.exemplo.com.br/')).toBe('https://loja.exemplo.com.br');
  });

  it.each([
    'http://loja.exemplo.com.br',
    'https://user:pass@loja.exemplo.com.br',
    'https://loja.exemplo.com.br:8443',
    'https://loja.exemplo.com.br/evil',
    'https://loja.exemplo.com.br/?next=//evil.com',
    'https://127.0.0.1',
    'https://localhost',
    'javascript:alert(1)',
    '//evil.com',
    '',
    `https://${'a'.repeat(300)}.com`,
  ])('refuses %s, so the page is never an open redirect', (raw) => {
    expect(trayStoreOrigin(raw)).toBeUndefined();
  });
});

describe('GET /tray/authorize', () => {
  let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>;
  let bff: Awaited<ReturnType<typeof startTestBff>>;
  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    bff = await startTestBff({
      upstreamUrl: upstream.url,
      env: {
        TRAY_CONSUMER_KEY: 'public-key-1',
        TRAY_CALLBACK_URL: 'https://app.exemplo.com/tray/register/callback',
      },
    });
  });
  afterAll(async () => {
    await bff.stop();
    await upstream.close();
  });

  it("answers the store's authorization address with the configured key and callback", async () => {
    const response = await fetch(
      `${bff.url}/tray/authorize?url=${encodeURIComponent('https://loja.exemplo.com.br')}`,
    );
    expect(response.status).toBe(200);
    const { data } = await response.json();
    const target = new URL(data.authorizeUrl);
    expect(target.origin + target.pathname).toBe('https://loja.exemplo.com.br/auth.php');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      response_type: 'code',
      consumer_key: 'public-key-1',
      callback: 'https://app.exemplo.com/tray/register/callback',
    });
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a store address that is not a plain https host with a Portuguese message', async () => {
    const response = await fetch(`${bff.url}/tray/authorize?url=${encodeURIComponent('https://evil.com/x')}`);
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].message).toMatch(/^Endereço da loja inválido/);
  });

  it('says the link is not configured when the consumer key is missing', async () => {
    const bare = await startTestBff({ upstreamUrl: upstream.url });
    try {
      const response = await fetch(`${bare.url}/tray/authorize?url=https://loja.exemplo.com.br`);
      expect(response.status).toBe(503);
      expect((await response.json()).errors[0].message).toMatch(/não está configurada/);
    } finally {
      await bare.stop();
    }
  });
});
