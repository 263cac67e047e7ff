import type { IncomingMessage } from 'node:http';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { cameOverHttps, clientIp, TRUSTED_PROXIES } from './client-address.ts';

/** What Express itself says of a request (`req.ip`, `req.secure`) with the same trusted proxies. */
function expressView(
  socket: { remoteAddress: string; encrypted?: boolean },
  headers: Record<string, string>,
) {
  const app = express();
  app.set('trust proxy', TRUSTED_PROXIES);
  const req = Object.create(app.request) as express.Request & { app: express.Express };
  Object.assign(req, { headers, socket, connection: socket, app });
  return { ip: req.ip, secure: req.secure };
}

const CASES: [string, { remoteAddress: string; encrypted?: boolean }, Record<string, string>][] = [
  ['a shopper straight on the socket', { remoteAddress: '203.0.113.7' }, {}],
  [
    'a shopper faking the headers',
    { remoteAddress: '203.0.113.7' },
    { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' },
  ],
  [
    'the load balancer on loopback',
    { remoteAddress: '127.0.0.1' },
    { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
  ],
  [
    'two hops, the first untrusted',
    { remoteAddress: '10.0.0.2' },
    { 'x-forwarded-for': '198.51.100.1, 203.0.113.9, 10.0.0.5', 'x-forwarded-proto': 'https, http' },
  ],
  ['a private proxy saying http', { remoteAddress: '192.168.1.4' }, { 'x-forwarded-proto': 'http' }],
  ['a private proxy with an empty scheme', { remoteAddress: '192.168.1.4' }, { 'x-forwarded-proto': '' }],
  ['TLS on the socket itself', { remoteAddress: '203.0.113.7', encrypted: true }, {}],
  [
    'IPv6 loopback',
    { remoteAddress: '::1' },
    { 'x-forwarded-for': '2001:db8::1', 'x-forwarded-proto': 'https' },
  ],
  ['an IPv4-mapped address', { remoteAddress: '::ffff:127.0.0.1' }, { 'x-forwarded-for': '203.0.113.9' }],
];

describe("the caller's address and scheme", () => {
  it.each(CASES)('are what Express would say: %s', (_what, socket, headers) => {
    const req = { headers, socket } as unknown as IncomingMessage;
    expect({ ip: clientIp(req), secure: cameOverHttps(req) }).toEqual(expressView(socket, headers));
  });
});

describe('behind the load balancer', () => {
  it("believes its forwarded address and scheme, and nobody else's", () => {
    const behind = {
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as IncomingMessage;
    expect([clientIp(behind), cameOverHttps(behind)]).toEqual(['203.0.113.9', true]);
    const direct = { ...behind, socket: { remoteAddress: '203.0.113.7' } } as unknown as IncomingMessage;
    expect([clientIp(direct), cameOverHttps(direct)]).toEqual(['203.0.113.7', false]);
  });
});
