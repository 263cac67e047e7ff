// The helpers of `npm run bench:bff` (the stub backend, the bare Node proxy, the load generator),
// bundled to plain JavaScript in .bench/build/ (beside node_modules' reach): run through tsx they
// would pay its per-call wrappers (docs/decisions/0011), and the bare proxy must run as plainly as
// the bundled BFF it is compared with.
import path from 'node:path';
import { build } from 'esbuild';
import { BENCH_DIR, ROOT } from './settings.ts';

export const HELPERS = {
  stub: 'scripts/bench/bff/stub-backend.ts',
  'bare-proxy': 'scripts/bench/bff/bare-proxy.ts',
  load: 'scripts/bench/bff/load.ts',
} as const;

export type Helper = keyof typeof HELPERS;

export const helperFile = (helper: Helper) => path.join(BENCH_DIR, 'build', `${helper}.mjs`);

export async function bundleHelpers(): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: HELPERS,
    outdir: path.join(BENCH_DIR, 'build'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
  });
}
