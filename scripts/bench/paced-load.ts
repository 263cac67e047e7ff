// An open-loop load generator for the fixed-rate phase of `npm run bench:bff` (scripts/bench-bff.ts),
// next to autocannon's own fixed rate. autocannon 8's `overallRate` is a per-second budget: each
// connection sends its share back to back at the start of every second and then waits (bursts at
// the connection count's concurrency, not calls spread over the second), and it records latencies in
// whole milliseconds. Here a call is started every 1/rate s on a clock, whether or not the earlier
// ones have been answered (no coordinated omission: a slow answer never delays the next call), over a
// keep-alive pool large enough that calls never wait for a free connection, and each latency
// (request sent to body received) is kept to the microsecond.
// Run it as `node --import tsx scripts/bench/paced-load.ts '<json options>'`; prints one JSON line.
import { Pool } from 'undici';

type Options = {
  url: string;
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  connections: number;
  /** Calls at the same rate before the measured ones, not recorded: this process's own start
   * (compiling undici, opening the pool's connections) would otherwise be the slowest 1 %. */
  warmupSeconds: number;
};

const options = JSON.parse(process.argv[2] ?? '') as Options;
const target = new URL(options.url);
const pool = new Pool(target.origin, { connections: options.connections, keepAliveTimeout: 60_000 });
const warmup = Math.round(options.rate * options.warmupSeconds);
const total = warmup + Math.round(options.rate * options.seconds);
const interval = 1000 / options.rate;

const latencies: number[] = [];
/** How late each call left compared with its slot on the clock (the generator's own lag). */
const lags: number[] = [];
let errors = 0;
let non2xx = 0;
let sent = 0;
let settled = 0;

function fire(slot: number, recorded: boolean) {
  const started = performance.now();
  if (recorded) lags.push(started - slot);
  pool
    .request({ path: target.pathname + target.search, method: 'GET', headers: options.headers })
    .then(async (answer) => {
      await answer.body.arrayBuffer();
      if (!recorded) return;
      latencies.push(performance.now() - started);
      if (answer.statusCode < 200 || answer.statusCode > 299) non2xx++;
    })
    .catch(() => {
      if (recorded) errors++;
    })
    .finally(() => {
      settled++;
    });
}

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
const round = (ms: number) => Math.round(ms * 1000) / 1000;

const start = performance.now();
await new Promise<void>((resolve) => {
  // A 1 ms tick sends every call whose slot has come; sleeping between ticks leaves the core to the
  // process under test when they share one (a busy loop would not).
  const ticker = setInterval(() => {
    const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
    while (sent < due) {
      fire(start + sent * interval, sent >= warmup);
      sent++;
    }
    if (sent === total) {
      clearInterval(ticker);
      resolve();
    }
  }, 1);
});
const lastSent = performance.now();
const measuredFrom = start + warmup * interval;
// Calls still in flight get up to 10 s to settle; what never does counts as an error.
while (settled < sent && performance.now() - lastSent < 10_000) {
  await new Promise((resolve) => setTimeout(resolve, 5));
}
errors += sent - settled;
const elapsed = (performance.now() - measuredFrom) / 1000;
latencies.sort((a, b) => a - b);
lags.sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    sent: sent - warmup,
    completed: latencies.length,
    errors,
    non2xx,
    seconds: round(elapsed),
    rate: Math.round((sent - warmup) / ((lastSent - measuredFrom) / 1000)),
    latencyMs: {
      p50: round(percentile(latencies, 0.5)),
      p90: round(percentile(latencies, 0.9)),
      p99: round(percentile(latencies, 0.99)),
      p999: round(percentile(latencies, 0.999)),
      max: round(latencies.at(-1) ?? 0),
    },
    lagMs: { p50: round(percentile(lags, 0.5)), p99: round(percentile(lags, 0.99)) },
  })}\n`,
);
await pool.close();
