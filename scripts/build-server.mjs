// Bundles the server (BFF and sandbox) into plain JavaScript in dist-server/, which `npm start` and
// the Docker image run with plain `node`. Not tsx at run time: tsx compiles with esbuild's keepNames,
// which wraps every function made per call in a `__name()` call, and turns on source maps; together
// they cost the BFF a fifth to a third of its throughput (docs/decisions/0011). The bundle keeps the
// packages in node_modules (only our own TypeScript is compiled), so it takes well under a second.
// Tests and `npm run dev` still run the sources.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_DIST = 'dist-server';

/**
 * Node's flags for the bundled server, wherever it runs for real: `npm start` (package.json), the
 * e2e run (playwright.config.ts), the Docker image's CMD and the benchmark's BFF
 * (scripts/bench/bff/targets.ts); a test checks the first three carry them.
 * `--max-semi-space-size=32`: V8's young generation twice its default (16 MB per semi-space), so the
 * short-lived objects of each call are collected half as often. The BFF then serves 4 to 10 % more
 * calls per second on one core (alternated A/B runs, docs/decisions/0011), for at most 32 MB more
 * memory per process. It must be given at start: V8 sizes its heap once.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * Entry points, named as they land in dist-server/ (one level below the root, like server/). The
 * benchmark runs this same start.mjs; it bundles its own helpers (scripts/bench/bff/bundle.ts).
 */
const ENTRIES = {
  start: 'server/start.ts',
};

export async function buildServer() {
  // Chunk names change with their content: last build's would pile up.
  rmSync(path.join(ROOT, SERVER_DIST), { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: SERVER_DIST,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    // Chunks beside the entries: every module must sit one level below the root (server/repo-root.ts).
    chunkNames: 'chunk-[hash]',
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // For `node --enable-source-maps dist-server/start.mjs` when a stack must point at the sources.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
