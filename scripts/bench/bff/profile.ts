// `npm run bench:bff -- --profile`: only a CPU profile of the BFF. The bundled BFF, started with
// `--cpu-prof` and pinned to the proxy's core, over the stub that answers at once, under a steady
// closed-loop load of the bench's own calls (the same GETs, no session) from the load's core; stopped
// with SIGINT so it exits itself and V8 writes the profile. Then the profile summed by package and by
// our own module (profile-table.ts; dist-server's chunks mapped back to their sources through their
// linked source maps) and the top functions by self time: printed and written to .bench/profile.md.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';
import { SERVER_DIST } from '../../build-server.mjs';
import { runLoadOn } from './phases.ts';
import { stop } from './processes.ts';
import {
  aggregateProfile,
  basicPlace,
  type CallFrame,
  type CpuProfile,
  type Place,
  type ProfileTable,
} from './profile-table.ts';
import { fmt, print } from './report.ts';
import { BENCH_DIR, CALL_PATHS, LOAD_CORE, PROXY_CORE, ROOT } from './settings.ts';
import { check, startBff, startHelper, type Target } from './targets.ts';

export const PROFILE_DIR = path.join(BENCH_DIR, 'profile');
export const PROFILE_REPORT = path.join(BENCH_DIR, 'profile.md');

/** Maps frames of dist-server's chunks to their sources (server/bff/<file>.ts); others as basicPlace. */
export function sourceMapLocator(): (frame: CallFrame) => Place {
  const consumers = new Map<string, SourceMapConsumer | null>();
  const consumerFor = (file: string) => {
    if (!consumers.has(file)) {
      try {
        consumers.set(file, new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
      } catch {
        consumers.set(file, null);
      }
    }
    return consumers.get(file) ?? null;
  };
  const mapped = (frame: CallFrame): Place => {
    const file = frame.url.startsWith('file:') ? fileURLToPath(frame.url) : frame.url;
    const relative = path.relative(ROOT, file);
    if (relative.startsWith(`${SERVER_DIST}${path.sep}`)) {
      const position = consumerFor(file)?.originalPositionFor({
        line: frame.lineNumber + 1,
        column: Math.max(0, frame.columnNumber),
      });
      if (position?.source) {
        const source = path.relative(ROOT, path.resolve(path.dirname(file), position.source));
        return { group: source, kind: 'module', where: `${source}:${position.line}` };
      }
      return {
        group: `${relative} (unmapped)`,
        kind: 'module',
        where: `${relative}:${frame.lineNumber + 1}`,
      };
    }
    return {
      group: relative.startsWith('..') ? file : relative,
      kind: 'other',
      where: `${relative}:${frame.lineNumber + 1}`,
    };
  };
  return (frame) => basicPlace(frame, mapped);
}

const KIND_LABEL: Record<string, string> = {
  package: 'package',
  module: 'our module',
  node: 'Node',
  native: 'V8',
  gc: 'GC',
  idle: 'idle',
  program: 'V8 (program)',
  other: 'other',
};

/** The table as Markdown lines (the printout and .bench/profile.md alike). */
export function profileMarkdown(table: ProfileTable, topFunctions = 15): string[] {
  const msOf = (us: number) => fmt(us / 1000, 0);
  const share = (us: number, of: number) => (of > 0 ? `${fmt((100 * us) / of, 1)} %` : '-');
  const lines = [
    `Total ${fmt(table.totalUs / 1e6, 2)} s in ${fmt(table.samples)} samples; busy (not idle) ${fmt(table.busyUs / 1e6, 2)} s. ` +
      'Shares are of the busy time. Inclusive: samples with the group anywhere on the stack, each counted once.',
    '',
    '| group | kind | self ms | self % | inclusive ms | inclusive % |',
    '|---|---|--:|--:|--:|--:|',
  ];
  for (const row of table.groups) {
    const idle = row.kind === 'idle';
    lines.push(
      `| ${row.group} | ${KIND_LABEL[row.kind] ?? row.kind} | ${msOf(row.selfUs)} | ${idle ? '-' : share(row.selfUs, table.busyUs)} | ` +
        `${msOf(row.inclusiveUs)} | ${idle ? '-' : share(row.inclusiveUs, table.busyUs)} |`,
    );
  }
  const nodeModules = new Map<string, number>();
  for (const f of table.functions) {
    if (f.group !== 'node: internals') continue;
    const module = f.where.slice(0, f.where.lastIndexOf(':'));
    nodeModules.set(module, (nodeModules.get(module) ?? 0) + f.selfUs);
  }
  lines.push('', "Node's own modules (node: internals above) by self time, top 10:", '');
  lines.push('| module | self ms | self % |', '|---|--:|--:|');
  for (const [module, us] of [...nodeModules].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    lines.push(`| ${module} | ${msOf(us)} | ${share(us, table.busyUs)} |`);
  }
  lines.push('', `Top ${topFunctions} functions by self time (idle left out):`, '');
  lines.push('| function | where | self ms | self % |', '|---|---|--:|--:|');
  for (const f of table.functions.filter((f) => f.group !== '(idle)').slice(0, topFunctions)) {
    lines.push(
      `| ${f.name} | ${f.where || f.group} | ${msOf(f.selfUs)} | ${share(f.selfUs, table.busyUs)} |`,
    );
  }
  return lines;
}

/** The newest .cpuprofile in `dir`. */
function newestProfile(dir: string): string {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const file = files[0];
  if (!file) throw new Error(`the BFF wrote no .cpuprofile in ${path.relative(ROOT, dir)}`);
  return file;
}

export async function runProfile(options: {
  staticDir: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
}): Promise<void> {
  rmSync(PROFILE_DIR, { recursive: true, force: true });
  mkdirSync(PROFILE_DIR, { recursive: true });
  const stub = await startHelper('stub', 'stub', LOAD_CORE, { ...process.env, STUB_DELAY_MS: '0' });
  const bff = await startBff('BFF (--cpu-prof)', stub.url, options.staticDir, undefined, print, {
    nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`],
  });
  const target: Target = { key: 'bff', label: 'BFF', origin: bff.origin, pids: [bff.entry.pid] };
  await check(target);
  print(
    `  profiling: the BFF on core ${PROXY_CORE} with --cpu-prof, closed loop, ${options.connections} connections, ` +
      `GET ${CALL_PATHS.join(' and GET ')} in turn, ${options.warmupSeconds} s warm-up + ${options.seconds} s`,
  );
  const load = await runLoadOn(target, {
    mode: 'closed',
    connections: options.connections,
    warmupSeconds: options.warmupSeconds,
    seconds: options.seconds,
  });
  print(
    `  load: ${fmt(Math.round(load.latencyUs.ok.length / Math.max(load.seconds, 0.001)))} req/s answered 2xx, ` +
      `${fmt(load.answered - load.latencyUs.ok.length)} non-2xx, ${fmt(load.errors)} errors, ` +
      `the BFF at ${Math.round((100 * load.targetCpuSeconds) / Math.max(load.seconds, 0.001))} % of its core`,
  );
  // SIGINT: the BFF closes and exits itself, and V8 writes the profile on that exit.
  bff.entry.server = false;
  await stop(bff.entry, 'SIGINT', 20_000);
  const file = newestProfile(PROFILE_DIR);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const table = aggregateProfile(profile, sourceMapLocator());
  const lines = profileMarkdown(table);
  print();
  print(
    `CPU profile of the BFF (${path.relative(ROOT, file)}), self and inclusive time by package and by our module:`,
  );
  print();
  for (const line of lines) print(`  ${line}`);
  writeFileSync(
    PROFILE_REPORT,
    [
      '# CPU profile of the BFF (`npm run bench:bff -- --profile`)',
      '',
      `${new Date().toISOString()}; the whole process's life (start, warm-up, ${options.seconds} s of load, close).`,
      `Load: closed loop, ${options.connections} connections, GET ${CALL_PATHS.join(' and GET ')}, ` +
        `${fmt(Math.round(load.latencyUs.ok.length / Math.max(load.seconds, 0.001)))} req/s.`,
      '',
      ...lines,
      '',
    ].join('\n'),
  );
  print();
  print(
    `  written: ${path.relative(ROOT, PROFILE_REPORT)}; the profile itself: ${path.relative(ROOT, file)}`,
  );
}
