import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingUpstream, startTestBff } from '../../tests/server-harness.ts';
import { trayStoreOrigin } from './tray-authorize.ts';

/** Store addresses the authorize address must never be built for (each an open-redirect or SSRF shape). */
const BAD_STORE_ADDRESSES = [
  // not https
  'http://loja.exemplo.com.br',
  'ftp://loja.exemplo.com.br',
  'ws://loja.exemplo.com.br',
  'HTTP://loja.exemplo.com.br',
  // credentials
  'https://user:pass@loja.exemplo.com.br',
  'https://user@loja.exemplo.com.br',
  'https://:pass@loja.exemplo.com.br',
  'https://loja.exemplo.com.br@evil.com',
  'https://evil.com\\@loja.exemplo.com.br',
  // a port, even the default one
  'https://loja.exemplo.com.br:8443',
  'https://loja.exemplo.com.br:443',
  'https://loja.exemplo.com.br:0',
  // a path, query or fragment
  'https://loja.exemplo.com.br/evil',
  'https://loja.exemplo.com.br/auth.php',
  'https://loja.exemplo.com.br//evil.com',
  'https://loja.exemplo.com.br/..%2F..%2Fevil',
  'https://loja.exemplo.com.br?next=https://evil.com',
  'https://loja.exemplo.com.br#@evil.com',
  // IP addresses and names without a public suffix
  'https://127.0.0.1',
  'https://10.0.0.1',
  'https://169.254.169.254',
  'https://2130706433',
  'https://0x7f.0.0.1',
  'https://[::1]',
  'https://[2001:db8::1]',
  'https://localhost',
  'https://intranet',
  // script and data URLs
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'javascript://loja.exemplo.com.br/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  // spellings the URL parser forgives
  'https:loja.exemplo.com.br',
  'https:/loja.exemplo.com.br',
  'https:\\\\loja.exemplo.com.br',
  'https://lo\tja.exemplo.com.br',
  'https://loja.exemplo.com.br.',
  'https://loja%2Eexemplo.com.br',
  'loja.exemplo.com.br',
  'https://',
];

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

  it('accepts an upper-case host and surrounding blanks, answering the lower-case origin', () => {
    expect(trayStoreOrigin('  https://Loja.Exemplo.COM.br  ')).toBe('https://loja.exemplo.com.br');
  });

  it.each(BAD_STORE_ADDRESSES)('refuses %s', (raw) => {
    expect(trayStoreOrigin(raw)).toBeUndefined();
  });

  it.each([undefined, null, 42, ['https://loja.exemplo.com.br'], { url: 'https://loja.exemplo.com.br' }])(
    'refuses a %j that is not a single string',
    (raw) => {
      expect(trayStoreOrigin(raw)).toBeUndefined();
    },
  );
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

  it('builds the address with the key and the url-encoded callback, and no other parameter', async () => {
    const response = await fetch(`${bff.url}/tray/authorize?url=https://minhaloja.commercesuite.com.br`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { authorizeUrl } = (await response.json()).data;
    expect(authorizeUrl).toBe(
      'https://minhaloja.commercesuite.com.br/auth.php?response_type=code&consumer_key=public-key-1' +
        '&callback=https%3A%2F%2Fapp.exemplo.com%2Ftray%2Fregister%2Fcallback',
    );
  });

  it.each(BAD_STORE_ADDRESSES)('never builds the address for %s (400, no address)', async (raw) => {
    const response = await fetch(`${bff.url}/tray/authorize?url=${encodeURIComponent(raw)}`);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.success).toBe(false);
    expect(body.data ?? null).toBeNull();
    expect(JSON.stringify(body)).not.toContain('auth.php');
  });

  it('never builds the address when url is missing or repeated', async () => {
    for (const query of ['', '?url=', '?url=https://loja.exemplo.com.br&url=https://evil.com']) {
      const response = await fetch(`${bff.url}/tray/authorize${query}`);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).not.toContain('auth.php');
    }
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
