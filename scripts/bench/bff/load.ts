// The load generators of `npm run bench:bff`, each in its own process on the load's core: autocannon
// at fixed connections or at a fixed rate, and the open-loop generator at a fixed rate
// (scripts/bench/paced-load.ts: autocannon's fixed rate sends in bursts and rounds latencies to the
// millisecond).
import path from 'node:path';
import { launch } from './processes.ts';
import { LOAD_CORE, PACED_CONNECTIONS, PACED_S, PACED_WARMUP_S, RATE, ROOT } from './settings.ts';

const AUTOCANNON = path.join(ROOT, 'node_modules/autocannon/autocannon.js');

type Autocannon = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
};

export type Paced = {
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

export function autocannon(
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

export function paced(url: string, headers: Record<string, string>): Promise<Paced> {
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
