// BFF_WORKERS=2 on a real process (tests/bff-process.ts, server/start.ts's wiring): two BFF processes
// answer on one port, a rate limit holds whichever of them a call reaches, a worker that dies is
// replaced, and SIGTERM drains both and exits.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet, httpRequest } from '../../tests/http-get.ts';
import { type BffProcess, spawnBffProcess } from '../../tests/spawn-bff-process.ts';

/** server/workers.ts restarts a worker only once it has run this long. */
const MIN_UPTIME_MS = 5_000;

let bffProcess: BffProcess;
let url = '';

const workerPids = (): number[] => {
  try {
    const { pid } = bffProcess.child;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return children.trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

const openSockets = (pid: number): number =>
  readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
    } catch {
      return false;
    }
  }).length;

/** One call on a connection of its own (`agent: false`, closed after): cluster hands it to a worker. */
function call(pathname: string, agent: Agent | false = false) {
  const { hostname, port } = new URL(url);
  return httpGet({ hostname, port, path: pathname, agent, headers: { accept: 'application/json' } });
}

/** A session open as a tab sends it (POST /api/session, the code in the body), on a connection of its own. */
function openSession(code: string) {
  const { hostname, port } = new URL(url);
  const headers = { accept: 'application/json', 'content-type': 'application/json' };
  return httpRequest(
    { hostname, port, path: '/api/session', method: 'POST', agent: false, headers },
    JSON.stringify({ code }),
  );
}

beforeAll(async () => {
  bffProcess = await spawnBffProcess({ BFF_WORKERS: '2', RATE_LIMIT_SESSION_OPENS_PER_MIN: '3' }, 20_000);
  url = bffProcess.url;
}, 30_000);

afterAll(() => {
  for (const pid of workerPids()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  bffProcess?.kill();
});

describe('several BFF processes on one port (BFF_WORKERS=2)', () => {
  it('runs two BFF processes, and connections are shared between them', async () => {
    const pids = workerPids();
    expect(pids).toHaveLength(2);
    const before = pids.map(openSockets);
    // Two connections held open at once: one lands on each worker.
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    const answers = await Promise.all([call('/healthz', agent), call('/healthz', agent)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after = pids.map(openSockets);
    expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([1, 1]);
    agent.destroy();
  });

  it('holds a rate limit whichever worker a call reaches: the 4th failed session open in a minute is 429', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await openSession(`codigo-que-nao-existe-${i}`)).status);
    expect(statuses.slice(0, 3).every((s) => s >= 400 && s < 500 && s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    const limited = await openSession('codigo-que-nao-existe-5');
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body).errors[0].message).toBe(
      'Muitas tentativas. Aguarde um instante e tente novamente.',
    );
  });

  it('replaces a worker that dies, and the port keeps answering', async () => {
    await sleep(MIN_UPTIME_MS);
    const [victim, survivor] = workerPids();
    process.kill(victim as number, 'SIGKILL');
    let pids: number[] = [];
    for (let i = 0; i < 100 && !(pids.length === 2 && !pids.includes(victim as number)); i++) {
      await sleep(100);
      pids = workerPids();
    }
    expect(pids).toHaveLength(2);
    expect(pids).toContain(survivor);
    expect(pids).not.toContain(victim);
    for (let i = 0; i < 4; i++) expect((await call('/healthz')).status).toBe(200);
  }, 20_000);

  it('on SIGTERM answers readiness 503, then both workers and the process exit cleanly within 15 s', async () => {
    const pids = workerPids();
    const signalledAt = performance.now();
    bffProcess.child.kill('SIGTERM');
    await sleep(300);
    expect((await call('/readyz')).status).toBe(503);
    const { code, at } = await bffProcess.exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(15_000);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 20_000);
});
