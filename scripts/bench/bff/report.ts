// The printout of `npm run bench:bff` (three tables and the run's facts) and its JSON twin,
// .bench/bff.json (the previous one kept as bff.previous.json, so two runs can be compared).
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LatencyRow, Overload, ThroughputRow } from './phases.ts';
import type { Replicas } from './replicas.ts';
import { AIMS, BENCH_DIR, PROXY_CORE, type Profile, ROOT } from './settings.ts';
import { describeShedReasons } from './shed-reasons.ts';

export const print = (line = '') => {
  process.stdout.write(`${line}\n`);
};

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number) => `${fmt(n, 2)} ms`;
const signedMs = (n: number | null) => (n === null ? '-' : `${n >= 0 ? '+' : ''}${fmt(n, 2)} ms`);
const percent = (share: number) => `${fmt(share * 100, 1)} %`;

/** Columns padded to their widest cell; the first left-aligned, the rest right-aligned. */
function table(head: readonly string[], rows: readonly (readonly string[])[]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  print(`  ${line(head)}`);
  print(`  ${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const row of rows) print(`  ${line(row)}`);
}

export function printLatency(rows: readonly LatencyRow[], profile: Profile) {
  const { rate, rounds, seconds } = profile.latency;
  print();
  print(
    `(a) latency added over the stub at a fixed ${fmt(rate)} req/s, open loop (each call timed from its ` +
      `scheduled send), ${rounds} × ${seconds} s per target in turns`,
  );
  table(
    [
      'target',
      'p50',
      'p99',
      'p99.9',
      'added p50',
      'added p99',
      'non-2xx',
      'errors',
      'CPU ms/1,000 calls',
      'gen. lag p99',
      `others on core ${PROXY_CORE}`,
    ],
    rows.map((r) => [
      r.label,
      ms(r.latency.p50Ms),
      ms(r.latency.p99Ms),
      ms(r.latency.p999Ms),
      signedMs(r.addedP50Ms),
      signedMs(r.addedP99Ms),
      fmt(r.non2xx),
      fmt(r.errors),
      `${fmt(r.cpuMsPer1000, 1)}${r.target === 'direct' ? ' (stub)' : ''}`,
      ms(r.lagP99Ms),
      `${r.othersOnProxyCorePercent} %`,
    ]),
  );
  const bff = rows.find((r) => r.target === 'bff');
  print(
    `  added p99 by round (this round's p99 through the proxy − the stub's directly in the same round), ` +
      `median of ${rounds}:`,
  );
  for (const row of rows) {
    if (row.addedP99RoundsMs === null) continue;
    print(
      `    ${row.label.padEnd(16)} median ${signedMs(row.addedP99MedianMs)}  (rounds: ${row.addedP99RoundsMs
        .map((n) => signedMs(n))
        .join(', ')})`,
    );
  }
  if (bff?.addedP99Ms !== null && bff?.addedP99Ms !== undefined) {
    print(
      `  BFF: median added p99 ${signedMs(bff.addedP99MedianMs)} over ${rounds} round(s) ` +
        `(every round's calls together: ${signedMs(bff.addedP99Ms)} at p99, ${signedMs(bff.addedP50Ms)} at p50; ` +
        `aim: ≤ ${AIMS.addedP99Ms} ms added at p99). "added" = p through the proxy − p calling the stub directly. ` +
        `Most calls in flight from one source address: ${bff.maxInFlightPerAddress}.`,
    );
  }
  const below = rows.filter((r) => (r.addedP99Ms ?? 0) < 0);
  if (below.length > 0) {
    print(
      `  note: ${below.map((r) => r.label).join(', ')} came out faster than the stub directly at p99: the direct run met ` +
        "more of the machine's noise than theirs, so this run says little about the added p99; run again on a quiet machine.",
    );
  }
  print(
    '  The generator reads its clock every millisecond, so a call leaves up to ~1 ms after its time (gen. lag);' +
      ` that is in every row alike, the direct one included. "others on core ${PROXY_CORE}": the proxy's core used by` +
      ' processes outside this benchmark while measured (0 % on a quiet machine).',
  );
}

export function printThroughput(rows: readonly ThroughputRow[], profile: Profile) {
  const { connections, rounds, seconds } = profile.throughput;
  print();
  print(
    `(b) calls per second, closed loop, ${connections} connections, each proxy one process on one core, ` +
      `${rounds} × ${seconds} s per target in turns`,
  );
  table(
    [
      'target',
      'req/s',
      'p50',
      'p99',
      'non-2xx',
      'errors',
      'CPU of its core',
      'CPU s/1,000 calls',
      'req/s per core',
      `others on core ${PROXY_CORE}`,
    ],
    rows.map((r) => [
      r.label,
      fmt(r.rps),
      ms(r.latency.p50Ms),
      ms(r.latency.p99Ms),
      fmt(r.non2xx),
      fmt(r.errors),
      `${r.cpuPercent} %${r.target === 'direct' ? ' (stub)' : ''}`,
      fmt(r.cpuSecondsPer1000, 3),
      r.target === 'direct' ? '-' : fmt(r.rpsPerCore),
      `${r.othersOnProxyCorePercent} %`,
    ]),
  );
  const bff = rows.find((r) => r.target === 'bff');
  const node = rows.find((r) => r.target === 'node');
  const nginx = rows.find((r) => r.target === 'nginx');
  const ratio = (a?: ThroughputRow, b?: ThroughputRow) =>
    a && b && b.rpsPerCore > 0 ? fmt(a.rpsPerCore / b.rpsPerCore, 2) : '-';
  print(
    `  req/s per core = 1,000 / CPU s per 1,000 calls: what one fully busy core would answer at that cost. ` +
      `BFF / bare Node proxy: ${ratio(bff, node)}; BFF / nginx: ${ratio(bff, nginx)}.`,
  );
  const perCall = cpuPerCall(bff, node);
  if (bff && node && perCall !== null) {
    print(
      `  CPU per call: BFF ${fmt(bff.cpuSecondsPer1000 * 1000)} µs, bare Node proxy ${fmt(node.cpuSecondsPer1000 * 1000)} µs` +
        `${nginx ? `, nginx ${fmt(nginx.cpuSecondsPer1000 * 1000)} µs` : ''}: the BFF costs ${fmt(perCall, 2)}× the bare ` +
        `Node proxy (aim: ≤ ${AIMS.cpuPerCallVsNode}×).`,
    );
  }
  const held = rows.filter((r) => r.target !== 'direct' && r.cpuPercent < 90);
  if (held.length > 0) {
    print(
      `  ${held.map((r) => r.label).join(', ')}: under 90 % of its core, so something else set the pace: the load ` +
        `core (generator at ${held.map((r) => `${r.loadCpuPercent} %`).join(', ')} of it, plus the stub) or other work ` +
        `on core ${PROXY_CORE}. Read req/s per core rather than req/s.`,
    );
  }
}

/** The BFF's CPU per call over the bare Node proxy's (null when either is missing or free). */
export function cpuPerCall(bff?: ThroughputRow, node?: ThroughputRow): number | null {
  if (!bff || !node || node.cpuSecondsPer1000 <= 0 || bff.cpuSecondsPer1000 <= 0) return null;
  return Math.round((bff.cpuSecondsPer1000 / node.cpuSecondsPer1000) * 100) / 100;
}

export function printOverload(overload: Overload, maxInFlight: string, profile: Profile) {
  const { probe } = overload;
  print();
  print(
    `(c) overload: the BFF over a stub that answers after ${overload.delayMs} ms, ${maxInFlight}; ` +
      `${overload.multiple}× the rate it sustains, open loop`,
  );
  print(
    `  sustained: ${fmt(probe.rps)} req/s (closed loop, ${probe.connections} connections = the cap, ${fmt(probe.seconds, 1)} s; ` +
      `${fmt(probe.non2xx)} non-2xx, ${fmt(probe.errors)} errors) → offered ${overload.multiple}× = ${fmt(overload.offeredRps)} req/s ` +
      `for ${profile.overload.seconds} s (BFF, ${profile.overload.rounds} round(s)) and ${profile.overload.contrastSeconds} s (contrast)`,
  );
  table(
    [
      'target',
      'addresses',
      'max conn./addr.',
      'max in flight/addr.',
      '503 share',
      '503 ≤ 10 ms',
      'with Retry-After',
      'admitted',
      'admitted p50',
      'admitted p99',
      'other',
      'cut',
      'unanswered',
      'CPU of its core',
      'RSS MB',
      'gen. lag p99',
      `others on core ${PROXY_CORE}`,
    ],
    overload.rows.map((r) => [
      r.round === null ? `${r.label} (contrast)` : `${r.label}, round ${r.round}`,
      r.sourceAddresses > 0 ? fmt(r.sourceAddresses) : '1',
      fmt(r.maxConnectionsPerAddress),
      fmt(r.maxInFlightPerAddress),
      `${percent(r.shedShare)} (${fmt(r.shed)})`,
      r.shed > 0 ? percent(r.shedFastShare) : '-',
      r.shed > 0 ? percent(r.shedRetryAfterShare) : '-',
      `${fmt(r.admitted)} of ${fmt(r.sent)}`,
      ms(r.admittedLatency.p50Ms),
      ms(r.admittedLatency.p99Ms),
      Object.entries(r.otherStatuses)
        .map(([status, n]) => `${fmt(n)}×${status}`)
        .join(' ') || '0',
      fmt(r.errors),
      fmt(r.unanswered),
      `${r.cpuPercent} %`,
      `${fmt(r.rssMb.before)} → ${fmt(r.rssMb.after)}`,
      ms(r.lagP99Ms),
      `${r.othersOnProxyCorePercent} %`,
    ]),
  );
  print(
    `  aims: the excess answered 503 with Retry-After within ${AIMS.shedWithinMs} ms; the admitted calls' p99 ≤ ` +
      `${AIMS.admittedP99Ms} ms; memory flat. Times run from each call's scheduled send; "cut": connections closed or ` +
      'refused before the answer; "unanswered": calls still waiting when the settle time ran out. The load comes from many loopback source addresses, so no address ' +
      'nears MAX_CONNECTIONS_PER_IP (128): the 503s are the BFF’s own shedding (max in flight/addr. counts the calls ' +
      'the generator had sent and not yet seen answered, shed ones included). nginx and the bare Node proxy admit ' +
      'everything (no cap); the bare ' +
      "proxy's pool, like the BFF's, holds 128 connections to the stub, beyond which calls wait in it.",
  );
  const m = overload.bffMedian;
  print(
    `  BFF, median of its ${profile.overload.rounds} round(s): 503s' p99 ${ms(m.shedP99Ms)} (${percent(m.shedFastShare)} within ` +
      `${AIMS.shedWithinMs} ms), admitted p99 ${ms(m.admittedP99Ms)}, RSS ${m.rssGrowthMb >= 0 ? '+' : ''}${fmt(m.rssGrowthMb, 1)} MB ` +
      `(aims: ≤ ${AIMS.shedWithinMs} ms, ≤ ${AIMS.admittedP99Ms} ms, flat).`,
  );
  for (const r of overload.rows) {
    if (r.shedBy)
      print(
        `  round ${r.round}: the 503s by the guard's limit (its metrics, the load's warm-up included): ${describeShedReasons(r.shedBy, fmt)}`,
      );
  }
  const lagging = overload.rows.filter((r) => r.lagP99Ms > 5);
  if (lagging.length > 0) {
    print(
      `  note: the generator ran late (${lagging.map((r) => `${r.label} ${ms(r.lagP99Ms)}`).join(', ')} at p99): it could not ` +
        'offer the whole rate on time, and the lateness is in those latencies.',
    );
  }
}

export function printReplicas(replicas: Replicas, profile: Profile) {
  const { multiple, seconds } = profile.replicas;
  print();
  print(
    `(d) two BFF replicas behind nginx (round robin, keep-alive, X-Forwarded-For) sharing one Redis, ` +
      `${multiple}× one replica's rate, open loop, ${seconds} s`,
  );
  print(
    `  one replica sustained ${fmt(replicas.oneReplicaRps)} req/s over the ${profile.overload.delayMs} ms stub in (c)'s probe → offered ${fmt(replicas.offeredRps)} req/s; ` +
      `${replicas.pinning}; ${replicas.redis}`,
  );
  const non2xx = Object.entries(replicas.non2xx);
  table(
    ['target', 'sent', '2xx', 'non-2xx', 'errors', 'p50', 'p99', 'CPU (% of a core)', 'gen. lag p99'],
    [
      [
        'replicas + nginx',
        fmt(replicas.sent),
        fmt(replicas.answered2xx),
        non2xx.length === 0 ? '0' : non2xx.map(([status, n]) => `${fmt(n)}×${status}`).join(' '),
        fmt(replicas.errors),
        ms(replicas.latency.p50Ms),
        ms(replicas.latency.p99Ms),
        `${replicas.cpuPercent} %`,
        ms(replicas.lagP99Ms),
      ],
    ],
  );
  print(
    `  the 503s by the guards' limit (both replicas' metrics, the load's warm-up included): ${describeShedReasons(replicas.shedBy, fmt)}`,
  );
  const { card } = replicas;
  print(
    `  card-payment limit across the replicas: RATE_LIMIT_CARD_PAYMENTS_PER_MIN=${card.limitPerMinute}, ` +
      `${card.sent} × POST ${'/api/order/payment/credit'} from ${card.clientAddress} through nginx → ` +
      `${card.admitted} let through, ${card.limited} answered 429 ` +
      `(${card.admitted === card.limitPerMinute && card.limited === card.sent - card.limitPerMinute ? 'exactly the limit' : `NOT the limit of ${card.limitPerMinute}`}); ` +
      `statuses ${Object.entries(card.byStatus)
        .map(([status, n]) => `${n}×${status}`)
        .join(' ')}; by replica ${Object.entries(card.byReplica)
        .map(([replica, n]) => `${replica} ${n}`)
        .join(', ')}.`,
  );
  print(
    `  aims: 0 errors at ${multiple}× one replica's rate; the card-payment limit exact across both replicas. The two ` +
      `replicas and nginx share core ${PROXY_CORE} (over a 20 ms backend a replica's rate is bound by its cap of calls in flight, ` +
      'not its core): 503s with "loop" say that core ran short, not that a replica was wrong to shed.',
  );
}

/** Writes .bench/bff.json (the previous one renamed bff.previous.json); returns its path from the root. */
export function writeReport(report: object): string {
  mkdirSync(BENCH_DIR, { recursive: true });
  const file = path.join(BENCH_DIR, 'bff.json');
  if (existsSync(file)) renameSync(file, path.join(BENCH_DIR, 'bff.previous.json'));
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return path.relative(ROOT, file);
}
