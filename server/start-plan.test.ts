import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planBackend, StartRefusal } from './start-plan.ts';

const ROOT = '/srv/storefront';
const refusal = (env: Record<string, string>) => {
  try {
    planBackend(env, ROOT);
  } catch (error) {
    if (error instanceof StartRefusal) return error.message;
    throw error;
  }
  throw new Error('the start was not refused');
};

describe('which backend a start serves', () => {
  it('a developer without COMMERCE_API_URL gets the sandbox over .data/sandbox.db', () => {
    expect(planBackend({}, ROOT)).toEqual({
      backend: 'sandbox',
      dataFile: path.join(ROOT, '.data/sandbox.db'),
    });
  });

  it('SANDBOX_DB picks the sandbox file (relative to the working directory) or a memory database', () => {
    expect(planBackend({ SANDBOX_DB: 'tmp/demo.db' }, ROOT)).toEqual({
      backend: 'sandbox',
      dataFile: path.resolve('tmp/demo.db'),
    });
    expect(planBackend({ SANDBOX_DB: ':memory:' }, ROOT)).toEqual({
      backend: 'sandbox',
      dataFile: ':memory:',
    });
  });

  it('COMMERCE_API_URL is the backend, in development and in production', () => {
    const url = 'https://commerce.example.com';
    expect(planBackend({ COMMERCE_API_URL: url }, ROOT)).toEqual({ backend: 'configured', url });
    expect(planBackend({ COMMERCE_API_URL: url, NODE_ENV: 'production' }, ROOT)).toEqual({
      backend: 'configured',
      url,
    });
  });

  it('production without COMMERCE_API_URL refuses with one line, unless the sandbox is asked for', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message).toBe(
      'NODE_ENV=production and no COMMERCE_API_URL: set COMMERCE_API_URL to the commerce backend, or SANDBOX=true to serve the demo sandbox on purpose.',
    );
    expect(message).not.toContain('\n');
    expect(planBackend({ NODE_ENV: 'production', SANDBOX: 'true' }, ROOT).backend).toBe('sandbox');
  });

  it('the sandbox-only calls can never be turned on in front of a real backend', () => {
    expect(refusal({ COMMERCE_API_URL: 'https://commerce.example.com', SANDBOX_ROUTES: 'true' })).toMatch(
      /^SANDBOX_ROUTES is set with a real backend/,
    );
    expect(refusal({ COMMERCE_API_URL: 'https://commerce.example.com', SANDBOX: 'true' })).toMatch(
      /^SANDBOX=true and COMMERCE_API_URL are both set/,
    );
  });

  it('SANDBOX=false without a backend, or SANDBOX neither true nor false, is refused', () => {
    expect(refusal({ SANDBOX: 'false' })).toMatch(/^SANDBOX=false and no COMMERCE_API_URL/);
    expect(refusal({ SANDBOX: 'yes' })).toBe('SANDBOX must be true or false (it is "yes").');
  });
});
