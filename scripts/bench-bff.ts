// `npm run bench:bff [-- --quick] [-- --max-in-flight=N] [-- --addresses=N] [-- --profile]`: what the BFF costs, beside nginx and a bare
// Node proxy, in one run (docs/quality-bars.md, "Speed of the BFF"). Figures are reported,
// never asserted: they vary by machine and from one run to the next, so compare runs on one machine
// and ratios within a run.
//
// (a) Latency added at a fixed 1,000 req/s, open loop: p50 and p99 through each proxy minus the same
//     calling the stub directly, each call timed from its scheduled send (no coordinated omission).
// (b) Calls per second through each proxy, closed loop, each proxy one process on one core, and the
//     CPU time each 1,000 calls cost it (from /proc): the per-core figure holds even when the load
//     core, not the proxy, is what limits the calls per second.
// (c) Overload, the BFF over a stub that answers after 20 ms with MAX_UPSTREAM_IN_FLIGHT set: five
//     times the rate it sustains, open loop; the share answered 503, how fast, and the admitted calls'
//     p99. nginx and the bare Node proxy take the same load for contrast (neither sheds anything).
// (d) Two BFF replicas behind nginx sharing one Redis (replicas.ts): 1.8 times the rate one BFF
//     sustained in (b), open loop; then a card-payment burst from one client through nginx, to see
//     the limit held exactly across both replicas.
//
// Every load comes from many loopback source addresses (`--addresses=N`, 64 by default: 127.0.0.2
// onwards), so it looks like many shoppers: no address nears the BFF's per-address connection cap or
// its per-client share of the in-flight cap, and what the BFF refuses is its own shedding.
//
// `--profile` runs only a CPU profile of the BFF under the same calls (profile.ts, .bench/profile.md).
//
// Everything runs here as child processes, stopped at the end, on an error, Ctrl-C or SIGTERM: two
// stub backends (node:http), the BFF as production runs it (the bundle of server/start.ts, log at info
// to /dev/null), nginx (one worker) and the bare Node proxy (node:http + undici), the load generator
// (scripts/bench/bff/load.ts). With taskset the proxy under test has core 0 to itself; the generator,
// the stubs and this script share core 1. Writes .bench/bff.json.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_SOURCE_ADDRESSES } from './bench/bff/addresses.ts';
import { bundleHelpers } from './bench/bff/bundle.ts';
import { nginxVersion } from './bench/bff/nginx.ts';
import {
  measureLatency,
  measureOverload,
  measureThroughput,
  setClockTicks,
  setSourceAddresses,
  waitQuiet,
  warmUp,
} from './bench/bff/phases.ts';
import { killAllNow, setUpPinning, stopAll } from './bench/bff/processes.ts';
import { runProfile } from './bench/bff/profile.ts';
import { measureReplicas, redisAvailable } from './bench/bff/replicas.ts';
import {
  cpuPerCall,
  fmt,
  print,
  printLatency,
  printOverload,
  printReplicas,
  printThroughput,
  writeReport,
} from './bench/bff/report.ts';
import {
  AIMS,
  CALL_PATHS,
  DEFAULT_MAX_IN_FLIGHT,
  DEFAULT_SOURCE_ADDRESSES,
  LOAD_CORE,
  PROFILES,
  PROXY_CORE,
  STUB_BODY,
} from './bench/bff/settings.ts';
import { benchStaticDir, startTargets, type Target } from './bench/bff/targets.ts';
import { buildServer, SERVER_DIST, SERVER_NODE_FLAGS } from './build-server.mjs';

function parseArgs(argv: readonly string[]) {
  let quick = false;
  let cpuProfile = false;
  let maxInFlight = DEFAULT_MAX_IN_FLIGHT;
  let addresses = DEFAULT_SOURCE_ADDRESSES;
  for (const arg of argv) {
    if (arg === '--quick') quick = true;
    else if (arg === '--profile') cpuProfile = true;
    else if (arg.startsWith('--max-in-flight=')) {
      maxInFlight = Number(arg.slice('--max-in-flight='.length));
      if (!Number.isInteger(maxInFlight) || maxInFlight < 1) throw new Error(`bad ${arg}`);
    } else if (arg.startsWith('--addresses=')) {
      addresses = Number(arg.slice('--addresses='.length));
      if (!Number.isInteger(addresses) || addresses < 0 || addresses > MAX_SOURCE_ADDRESSES) {
        throw new Error(`bad ${arg}: 0 (one address, 127.0.0.1) to ${MAX_SOURCE_ADDRESSES}`);
      }
    } else if (arg === '--help' || arg === '-h') {
      print(
        'npm run bench:bff [-- --quick] [-- --max-in-flight=N] [-- --addresses=N] [-- --profile]   (see scripts/bench-bff.ts)',
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${arg} (try --help)`);
  }
  return { profile: PROFILES[quick ? 'quick' : 'full'], maxInFlight, addresses, cpuProfile };
}

let tempDir: string | undefined;

async function main() {
  const started = Date.now();
  const { profile, maxInFlight, addresses, cpuProfile } = parseArgs(process.argv.slice(2));
  setSourceAddresses(addresses);
  const cores = os.availableParallelism();
  const pinning = setUpPinning(cores);
  const nginx = nginxVersion();
  const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
  setClockTicks(clockTicks);
  const loadBefore = os.loadavg();
  const machine = {
    cores,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
    nginx: nginx ?? null,
    loadAverageBefore: loadBefore.map((n) => Number(n.toFixed(2))),
  };

  print(
    cpuProfile
      ? "bench:bff --profile: a CPU profile of the BFF under the bench's calls"
      : `bench:bff (${profile.name} run): the BFF beside nginx and a bare Node proxy, over a stub backend`,
  );
  print(
    `  machine  ${cores} cores (${machine.cpu}), ${machine.kernel}, node ${machine.node}, ` +
      `${nginx ?? 'nginx missing (apt-get install nginx): its rows are skipped'}, ` +
      `load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')}`,
  );
  if ((loadBefore[0] ?? 0) > 0.7)
    print('           the machine is busy with other work: expect noisy figures');
  print(
    `  pinning  ${
      pinning
        ? `taskset: the proxy under test on core ${PROXY_CORE}; the load generator, the stubs and this script on core ${LOAD_CORE}`
        : 'none (one core or no taskset): every process shares every core'
    }`,
  );

  print(
    `  clients  ${
      addresses > 0
        ? `${addresses} loopback source addresses (127.0.0.2 … 127.0.0.${addresses + 1}), connections spread evenly, calls in turn`
        : 'one source address (127.0.0.1: --addresses=0)'
    }`,
  );

  // The BFF as production runs it: its bundle, rebuilt now (a quarter of a second) so it is never stale.
  await buildServer();
  await bundleHelpers();
  tempDir = mkdtempSync(path.join(os.tmpdir(), 'bench-bff-'));
  if (cpuProfile) {
    const staticDir = benchStaticDir(tempDir);
    await runProfile({
      staticDir,
      seconds: 10,
      warmupSeconds: 2,
      connections: profile.throughput.connections,
    });
    print(
      `  run: ${Math.round((Date.now() - started) / 1000)} s, load average after ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    return;
  }
  const targets = await startTargets({
    tempDir,
    withNginx: Boolean(nginx),
    delayMs: profile.overload.delayMs,
    maxInFlight,
    print,
  });
  const inFlightText = `MAX_UPSTREAM_IN_FLIGHT=${maxInFlight}${
    targets.inFlight.status === 'known'
      ? ''
      : targets.inFlight.status === 'unknown'
        ? ' (not read by this build of the BFF: ignored)'
        : ' (refused by the BFF at start: it runs without it)'
  }`;
  print(
    `  BFF      node ${SERVER_NODE_FLAGS.join(' ')} ${SERVER_DIST}/start.mjs (bundled just now), one process, NODE_ENV=production, ` +
      `LOG_LEVEL=info (stdout → /dev/null), STATIC_DIR=${targets.staticDir}, ${inFlightText}`,
  );
  if (nginx) print('  nginx    1 worker process, HTTP/1.1 keep-alive to the stub, access log → /dev/null');
  print(
    `  node     node:http + undici Pool (128 connections, keep-alive), node ${SERVER_NODE_FLAGS.join(' ')}`,
  );
  print(
    `  stub     node:http, 200 with a ${Buffer.byteLength(STUB_BODY)}-byte JSON envelope; a second one answers after ` +
      `${profile.overload.delayMs} ms (overload)`,
  );
  print(`  calls    ${CALL_PATHS.map((p) => `GET ${p}`).join(' and ')} in turn, keep-alive, no session`);

  const fast = Object.values(targets.fast).filter((t): t is Target => t !== undefined);
  const slow = targets.slow;
  const everyPid = [...fast, ...Object.values(slow)].flatMap((t) => t?.pids ?? []);

  const phaseSeconds: Record<string, number> = {};
  let phaseStart = started;
  const phaseDone = (name: string) => {
    phaseSeconds[name] = Math.round((Date.now() - phaseStart) / 100) / 10;
    phaseStart = Date.now();
  };
  phaseDone('start');
  // Every proxy, the Node ones over the slow stub too (the overload's probe must not meet a cold BFF).
  await warmUp([...fast, ...[slow.bff, slow.node].filter((t): t is Target => t !== undefined)], profile);
  await waitQuiet(everyPid, profile.quietSeconds * 1000);
  phaseDone('warmup');
  const latency = await measureLatency(fast, profile);
  phaseDone('latency');
  printLatency(latency, profile);
  const throughput = await measureThroughput(fast, profile);
  phaseDone('throughput');
  printThroughput(throughput, profile);
  await waitQuiet(everyPid, profile.quietSeconds * 1000);
  const overload = await measureOverload(
    slow.bff as Target,
    [slow.nginx, slow.node].filter((t): t is Target => t !== undefined),
    profile,
    maxInFlight,
    AIMS.shedWithinMs,
    everyPid,
  );
  phaseDone('overload');
  printOverload(overload, inFlightText, profile);
  const bffShed = overload.rows.find((r) => r.target === 'bff');
  if (bffShed && bffShed.shed === 0) {
    print(
      `  note: the BFF answered no 503: ${
        targets.inFlight.status === 'known'
          ? 'its in-flight cap did not act at this rate'
          : 'this build has no in-flight cap (MAX_UPSTREAM_IN_FLIGHT ignored), so it queues the excess'
      }.`,
    );
  }

  let replicas: Awaited<ReturnType<typeof measureReplicas>> | null = null;
  // One replica's rate: what it sustained over the slow stub in (c)'s probe, with its cap of calls in
  // flight (a backend that answers in 20 ms, as a real one does). Two replicas hold twice the calls in
  // flight; over the stub that answers at once, one replica's rate is its whole core, and two replicas
  // beside nginx, the stub and the generator on a 2-core machine would only measure the cores running out.
  const oneReplicaRps = overload.probe.rps;
  if (!nginx || !redisAvailable()) {
    print();
    print(`(d) two replicas behind nginx: skipped (${nginx ? 'no /usr/bin/redis-server' : 'no nginx'})`);
  } else if (oneReplicaRps > 0) {
    await waitQuiet(everyPid, profile.quietSeconds * 1000);
    replicas = await measureReplicas({
      tempDir,
      stubUrl: targets.stubSlowUrl,
      maxInFlight,
      staticDir: targets.staticDirPath,
      oneReplicaRps,
      settings: profile.replicas,
      pinning,
      print,
    });
    phaseDone('replicas');
    printReplicas(replicas, profile);
  }

  const loadAfter = os.loadavg();
  const seconds = Math.round((Date.now() - started) / 1000);
  print();
  print(
    `  run: ${seconds} s, load average after ${loadAfter.map((n) => n.toFixed(2)).join(' ')}. ` +
      'Figures vary by machine and by run: compare runs on one machine, and ratios within a run.',
  );
  const file = writeReport({
    date: new Date().toISOString(),
    run: profile.name,
    seconds,
    phaseSeconds,
    machine: { ...machine, pinning: pinning ? { proxy: PROXY_CORE, loadStubsAndScript: LOAD_CORE } : null },
    settings: {
      profile,
      calls: CALL_PATHS,
      stubBodyBytes: Buffer.byteLength(STUB_BODY),
      bff: {
        command: `node ${SERVER_NODE_FLAGS.join(' ')} ${SERVER_DIST}/start.mjs`,
        env: { NODE_ENV: 'production', LOG_LEVEL: 'info', BFF_WORKERS: 1, STATIC_DIR: targets.staticDir },
        maxUpstreamInFlight: targets.inFlight,
      },
      sourceAddresses: addresses,
      aims: AIMS,
      clockTicks,
    },
    latency,
    throughput,
    cpuPerCallBffOverNode: cpuPerCall(
      throughput.find((r) => r.target === 'bff'),
      throughput.find((r) => r.target === 'node'),
    ),
    overload,
    replicas,
    loadAverageAfter: loadAfter.map((n) => Number(n.toFixed(2))),
  });
  print(`  report: ${file} (the previous one, if any: .bench/bff.previous.json)`);
  print(
    `  phases (s): ${Object.entries(phaseSeconds)
      .map(([name, s]) => `${name} ${fmt(s, 1)}`)
      .join(', ')}`,
  );
}

function cleanUpTemp() {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  tempDir = undefined;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\nbench:bff: ${signal}, stopping every process it started\n`);
    void stopAll().finally(() => {
      cleanUpTemp();
      process.exit(130);
    });
  });
}
// The last resort (an exception thrown past everything): no process outlives the run.
process.on('exit', () => {
  killAllNow();
  cleanUpTemp();
});

main().then(
  async () => {
    await stopAll();
    cleanUpTemp();
    process.exit(0);
  },
  async (error: unknown) => {
    if (interrupted) return;
    process.stderr.write(`bench:bff failed: ${error instanceof Error ? error.message : String(error)}\n`);
    await stopAll();
    cleanUpTemp();
    process.exit(1);
  },
);
