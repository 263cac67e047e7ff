import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('the BFF configuration', () => {
  it('fills sensible defaults around the one required setting', () => {
    const config = loadConfig({ COMMERCE_API_URL: 'https://commerce.example.com/v1/' });
    expect(config).toMatchObject({
      port: 3000,
      workers: 1,
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

  it('takes a whole number of BFF processes from 1 to 64', () => {
    const base = { COMMERCE_API_URL: 'http://127.0.0.1:9' };
    expect(loadConfig({ ...base, BFF_WORKERS: '4' }).workers).toBe(4);
    for (const bad of ['0', '1.5', 'dois', '65']) {
      expect(() => loadConfig({ ...base, BFF_WORKERS: bad })).toThrow(/BFF_WORKERS:/);
    }
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
});
