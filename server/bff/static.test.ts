import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingUpstream, startTestBff } from '../../tests/server-harness.ts';

describe('serving the built storefront', () => {
  let dist: string;
  let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>;
  let bff: Awaited<ReturnType<typeof startTestBff>>;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>spa</title>');
    writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    upstream = await startRecordingUpstream();
    bff = await startTestBff({
      upstreamUrl: upstream.url,
      env: { STATIC_DIR: dist },
      frontend: { kind: 'static' },
    });
  });
  afterAll(async () => {
    await bff.stop();
    await upstream.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/catalog',
    '/product/123&x=1',
    '/order/checkout',
    '/tray/register',
    '/tray/register/callback',
    '/nada',
  ])('answers the page %s with index.html, never cached', async (page) => {
    const response = await fetch(`${bff.url}${page}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>spa</title>');
  });

  it('serves hashed assets cached for a year as immutable', async () => {
    const response = await fetch(`${bff.url}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the brotli copy of an asset to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    // node:http, not fetch: fetch decodes the body and hides the encoding that was sent.
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = request(
          `${bff.url}/assets/index-abc123.js`,
          { headers: { 'accept-encoding': encoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    expect(brotliDecompressSync(br.body).toString()).toBe('console.log(1)');
    expect((await raw('gzip')).headers['content-encoding']).toBe('gzip');
    expect((await raw('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const response = await fetch(`${bff.url}/assets/index-gone.js`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<title>spa</title>');
  });

  it('never answers an /api or Tray call with the page', async () => {
    for (const call of ['/api/nada', '/tray/link-store/1']) {
      const response = await fetch(`${bff.url}${call}`);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
    }
    // '/api/nada' is no call of the contract: the BFF answers its 404 envelope without asking upstream.
    expect(upstream.requests.map((r) => r.url)).toEqual(['/tray/link-store/1']);
  });

  it('answers other methods on pages with a 404 envelope', async () => {
    const response = await fetch(`${bff.url}/catalog`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect((await response.json()).success).toBe(false);
  });
});
