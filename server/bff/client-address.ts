import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from 'proxy-addr';

/**
 * The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: a load balancer or ingress
 * on the same host or private network. Express gets the same list (`trust proxy`), and the calls
 * answered without Express read the caller's address and scheme here, exactly as Express would.
 */
export const TRUSTED_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

const trusted = proxyAddr.compile(TRUSTED_PROXIES);

/**
 * The caller's address: the socket's, or the nearest untrusted one a trusted proxy forwarded. Without
 * X-Forwarded-For it is the socket's whoever is connected, as proxy-addr would find (skipping it
 * spares parsing the address on every call).
 */
export function clientIp(req: IncomingMessage): string | undefined {
  if (req.headers['x-forwarded-for'] === undefined) return req.socket?.remoteAddress;
  return proxyAddr(req, trusted);
}

/**
 * Whether the caller came over https: TLS here, or a trusted proxy's first X-Forwarded-Proto (an
 * empty one counts as absent, as in Express' `req.protocol`).
 */
export function cameOverHttps(req: IncomingMessage): boolean {
  const socket = req.socket as TLSSocket | null;
  const own = socket?.encrypted ? 'https' : 'http';
  const header = req.headers['x-forwarded-proto'];
  if (typeof header !== 'string' || header === '') return own === 'https';
  if (!socket?.remoteAddress || !trusted(socket.remoteAddress, 0)) return own === 'https';
  return header.split(',')[0]?.trim() === 'https';
}
