// The printout of `npm run bench:bff`: one table row per phase as it ends, and the number formats the
// rest of the printout shares.
import type { PhaseResult } from './phases.ts';

export const print = (line = '') => console.log(line);

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** The open-loop generator measures to the microsecond, autocannon to the millisecond. */
export const ms = (n: number, mode: PhaseResult['mode']) =>
  mode === 'paced' ? `${fmt(n, 2)} ms` : `${fmt(n)} ms`;

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

export function printHeader() {
  print(
    'targets: direct = the upstream itself; bff (one process, core 0); bff×2 (BFF_WORKERS=2, both cores, beside ' +
      'the load); nginx; node = a bare Node proxy (node:http + undici, nothing else)',
  );
  print(row(COLUMNS.map(([name]) => name)));
  print(row(COLUMNS.map(([, width]) => '-'.repeat(width))));
}

export function printRow(r: PhaseResult) {
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
