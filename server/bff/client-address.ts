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

/** The caller's address: the socket's, or the nearest untrusted one a trusted proxy forwarded. */
export function clientIp(req: IncomingMessage): string | undefined {
  return proxyAddr(req, trusted);
}

/** Whether the caller came over https: TLS here, or a trusted proxy's first X-Forwarded-Proto. */
export function cameOverHttps(req: IncomingMessage): boolean {
  const socket = req.socket as TLSSocket | null;
  const own = socket?.encrypted ? 'https' : 'http';
  if (!socket?.remoteAddress || !trusted(socket.remoteAddress, 0)) return own === 'https';
  const header = req.headers['x-forwarded-proto'];
  const value = (typeof header === 'string' && header !== '' ? header : own).split(',')[0]?.trim();
  return value === 'https';
}
