import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('the BFF configuration', () => {
  it('fills sensible defaults around the one required setting', () => {
    const config = loadConfig({ COMMERCE_API_URL: 'https://commerce.example.com/v1/' });
    expect(config).toMatchObject({
      port: 3000,
      commerceApiUrl: 'https://commerce.example.com/v1',
      upstream: { connectTimeoutMs: 2000, timeoutMs: 15000, paymentTimeoutMs: 45000 },
      cookieSecure: true,
      sessionCookieCap: 30,
      logLevel: 'info',
      tray: { adminOrigins: [] },
    });
  });

  it('stops with one clear line per bad setting', () => {
    const attempt = () =>
      loadConfig({ COMMERCE_API_URL: 'ftp://x', PORT: 'abc', UPSTREAM_TIMEOUT_MS: '5', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/COMMERCE_API_URL: must be an http\(s\) address/);
      expect(message).toMatch(/PORT:/);
      expect(message).toMatch(/UPSTREAM_TIMEOUT_MS:/);
      expect(message).toMatch(/LOG_LEVEL:/);
    }
  });

  it('takes a session cookie cap from 1 to 150', () => {
    const base = { COMMERCE_API_URL: 'http://127.0.0.1:9' };
    expect(loadConfig({ ...base, SESSION_COOKIE_CAP: '12' }).sessionCookieCap).toBe(12);
    for (const bad of ['0', '2.5', 'trinta', '151']) {
      expect(() => loadConfig({ ...base, SESSION_COOKIE_CAP: bad })).toThrow(/SESSION_COOKIE_CAP:/);
    }
  });

  it('trusts no proxy unless TRUST_PROXY names addresses or CIDRs, and refuses anything else', () => {
    const base = { COMMERCE_API_URL: 'http://127.0.0.1:9' };
    expect(loadConfig(base).trustProxy).toEqual([]);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'loopback',
    ]);
    for (const bad of ['10.0.0.0/99', 'balanceador', '*']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad })).toThrow(/TRUST_PROXY:/);
    }
  });

  it('keeps connection timeouts in seconds, with caps on connections overall and per address', () => {
    const config = loadConfig({ COMMERCE_API_URL: 'http://127.0.0.1:9' });
    expect(config.server.headersTimeoutMs).toBeLessThanOrEqual(10_000);
    expect(config.server.requestTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(config.server.keepAliveTimeoutMs).toBeLessThanOrEqual(10_000);
    expect(config.server.maxConnectionsPerIp).toBeLessThan(config.server.maxConnections);
    expect(config.metrics).toEqual({ port: 0, token: undefined });
    expect(() => loadConfig({ COMMERCE_API_URL: 'http://127.0.0.1:9', METRICS_TOKEN: 'curto' })).toThrow(
      /METRICS_TOKEN:/,
    );
  });

  it("takes the share links' public address from PUBLIC_URL, else the local port; 120 public reads a minute per IP", () => {
    const local = loadConfig({ COMMERCE_API_URL: 'https://commerce.example.com', PORT: '8080' });
    expect(local.publicUrl).toBe('http://localhost:8080');
    expect(local.rateLimits.publicReads).toBe(120);
    const configured = loadConfig({
      COMMERCE_API_URL: 'https://commerce.example.com',
      PUBLIC_URL: 'https://loja.exemplo.com.br/',
      RATE_LIMIT_PUBLIC_READS_PER_MIN: '30',
    });
    expect(configured.publicUrl).toBe('https://loja.exemplo.com.br');
    expect(configured.rateLimits.publicReads).toBe(30);
    expect(() =>
      loadConfig({ COMMERCE_API_URL: 'https://c.example.com', PUBLIC_URL: 'javascript:alert(1)' }),
    ).toThrow(/PUBLIC_URL/);
  });

  it('requires the commerce backend address', () => {
    expect(() => loadConfig({})).toThrow(/COMMERCE_API_URL/);
  });

  it('reads the Tray admin origins as a list', () => {
    const config = loadConfig({
      COMMERCE_API_URL: 'http://127.0.0.1:9',
      TRAY_ADMIN_ORIGINS: 'https://www.tray.com.br, https://admin.tray.com.br',
    });
    expect(config.tray.adminOrigins).toEqual(['https://www.tray.com.br', 'https://admin.tray.com.br']);
  });

  it('turns real-user monitoring on by default, 60 beacons a minute per IP; RUM=false turns it off', () => {
    const base = { COMMERCE_API_URL: 'http://127.0.0.1:9' };
    expect(loadConfig(base)).toMatchObject({ rum: true, rateLimits: { rum: 60 } });
    expect(loadConfig({ ...base, RUM: 'false', RATE_LIMIT_RUM_PER_MIN: '5' })).toMatchObject({
      rum: false,
      rateLimits: { rum: 5 },
    });
    expect(() => loadConfig({ ...base, RUM: 'off' })).toThrow(/RUM:/);
    expect(() => loadConfig({ ...base, RATE_LIMIT_RUM_PER_MIN: '0' })).toThrow(/RATE_LIMIT_RUM_PER_MIN:/);
  });
});
