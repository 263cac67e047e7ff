/** bench:pages's settings from the environment, and where the browser and the results live. */
import path from 'node:path';
import { ROOT } from '@server/build-state.ts';
import { PAGES } from './pages.ts';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const RESULTS_DIR = path.join(ROOT, 'bench-results');

export function settings() {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50)
    throw new Error('BENCH_RUNS must be a whole number 1–50');
  const names = (process.env.BENCH_PAGES ?? Object.keys(PAGES).join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(name in PAGES));
  if (unknown.length || !names.length) {
    throw new Error(
      `BENCH_PAGES: unknown page(s) ${unknown.join(', ')}; choose from ${Object.keys(PAGES).join(', ')}`,
    );
  }
  const benchUrl = process.env.BENCH_URL?.replace(/\/+$/, '');
  return { runs, names, benchUrl };
}
