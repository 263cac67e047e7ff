// Connection floods on loopback (bounded): one address opening idle connections by the hundred is
// held to MAX_CONNECTIONS_PER_IP, the rest closed at once, while another address is still served;
// several addresses together are held to MAX_CONNECTIONS. Linux routes all of 127/8 to lo, so a
// client socket bound to 127.0.0.2 is a second caller. Every socket is closed again afterwards.
import { connect, type Socket } from 'node:net';
import { startRecordingUpstream, startTestBff } from '@tests/server-harness.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { call, cleanupList, destroyAll, say, sleep } from './kit.ts';

const cleanups = cleanupList();
afterEach(() => cleanups.run());

/** How long after the last connect a socket the BFF refused has surely been closed. */
const SETTLE_MS = 300;

async function startBff(env: Record<string, string>) {
  const upstream = await startRecordingUpstream();
  cleanups.add(() => upstream.close());
  const bff = await startTestBff({ upstreamUrl: upstream.url, env });
  cleanups.add(() => bff.stop());
  return { bff, port: Number(new URL(bff.url).port), upstream };
}

type Held = { socket: Socket; address: string; openedAt: number; closedAt?: number };

/** Opens `count` idle connections from `address` (nothing is ever sent on them). */
async function flood(port: number, address: string, count: number, sockets: Held[]): Promise<Held[]> {
  const opened = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Held>((resolve) => {
          const socket = connect({ host: '127.0.0.1', port, localAddress: address });
          const held: Held = { socket, address, openedAt: performance.now() };
          sockets.push(held);
          socket.on('error', () => {});
          socket.once('close', () => {
            held.closedAt = performance.now();
            resolve(held);
          });
          socket.once('connect', () => resolve(held));
        }),
    ),
  );
  return opened;
}

const stillOpen = (held: Held[]) => held.filter((h) => h.closedAt === undefined);

/** A call from `address` on a connection of its own. */
const fromAddress = (url: string, address: string, path = '/api/catalog/top') =>
  call(url, path, { localAddress: address, timeoutMs: 2_000 });

describe('connection flood from one address', () => {
  it('100 idle connections from one address: the BFF keeps 20 (MAX_CONNECTIONS_PER_IP), closes the others at once, and another address is still served', async () => {
    const { bff, port } = await startBff({ MAX_CONNECTIONS_PER_IP: '20' });
    const sockets: Held[] = [];
    cleanups.add(() => destroyAll(sockets.map((h) => h.socket)));

    const attacker = await flood(port, '127.0.0.1', 100, sockets);
    await sleep(SETTLE_MS);
    const open = stillOpen(attacker);
    const refused = attacker.filter((h) => h.closedAt !== undefined);
    const slowestRefusal = Math.max(...refused.map((h) => (h.closedAt ?? 0) - h.openedAt));
    say(
      `flood: 100 idle connections from 127.0.0.1, ${open.length} kept open, ${refused.length} closed, ` +
        `each within ${slowestRefusal.toFixed(1)} ms of connecting`,
    );
    expect(open).toHaveLength(20);
    expect(slowestRefusal).toBeLessThan(SETTLE_MS);

    // Another caller is served while the flood holds its 20 connections...
    const other = await fromAddress(bff.url, '127.0.0.2');
    expect(other.status).toBe(200);
    say(`flood: a shopper from 127.0.0.2 answered in ${other.ms.toFixed(1)} ms`);
    // ...and the flooding address gets nothing more: its next connection is closed unanswered.
    await expect(fromAddress(bff.url, '127.0.0.1')).rejects.toThrow();

    // Once the flood is gone, the address is served again (its count went back down).
    await destroyAll(attacker.map((h) => h.socket));
    await sleep(50);
    expect((await fromAddress(bff.url, '127.0.0.1')).status).toBe(200);
  });

  it('several addresses together are held to MAX_CONNECTIONS (50): the rest are closed, and served again once the flood is gone', async () => {
    const { bff, port } = await startBff({ MAX_CONNECTIONS: '50', MAX_CONNECTIONS_PER_IP: '20' });
    const sockets: Held[] = [];
    cleanups.add(() => destroyAll(sockets.map((h) => h.socket)));

    const addresses = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
    for (const address of addresses) await flood(port, address, 20, sockets);
    await sleep(SETTLE_MS);
    const open = stillOpen(sockets);
    const perAddress = Object.fromEntries(
      addresses.map((address) => [address, open.filter((h) => h.address === address).length]),
    );
    say(`flood: 4 addresses x 20 idle connections, ${open.length} kept open ${JSON.stringify(perAddress)}`);
    expect(open).toHaveLength(50);
    for (const count of Object.values(perAddress)) expect(count).toBeLessThanOrEqual(20);

    // The replica is full: a fifth address is refused too (that is the cap's job)...
    await expect(fromAddress(bff.url, '127.0.0.6')).rejects.toThrow();
    // ...and served as soon as connections are free again.
    await destroyAll(sockets.map((h) => h.socket));
    await sleep(50);
    const after = await fromAddress(bff.url, '127.0.0.6');
    expect(after.status).toBe(200);
  });
});
