// `npm run bench:bff`: the speed of the BFF (docs: ../shared/design/quality-bars.md, "Speed of the
// BFF"). One run measures the same small JSON call against the sandbox directly, through the BFF and
// through nginx (Debian's package, configured here as a plain keep-alive reverse proxy to the same
// sandbox), with autocannon at fixed connections (throughput) and at a fixed rate (latency), and with
// an open-loop generator at the same fixed rate (scripts/bench/paced-load.ts: autocannon's fixed rate
// sends in bursts and rounds latencies to the millisecond); prints a table, the ratios BFF/direct and
// BFF/nginx, the BFF's added p99, each proxy's CPU time per call and the TIME_WAIT sockets, checks
// them against the bars and writes bench-results/bff.json. A missed bar prints FAIL; the exit code is
// non-zero only when the benchmark itself fails.
//
// Every process is started here (never a running `npm start`) and stopped on exit or Ctrl-C:
// - the sandbox over an in-memory database (scripts/bench/sandbox-process.ts), one process serving
//   the direct calls, the BFF's and nginx's;
// - the BFF as production runs it (scripts/bench/bff-process.ts: NODE_ENV=production, LOG_LEVEL
//   as configured, info by default, its request log lines written to a file);
// - nginx, one worker, its config, pid, logs and temp files in a temp directory;
// - a stub upstream (scripts/bench/stub-upstream.ts) replaying the sandbox's answer from bare
//   node:http, with a second BFF in front of it: the sandbox alone cannot serve the bar's 8,000 calls
//   a second on this kind of machine, so the fixed-connection runs are repeated over the stub to
//   measure what the BFF itself sustains, side by side with nginx over the same stub.
//
// Cores (2 expected): the proxy under test (BFF or nginx) gets core 0 to itself; the load
// generators and the upstreams share core 1. The proxies are what is compared, so they must not
// compete with the load for a core; the upstream is the same process for every target, so sharing a
// core with the load costs the direct run, the BFF's and nginx's alike (and the direct run does not
// borrow the proxies' core either).
//
// The call: GET /api/shop/settings of the demo shopper, about 1 KB of JSON. Through the BFF it
// takes the full path of a tab's call: security headers, request log, rate-limit routing (no limit
// applies to it), the session handle header and cookie turned into `Authorization: Bearer`, the
// allow-list, the breaker, the pooled upstream call and the envelope check of the answer. The session
// is opened through the BFF first, as the SPA does. Direct and nginx calls carry the bearer code.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

const ROOT = path.resolve(import.meta.dirname, '..');
const AUTOCANNON = path.join(ROOT, 'node_modules/autocannon/autocannon.js');
const NGINX = '/usr/sbin/nginx';

const SESSION_CODE = 'demo-shopper';
const CALL_PATH = '/api/shop/settings';

/** Phase lengths (seconds) and loads: the whole run stays under about two minutes. */
const WARMUP_S = 2;
const THROUGHPUT_S = 10;
const THROUGHPUT_CONNECTIONS = 50;
const RATE = 1_000;
const RATE_S = 6;
const RATE_CONNECTIONS = 10;
const PACED_S = 5;
const PACED_WARMUP_S = 1;
const PACED_CONNECTIONS = 32;

const BARS = { addedP99Ms: 2, throughput: 8_000, timeWaitGrowth: 1_000 };

const SERVER_CORE = '0';
const LOAD_CORE = '1';

const print = (line = '') => console.log(line);

// ---------------------------------------------------------------------------------------------
// Processes

const children = new Set<ChildProcess>();
const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
let pinning = false;
let stopping = false;
/** Set when a server exits during the run: the run stops with it (a crash, not a missed bar). */
let crashed: Error | undefined;
let tempDir: string | undefined;

/** Starts a process, on `core` when pinning (taskset execs the command: the pid is the process's). */
function launch(
  name: string,
  command: string,
  args: string[],
  options: {
    core: string;
    env?: NodeJS.ProcessEnv;
    stdout?: 'pipe' | number;
    stderr?: 'pipe' | 'inherit' | number;
  },
): ChildProcess {
  const [file, argv] = pinning ? ['taskset', ['-c', options.core, command, ...args]] : [command, args];
  const child = spawn(file, argv, {
    cwd: ROOT,
    env: options.env ?? process.env,
    stdio: ['ignore', options.stdout ?? 'pipe', options.stderr ?? 'inherit'],
  });
  children.add(child);
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && name !== 'load') {
      crashed ??= new Error(`${name} exited (${signal ?? code}) during the run`);
    }
  });
  return child;
}

const node = (script: string, ...args: string[]) =>
  [process.execPath, ['--import', 'tsx', script, ...args]] as const;

/** The first line a process prints (its `{"url": ...}`), within `ms`. */
function firstLine(child: ChildProcess, stream: Readable | null, name: string, ms = 20_000): Promise<string> {
  if (!stream) return Promise.reject(new Error(`${name}: no output stream`));
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => fail(new Error(`${name} did not start within ${ms / 1000} s`)), ms);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      cleanup();
      const rest = buffered.slice(end + 1);
      // Whatever comes after the first line (warnings, a crash) is still shown.
      if (rest) process.stderr.write(rest);
      stream.on('data', (more: Buffer) => process.stderr.write(more));
      resolve(buffered.slice(0, end));
    };
    const onExit = (code: number | null) => fail(new Error(`${name} exited (${code}) before it started`));
    function cleanup() {
      clearTimeout(timer);
      stream?.off('data', onData);
      child.off('exit', onExit);
    }
    function fail(error: Error) {
      cleanup();
      reject(error);
    }
    stream.on('data', onData);
    child.once('exit', onExit);
  });
}

async function startNodeServer(
  name: string,
  script: string,
  options: { core: string; args?: string[]; env?: NodeJS.ProcessEnv; logFd?: number },
) {
  const [command, args] = node(script, ...(options.args ?? []));
  // The BFF prints its log on stdout (as in production) and its address on stderr.
  const logged = options.logFd !== undefined;
  const child = launch(name, command, [...args], {
    core: options.core,
    env: options.env,
    stdout: logged ? options.logFd : 'pipe',
    stderr: logged ? 'pipe' : 'inherit',
  });
  const line = await firstLine(child, logged ? child.stderr : child.stdout, name);
  const { url } = JSON.parse(line) as { url: string };
  return { child, url };
}

async function stopAll() {
  stopping = true;
  const running = [...children].filter(alive);
  // SIGINT: the BFF stops without its 2 s readiness drain, nginx shuts down fast.
  for (const child of running) child.kill('SIGINT');
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (!alive(child)) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
        }),
    ),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, headers: Record<string, string>, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await fetch(url, { headers });
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Measures

/** Sockets in TIME_WAIT (state 06) on this machine, IPv4 and IPv6. */
function timeWaitSockets(): number {
  let count = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      if (line.trim().split(/\s+/)[3] === '06') count++;
    }
  }
  return count;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU seconds used so far by processes (and their children: nginx's worker). */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids.flatMap((p) => [p, ...childPids(p)])) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14 and 15 of stat (utime, stime); `fields` starts at field 3.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone: counts nothing.
    }
  }
  return ticks / CLOCK_TICKS;
}

type Autocannon = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
};

type Paced = {
  sent: number;
  completed: number;
  errors: number;
  non2xx: number;
  rate: number;
  seconds: number;
  latencyMs: { p50: number; p90: number; p99: number; p999: number; max: number };
  lagMs: { p50: number; p99: number };
};

async function runLoad<T>(args: readonly string[], name: string): Promise<T> {
  const child = launch('load', process.execPath, [...args], { core: LOAD_CORE, stdout: 'pipe' });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${name} failed (exit ${code})`);
  return JSON.parse(out) as T;
}

function autocannon(
  url: string,
  headers: Record<string, string>,
  options: { connections: number; seconds: number; rate?: number },
): Promise<Autocannon> {
  const args = [AUTOCANNON, '--json', '-n', '-c', String(options.connections), '-d', String(options.seconds)];
  args.push('-p', '1');
  if (options.rate) args.push('-R', String(options.rate));
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}:${value}`);
  args.push(url);
  return runLoad<Autocannon>(args, 'autocannon');
}

function paced(url: string, headers: Record<string, string>): Promise<Paced> {
  const options = {
    url,
    headers,
    rate: RATE,
    seconds: PACED_S,
    connections: PACED_CONNECTIONS,
    warmupSeconds: PACED_WARMUP_S,
  };
  return runLoad<Paced>(
    ['--import', 'tsx', path.join(ROOT, 'scripts/bench/paced-load.ts'), JSON.stringify(options)],
    'paced load',
  );
}

// ---------------------------------------------------------------------------------------------
// The run

type Target = {
  upstream: 'sandbox' | 'stub';
  name: 'direct' | 'bff' | 'nginx';
  url: string;
  headers: Record<string, string>;
  /** The process answering the load (for its CPU use). */
  pid: number;
  upstreamPid: number;
};

type PhaseResult = {
  upstream: Target['upstream'];
  target: Target['name'];
  mode: 'connections' | 'rate' | 'paced';
  load: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
  /** Calls answered, over `seconds` of load. */
  requests: number;
  seconds: number;
  timeWait: { before: number; after: number };
  /** Share of a core used by the process answering the load and by the upstream, in %. */
  cpu: { server: number; upstream: number };
  /** CPU time of the process answering the load per call answered, in µs. */
  cpuPerCallUs: number;
  paced?: Paced;
};

const results: PhaseResult[] = [];

async function phase(
  target: Target,
  mode: PhaseResult['mode'],
  run: () => Promise<Omit<PhaseResult, 'upstream' | 'target' | 'mode' | 'timeWait' | 'cpu' | 'cpuPerCallUs'>>,
) {
  const before = timeWaitSockets();
  const cpuBefore = [cpuSeconds([target.pid]), cpuSeconds([target.upstreamPid])] as const;
  const measured = await run();
  if (crashed) throw crashed;
  // The processes idle while the load generator starts and stops: their CPU time is the load's.
  const server = cpuSeconds([target.pid]) - cpuBefore[0];
  const upstream = cpuSeconds([target.upstreamPid]) - cpuBefore[1];
  const result: PhaseResult = {
    upstream: target.upstream,
    target: target.name,
    mode,
    ...measured,
    timeWait: { before, after: timeWaitSockets() },
    cpu: {
      server: Math.round((100 * server) / measured.seconds),
      upstream: Math.round((100 * upstream) / measured.seconds),
    },
    cpuPerCallUs: measured.requests > 0 ? Math.round((server * 1e6) / measured.requests) : 0,
  };
  results.push(result);
  printRow(result);
  return result;
}

async function measureThroughput(target: Target) {
  await autocannon(target.url, target.headers, { connections: THROUGHPUT_CONNECTIONS, seconds: WARMUP_S });
  await phase(target, 'connections', async () => {
    const r = await autocannon(target.url, target.headers, {
      connections: THROUGHPUT_CONNECTIONS,
      seconds: THROUGHPUT_S,
    });
    return {
      load: `${THROUGHPUT_CONNECTIONS} connections, ${THROUGHPUT_S} s`,
      rps: Math.round(r.requests.average),
      requests: r.requests.total,
      seconds: r.duration,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      maxMs: r.latency.max,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
    };
  });
}

async function measureLatency(target: Target) {
  await phase(target, 'rate', async () => {
    const r = await autocannon(target.url, target.headers, {
      connections: RATE_CONNECTIONS,
      seconds: RATE_S,
      rate: RATE,
    });
    return {
      load: `autocannon -R ${RATE}, ${RATE_CONNECTIONS} conn, ${RATE_S} s`,
      rps: Math.round(r.requests.average),
      requests: r.requests.total,
      seconds: r.duration,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      maxMs: r.latency.max,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
    };
  });
  await phase(target, 'paced', async () => {
    const r = await paced(target.url, target.headers);
    return {
      load: `paced ${RATE}/s open loop, ${PACED_WARMUP_S} + ${PACED_S} s`,
      rps: r.rate,
      requests: r.completed,
      seconds: r.seconds,
      p50Ms: r.latencyMs.p50,
      p99Ms: r.latencyMs.p99,
      maxMs: r.latencyMs.max,
      errors: r.errors,
      non2xx: r.non2xx,
      paced: r,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Output

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number, mode: PhaseResult['mode']) => (mode === 'paced' ? `${fmt(n, 2)} ms` : `${fmt(n)} ms`);

const COLUMNS = [
  ['upstream', 8],
  ['target', 7],
  ['load', 36],
  ['req/s', 8],
  ['p50', 9],
  ['p99', 9],
  ['errors', 7],
  ['non-2xx', 8],
  ['TIME_WAIT', 13],
  ['CPU proxy/up', 13],
] as const;

function row(cells: readonly string[]) {
  return cells
    .map((cell, i) => {
      const width = COLUMNS[i]?.[1] ?? 8;
      return i >= 3 && i <= 7 ? cell.padStart(width) : cell.padEnd(width);
    })
    .join('  ');
}

function printHeader() {
  print(row(COLUMNS.map(([name]) => name)));
  print(row(COLUMNS.map(([, width]) => '-'.repeat(width))));
}

function printRow(r: PhaseResult) {
  print(
    row([
      r.upstream,
      r.target,
      r.load,
      fmt(r.rps),
      ms(r.p50Ms, r.mode),
      ms(r.p99Ms, r.mode),
      fmt(r.errors),
      fmt(r.non2xx),
      `${r.timeWait.before} → ${r.timeWait.after}`,
      r.target === 'direct' ? `- / ${r.cpu.upstream}%` : `${r.cpu.server}% / ${r.cpu.upstream}%`,
    ]),
  );
}

const find = (upstream: Target['upstream'], target: Target['name'], mode: PhaseResult['mode']) =>
  results.find((r) => r.upstream === upstream && r.target === target && r.mode === mode);

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

function summarize(logLevel: string, nginxVersion: string | undefined) {
  const bars: Record<string, unknown> = {};
  const ratios: Record<string, number | null> = {};
  print();
  print('Ratios (throughput at 50 connections)');
  for (const upstream of ['sandbox', 'stub'] as const) {
    const direct = find(upstream, 'direct', 'connections');
    const bff = find(upstream, 'bff', 'connections');
    const nginx = find(upstream, 'nginx', 'connections');
    if (!direct || !bff) continue;
    const overDirect = bff.rps / direct.rps;
    ratios[`${upstream}: bff/direct`] = Number(overDirect.toFixed(3));
    let line = `  over the ${upstream.padEnd(7)} BFF/direct ${fmt(overDirect, 2)}`;
    if (nginx) {
      ratios[`${upstream}: bff/nginx`] = Number((bff.rps / nginx.rps).toFixed(3));
      ratios[`${upstream}: nginx/direct`] = Number((nginx.rps / direct.rps).toFixed(3));
      line += `   BFF/nginx ${fmt(bff.rps / nginx.rps, 2)}   nginx/direct ${fmt(nginx.rps / direct.rps, 2)}`;
    } else {
      ratios[`${upstream}: bff/nginx`] = null;
    }
    print(line);
  }
  // CPU time per call of each proxy (from its process's CPU use over the phase): what a core of it
  // sustains, whatever else shared the machine.
  const perCall: Record<string, number> = {};
  const costs: string[] = [];
  for (const r of results.filter((r) => r.mode === 'connections' && r.target !== 'direct')) {
    perCall[`${r.upstream}: ${r.target}`] = r.cpuPerCallUs;
    costs.push(`${r.target} over the ${r.upstream} ${fmt(r.cpuPerCallUs)} µs`);
  }
  if (costs.length > 0) print(`  CPU per call: ${costs.join(', ')}`);

  print();
  print(`Bars (../shared/design/quality-bars.md, "Speed of the BFF"); BFF log level: ${logLevel}`);
  for (const mode of ['paced', 'rate'] as const) {
    const direct = find('sandbox', 'direct', mode);
    const bff = find('sandbox', 'bff', mode);
    const nginx = find('sandbox', 'nginx', mode);
    if (!direct || !bff) continue;
    const added = bff.p99Ms - direct.p99Ms;
    const clean = bff.errors + bff.non2xx === 0;
    // The direct run slower than the BFF's by more than the bar: nothing the BFF did, the machine's
    // noise (another process, a pause) decided both p99s. No verdict from such a run.
    const noisy = added < -BARS.addedP99Ms;
    const pass = noisy ? null : added <= BARS.addedP99Ms && clean;
    const how =
      mode === 'paced' ? 'open loop, µs resolution' : 'autocannon -R, bursts each second, 1 ms resolution';
    bars[`added p99 at ${RATE}/s (${mode})`] = {
      bffMs: bff.p99Ms,
      directMs: direct.p99Ms,
      addedMs: Number(added.toFixed(3)),
      nginxAddedMs: nginx ? Number((nginx.p99Ms - direct.p99Ms).toFixed(3)) : null,
      pass,
    };
    print(
      `  ${pass === null ? 'NOISY' : verdict(pass)}  added p99 at ${fmt(RATE)} req/s (${how}): ${ms(added, mode)} ` +
        `(BFF ${ms(bff.p99Ms, mode)} − direct ${ms(direct.p99Ms, mode)}; bar ≤ ${BARS.addedP99Ms} ms)` +
        (nginx ? `; nginx adds ${ms(nginx.p99Ms - direct.p99Ms, mode)}` : '') +
        (noisy ? '; the direct run was the slower one: run again on a quiet machine' : ''),
    );
  }
  for (const upstream of ['sandbox', 'stub'] as const) {
    const bff = find(upstream, 'bff', 'connections');
    const direct = find(upstream, 'direct', 'connections');
    if (!bff || !direct) continue;
    const pass = bff.rps >= BARS.throughput && bff.errors === 0 && bff.non2xx === 0;
    bars[`throughput through the BFF over the ${upstream}`] = {
      rps: bff.rps,
      errors: bff.errors,
      non2xx: bff.non2xx,
      directRps: direct.rps,
      pass,
    };
    const ceiling =
      direct.rps < BARS.throughput
        ? `; the ${upstream} alone answers ${fmt(direct.rps)} req/s, the ceiling of any proxy in front of it`
        : '';
    print(
      `  ${verdict(pass)}  throughput through the BFF over the ${upstream}, ${THROUGHPUT_CONNECTIONS} connections: ` +
        `${fmt(bff.rps)} req/s, ${bff.errors} errors, ${bff.non2xx} non-2xx (bar ≥ ${fmt(BARS.throughput)}, 0 errors)${ceiling}`,
    );
  }
  const growth = Math.max(...results.map((r) => r.timeWait.after - r.timeWait.before));
  const flat = growth < BARS.timeWaitGrowth;
  bars['TIME_WAIT flat'] = { largestGrowthInAPhase: growth, pass: flat };
  print(
    `  ${verdict(flat)}  TIME_WAIT sockets flat: at most +${growth} in a phase ` +
      `(the load generators close their own connections after each phase; an unpooled proxy adds thousands)`,
  );
  print(
    nginxVersion
      ? '  info  BFF/nginx ratios: above'
      : '  info  BFF/nginx ratio not measured: nginx is missing (apt-get install nginx)',
  );
  const lagging = results.filter((r) => (r.paced?.lagMs.p99 ?? 0) > 2);
  if (lagging.length > 0) {
    print(
      `  note: the paced generator ran late (p99 ${lagging.map((r) => `${r.target} ${fmt(r.paced?.lagMs.p99 ?? 0, 1)} ms`).join(', ')}): ` +
        'its core was busy, so those calls left later than planned and in bunches: read those latencies with care',
    );
  }
  return { bars, ratios, cpuPerCallUs: perCall };
}

// ---------------------------------------------------------------------------------------------

function nginxConfig(dir: string, proxies: { port: number; upstreamPort: number; name: string }[]) {
  const upstreams = proxies
    .map(
      ({ name, upstreamPort }) => `
  upstream ${name} {
    server 127.0.0.1:${upstreamPort};
    keepalive 64;
    # nginx closes an upstream connection after 1,000 calls by default; the BFF's pool never does.
    keepalive_requests 1000000;
  }`,
    )
    .join('\n');
  const servers = proxies
    .map(
      ({ name, port }) => `
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }`,
    )
    .join('\n');
  return `# Written by scripts/bench-bff.ts: a plain keep-alive reverse proxy, one worker (the BFF is one process).
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  default_type application/octet-stream;
  # One line per call, as the BFF writes one.
  access_log ${dir}/access.log;
  # The same for the clients' connections (the BFF's server has no such limit).
  keepalive_requests 1000000;
  keepalive_timeout 65s;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${upstreams}
${servers}
}
`;
}

async function main() {
  const cpus = os.availableParallelism();
  pinning = cpus >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const nginxVersion = (() => {
    const probe = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
    return probe.status === 0 ? probe.stderr.trim().replace(/^nginx version:\s*/, '') : undefined;
  })();
  const logLevel = process.env.LOG_LEVEL ?? 'info';
  const loadBefore = os.loadavg();

  print('bench:bff: the speed of the BFF against the sandbox directly and through nginx');
  print(
    `  node ${process.version}, ${cpus} cores, ${nginxVersion ?? 'nginx missing'}, ` +
      (pinning
        ? `BFF and nginx on core ${SERVER_CORE}, sandbox, stub and load on core ${LOAD_CORE}`
        : 'no taskset or one core: nothing pinned'),
  );
  print(`  BFF: NODE_ENV=production, LOG_LEVEL=${logLevel} (request lines written to a file)`);
  print(`  load average before: ${loadBefore.map((n) => n.toFixed(2)).join(' ')}`);
  if (loadBefore[0] !== undefined && loadBefore[0] > 0.7) {
    print('  note: the machine is busy with other work: expect noisy figures, compare the ratios');
  }
  if (!nginxVersion) {
    print('  nginx is missing: install it with `apt-get install nginx` (Debian); running without it');
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-bff-'));
  tempDir = dir;
  // nginx's worker runs as nobody when started by root: it must reach its temp directories.
  chmodSync(dir, 0o755);
  const bffLog = path.join(dir, 'bff.log');
  const logFd = openSync(bffLog, 'a');
  try {
    const sandbox = await startNodeServer('sandbox', path.join(ROOT, 'scripts/bench/sandbox-process.ts'), {
      core: LOAD_CORE,
      env: { ...process.env, LOG_LEVEL: logLevel },
    });
    const bearer = { accept: 'application/json', authorization: `Bearer ${SESSION_CODE}` };
    const recorded = await waitForHttp(sandbox.url + CALL_PATH, bearer);
    const answer = {
      status: recorded.status,
      headers: {
        'content-type': recorded.headers.get('content-type') ?? 'application/json',
        'cache-control': recorded.headers.get('cache-control') ?? 'no-store',
      },
      body: await recorded.text(),
    };
    if (answer.status !== 200) throw new Error(`the sandbox answered ${answer.status} to ${CALL_PATH}`);
    const answerFile = path.join(dir, 'answer.json');
    writeFileSync(answerFile, JSON.stringify(answer));
    const stub = await startNodeServer('stub', path.join(ROOT, 'scripts/bench/stub-upstream.ts'), {
      core: LOAD_CORE,
      args: [answerFile],
    });

    const bffEnv = (upstream: string): NodeJS.ProcessEnv => ({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: logLevel,
      COMMERCE_API_URL: upstream,
      // As server/start.ts runs it over the sandbox.
      SANDBOX_ROUTES: 'true',
    });
    const bffScript = path.join(ROOT, 'scripts/bench/bff-process.ts');
    const bff = await startNodeServer('bff', bffScript, {
      core: SERVER_CORE,
      env: bffEnv(sandbox.url),
      logFd,
    });
    const bffOverStub = await startNodeServer('bff (stub)', bffScript, {
      core: SERVER_CORE,
      env: bffEnv(stub.url),
      logFd,
    });

    // The tab's session, opened as the SPA opens it: the handle header and the cookie come back.
    const opened = await fetch(`${bff.url}/api/session/${SESSION_CODE}`, {
      headers: { accept: 'application/json' },
    });
    const handle = opened.headers.get('x-session-handle');
    const cookie = opened.headers.get('set-cookie')?.split(';')[0];
    await opened.arrayBuffer();
    if (opened.status !== 200 || !handle || !cookie) {
      throw new Error(`opening the session through the BFF answered ${opened.status}`);
    }
    // The cookie holds the code itself (no server-side state): it works on the second BFF as well.
    const tab = { accept: 'application/json', 'x-session-handle': handle, cookie };

    let nginx: ChildProcess | undefined;
    const nginxPorts = { sandbox: 0, stub: 0 };
    if (nginxVersion) {
      nginxPorts.sandbox = await freePort();
      nginxPorts.stub = await freePort();
      const nginxDir = path.join(dir, 'nginx');
      mkdirSync(nginxDir, { mode: 0o755 });
      const port = (url: string) => Number(new URL(url).port);
      writeFileSync(
        path.join(nginxDir, 'nginx.conf'),
        nginxConfig(nginxDir, [
          { name: 'sandbox', port: nginxPorts.sandbox, upstreamPort: port(sandbox.url) },
          { name: 'stub', port: nginxPorts.stub, upstreamPort: port(stub.url) },
        ]),
      );
      nginx = launch(
        'nginx',
        NGINX,
        ['-p', `${nginxDir}/`, '-c', `${nginxDir}/nginx.conf`, '-e', `${nginxDir}/error.log`],
        {
          core: SERVER_CORE,
          stdout: 'pipe',
        },
      );
      nginx.stdout?.resume();
      await waitForHttp(`http://127.0.0.1:${nginxPorts.sandbox}${CALL_PATH}`, bearer).then((r) =>
        r.arrayBuffer(),
      );
    }

    // Every target must answer the call the same before it is measured.
    const targets: Target[] = [];
    const add = async (target: Target) => {
      const check = await fetch(target.url, { headers: target.headers });
      const body = await check.text();
      if (check.status !== 200 || body !== answer.body) {
        throw new Error(
          `${target.name} over the ${target.upstream} answered ${check.status}, not the sandbox's answer`,
        );
      }
      targets.push(target);
    };
    const pid = (child: ChildProcess) => child.pid ?? 0;
    for (const [upstream, server, proxy] of [
      ['sandbox', sandbox, bff],
      ['stub', stub, bffOverStub],
    ] as const) {
      const upstreamPid = pid(server.child);
      await add({
        upstream,
        name: 'direct',
        url: server.url + CALL_PATH,
        headers: bearer,
        pid: upstreamPid,
        upstreamPid,
      });
      await add({
        upstream,
        name: 'bff',
        url: proxy.url + CALL_PATH,
        headers: tab,
        pid: pid(proxy.child),
        upstreamPid,
      });
      if (nginx) {
        const url = `http://127.0.0.1:${nginxPorts[upstream]}${CALL_PATH}`;
        await add({ upstream, name: 'nginx', url, headers: bearer, pid: pid(nginx), upstreamPid });
      }
    }
    print(
      `  call: GET ${CALL_PATH} (${fmt(Buffer.byteLength(answer.body))} bytes of JSON), session opened through the BFF`,
    );
    print();

    printHeader();
    for (const target of targets.filter((t) => t.upstream === 'sandbox')) {
      await measureThroughput(target);
      await measureLatency(target);
    }
    for (const target of targets.filter((t) => t.upstream === 'stub')) {
      await measureThroughput(target);
    }

    closeSync(logFd);
    const logLines = readFileSync(bffLog, 'utf8').split('\n').length - 1;
    const logBytes = statSync(bffLog).size;
    print();
    print(
      `BFF request log: ${fmt(logLines)} lines (${fmt(logBytes / 1e6, 1)} MB) at level ${logLevel} written during the run`,
    );
    const summary = summarize(logLevel, nginxVersion);
    const loadAfter = os.loadavg();
    print(`load average after: ${loadAfter.map((n) => n.toFixed(2)).join(' ')}`);

    const reportDir = path.join(ROOT, 'bench-results');
    mkdirSync(reportDir, { recursive: true });
    const report = {
      date: new Date().toISOString(),
      machine: {
        node: process.version,
        cores: cpus,
        nginx: nginxVersion ?? null,
        pinning: pinning ? { proxies: SERVER_CORE, sandboxStubAndLoad: LOAD_CORE } : null,
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAfter,
      },
      call: { method: 'GET', path: CALL_PATH, bytes: Buffer.byteLength(answer.body) },
      bff: { nodeEnv: 'production', logLevel, logLines, logBytes },
      phases: {
        warmupSeconds: WARMUP_S,
        throughput: { connections: THROUGHPUT_CONNECTIONS, seconds: THROUGHPUT_S, pipelining: 1 },
        rate: { rate: RATE, connections: RATE_CONNECTIONS, seconds: RATE_S },
        paced: {
          rate: RATE,
          connections: PACED_CONNECTIONS,
          seconds: PACED_S,
          warmupSeconds: PACED_WARMUP_S,
        },
      },
      results,
      ...summary,
    };
    writeFileSync(path.join(reportDir, 'bff.json'), `${JSON.stringify(report, null, 2)}\n`);
    print(`report: ${path.relative(ROOT, path.join(reportDir, 'bff.json'))}`);
  } finally {
    await stopAll();
    try {
      closeSync(logFd);
    } catch {
      // Already closed.
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\nbench:bff: ${signal}, stopping every process`);
    void stopAll().finally(() => {
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    if (interrupted) return;
    console.error(`bench:bff failed: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll();
    process.exit(1);
  },
);
