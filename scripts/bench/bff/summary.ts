// What `npm run bench:bff` prints after the table: the ratios BFF/direct, BFF/nginx and BFF/bare Node
// proxy, each proxy's CPU time per call, and the bars (../shared/design/quality-bars.md, "Speed of the
// BFF") with their verdicts. A missed bar prints FAIL; it does not fail the run.
import type { PhaseResult } from './phases.ts';
import { BARS, RATE, THROUGHPUT_CONNECTIONS } from './settings.ts';
import { fmt, ms, print } from './table.ts';

type Find = (
  upstream: PhaseResult['upstream'],
  target: PhaseResult['target'],
  mode: PhaseResult['mode'],
) => PhaseResult | undefined;

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

function printRatios(results: PhaseResult[], find: Find) {
  const ratios: Record<string, number | null> = {};
  print();
  print('Ratios (throughput at 50 connections)');
  for (const upstream of ['sandbox', 'stub'] as const) {
    const direct = find(upstream, 'direct', 'connections');
    const bff = find(upstream, 'bff', 'connections');
    const nginx = find(upstream, 'nginx', 'connections');
    const bareNode = find(upstream, 'node', 'connections');
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
    if (bareNode) {
      ratios[`${upstream}: bff/bare node`] = Number((bff.rps / bareNode.rps).toFixed(3));
      line += `   BFF/bare Node proxy ${fmt(bff.rps / bareNode.rps, 2)}`;
    }
    print(line);
  }
  // CPU time per call of each proxy (from its process's CPU use over the phase): what a core of it
  // sustains, whatever else shared the machine.
  const cpuPerCallUs: Record<string, number> = {};
  const costs: string[] = [];
  for (const r of results.filter((r) => r.mode === 'connections' && r.target !== 'direct')) {
    cpuPerCallUs[`${r.upstream}: ${r.target}`] = r.cpuPerCallUs;
    costs.push(`${r.target} over the ${r.upstream} ${fmt(r.cpuPerCallUs)} µs`);
  }
  if (costs.length > 0) print(`  CPU per call: ${costs.join(', ')}`);
  return { ratios, cpuPerCallUs };
}

function printBars(results: PhaseResult[], find: Find, logLevel: string, nginxVersion: string | undefined) {
  const bars: Record<string, unknown> = {};
  print();
  print(`Bars (../shared/design/quality-bars.md, "Speed of the BFF"); BFF log level: ${logLevel}`);
  for (const [upstream, mode] of [
    ['sandbox', 'paced'],
    ['sandbox', 'rate'],
    ['stub', 'paced'],
    ['stub', 'rate'],
  ] as const) {
    const direct = find(upstream, 'direct', mode);
    const bff = find(upstream, 'bff', mode);
    const nginx = find(upstream, 'nginx', mode);
    if (!direct || !bff) continue;
    const added = bff.p99Ms - direct.p99Ms;
    const clean = bff.errors + bff.non2xx === 0;
    // The direct run slower than the BFF's by more than the bar: nothing the BFF did, the machine's
    // noise (another process, a pause) decided both p99s. No verdict from such a run.
    const noisy = added < -BARS.addedP99Ms;
    const pass = noisy ? null : added <= BARS.addedP99Ms && clean;
    const how =
      mode === 'paced' ? 'open loop, µs resolution' : 'autocannon -R, bursts each second, 1 ms resolution';
    bars[`added p99 at ${RATE}/s over the ${upstream} (${mode})`] = {
      bffMs: bff.p99Ms,
      directMs: direct.p99Ms,
      addedMs: Number(added.toFixed(3)),
      nginxAddedMs: nginx ? Number((nginx.p99Ms - direct.p99Ms).toFixed(3)) : null,
      pass,
    };
    print(
      `  ${pass === null ? 'NOISY' : verdict(pass)}  added p99 at ${fmt(RATE)} req/s over the ${upstream} (${how}): ${ms(added, mode)} ` +
        `(BFF ${ms(bff.p99Ms, mode)} − direct ${ms(direct.p99Ms, mode)}; bar ≤ ${BARS.addedP99Ms} ms)` +
        (nginx ? `; nginx adds ${ms(nginx.p99Ms - direct.p99Ms, mode)}` : '') +
        (noisy ? '; the direct run was the slower one: run again on a quiet machine' : ''),
    );
  }
  // The bar is for the BFF on 2 cores: its two processes (BFF_WORKERS=2), here beside the load and the
  // stub. One process on one core is what a core of it carries: reported, judged against nothing.
  for (const [upstream, name] of [
    ['sandbox', 'bff'],
    ['stub', 'bff×2'],
    ['stub', 'bff'],
  ] as const) {
    const bff = find(upstream, name, 'connections');
    const direct = find(upstream, 'direct', 'connections');
    if (!bff || !direct) continue;
    const judged = name === 'bff×2' || upstream === 'sandbox';
    const pass = bff.rps >= BARS.throughput && bff.errors === 0 && bff.non2xx === 0;
    const which =
      name === 'bff'
        ? upstream === 'sandbox'
          ? 'the BFF'
          : 'the BFF, one process on one core'
        : 'the BFF on 2 cores (BFF_WORKERS=2, beside the load and the stub)';
    bars[`throughput through ${which} over the ${upstream}`] = {
      rps: bff.rps,
      errors: bff.errors,
      non2xx: bff.non2xx,
      directRps: direct.rps,
      pass: judged ? pass : null,
    };
    const bareNode = find(upstream, 'node', 'connections');
    const ceiling =
      direct.rps < BARS.throughput
        ? `; the ${upstream} alone answers ${fmt(direct.rps)} req/s, the ceiling of any proxy in front of it`
        : bareNode && name === 'bff'
          ? `; a bare Node proxy on the same core: ${fmt(bareNode.rps)} req/s`
          : '';
    const figure = `${fmt(bff.rps)} req/s, ${bff.errors} errors, ${bff.non2xx} non-2xx`;
    print(
      judged
        ? `  ${verdict(pass)}  throughput through ${which} over the ${upstream}, ${THROUGHPUT_CONNECTIONS} connections: ` +
            `${figure} (bar ≥ ${fmt(BARS.throughput)}, 0 errors)${ceiling}`
        : `  info  throughput through ${which} over the ${upstream}: ${figure}${ceiling}`,
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
  return bars;
}

/** Prints the ratios and the bars; returns them for the report. */
export function printSummary(results: PhaseResult[], logLevel: string, nginxVersion: string | undefined) {
  const find: Find = (upstream, target, mode) =>
    results.find((r) => r.upstream === upstream && r.target === target && r.mode === mode);
  const { ratios, cpuPerCallUs } = printRatios(results, find);
  const bars = printBars(results, find, logLevel, nginxVersion);
  return { bars, ratios, cpuPerCallUs };
}
