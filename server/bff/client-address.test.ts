import express from 'express';
import { describe, expect, it } from 'vitest';
import { expressTrustProxy, trustedProxies } from './client-address.ts';

/** What Express says of a request (`req.ip`, `req.secure`) with the configured trusted proxies. */
function expressView(
  trust: string[],
  socket: { remoteAddress: string; encrypted?: boolean },
  headers: Record<string, string>,
) {
  const app = express();
  app.set('trust proxy', expressTrustProxy(trust));
  const req = Object.create(app.request) as express.Request & { app: express.Express };
  Object.assign(req, { headers, socket, connection: socket, app });
  return { ip: req.ip, secure: req.secure };
}

const forwarded = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };

describe('whose X-Forwarded-For the BFF believes', () => {
  it('believes nobody by default: a peer on loopback or the private network cannot pick its address', () => {
    for (const remoteAddress of ['127.0.0.1', '10.1.2.3', '192.168.0.5', 'fd00::1', '::1']) {
      expect(expressView([], { remoteAddress }, forwarded)).toEqual({ ip: remoteAddress, secure: false });
      expect(trustedProxies([])(remoteAddress)).toBe(false);
    }
  });

  it('believes exactly the configured load balancer, by address or CIDR', () => {
    const trust = ['10.0.0.0/8', '192.168.1.10'];
    expect(expressView(trust, { remoteAddress: '10.4.5.6' }, forwarded)).toEqual({
      ip: '203.0.113.9',
      secure: true,
    });
    expect(expressView(trust, { remoteAddress: '192.168.1.10' }, forwarded).ip).toBe('203.0.113.9');
    expect(expressView(trust, { remoteAddress: '192.168.1.11' }, forwarded)).toEqual({
      ip: '192.168.1.11',
      secure: false,
    });
    expect(trustedProxies(trust)('10.4.5.6')).toBe(true);
    expect(trustedProxies(trust)('192.168.1.11')).toBe(false);
  });

  it('takes the nearest untrusted address when a shopper prepends a fake one', () => {
    const view = expressView(
      ['10.0.0.0/8'],
      { remoteAddress: '10.4.5.6' },
      { 'x-forwarded-for': '1.2.3.4, 203.0.113.9' },
    );
    expect(view.ip).toBe('203.0.113.9');
  });
});
