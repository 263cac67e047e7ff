// The load generator of `npm run bench:bff`, run as its own process on the load's core (bundled by
// scripts/bench/bff/bundle.ts; `node .bench/build/load.mjs '<json options>'`, one JSON line out):
// the closed loop is autocannon (closed-loop.ts), the open loop a clock of its own (open-loop.ts).
import { runClosedLoop } from './closed-loop.ts';
import type { LoadOptions } from './load-result.ts';
import { runOpenLoop } from './open-loop.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const result = options.mode === 'open' ? await runOpenLoop(options) : await runClosedLoop(options);
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
