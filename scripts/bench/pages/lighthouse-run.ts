/** One Lighthouse run of one page in a fresh Chromium, with retries; and stopping Chromium. */
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result, type RunnerResult } from 'lighthouse';
import { BLOCKED_URL_PATTERNS, PAGES, type PageSpec, urlOf } from './pages.ts';
import { CHROME_PATH } from './settings.ts';
import { type Run, summarize } from './summary.ts';

let currentChrome: chromeLauncher.LaunchedChrome | undefined;
/** Set on Ctrl-C: no retry or new browser may start while we clean up. */
let stopping = false;
// Chromium runs in its own process group; it must not outlive this script however it ends.
process.once('exit', () => currentChrome?.kill());

export const stopRuns = () => {
  stopping = true;
};
export const isStopping = () => stopping;

export async function killChrome() {
  const chrome = currentChrome;
  currentChrome = undefined;
  if (!chrome || chrome.process.exitCode !== null) return;
  // Wait until it is really gone: the next run must not share the two cores with a dying browser.
  const closed = new Promise((resolve) => chrome.process.once('close', resolve));
  chrome.kill();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

async function lighthouseRun(base: string, name: string, run: number): Promise<{ result: Run; lhr: Result }> {
  const spec = PAGES[name] as PageSpec;
  const url = urlOf(base, spec);
  const host = new URL(base).hostname;
  if (stopping) throw new Error('stopped');
  const loadAverage = os.loadavg()[0] ?? 0;
  // A new Chromium with a new temporary profile every run: a cold cache and no session left over.
  currentChrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox', // root in a container
      '--disable-gpu', // no GPU here; avoids a crashing GPU process in headless
      `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${host}`,
    ],
    handleSIGINT: false, // our own handler also stops the server
  });
  try {
    const flags: Flags = {
      port: currentChrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      blockedUrlPatterns: BLOCKED_URL_PATTERNS,
    };
    // No config: Lighthouse's default, i.e. mobile with simulated throttling.
    const runner: RunnerResult | undefined = await lighthouse(url, flags);
    if (!runner) throw new Error('Lighthouse returned nothing');
    const { lhr } = runner;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const finalUrl = lhr.finalDisplayedUrl;
    if (new URL(finalUrl).pathname !== spec.path) {
      throw new Error(`ended on ${finalUrl}, not ${spec.path} (session refused?)`);
    }
    return { result: summarize(name, run, url, runner, loadAverage), lhr };
  } finally {
    await killChrome();
  }
}

/**
 * A run with retries. Chromium 156 under Lighthouse 12.8 now and then records a trace without the
 * main frame's navigationStart (NO_NAVSTART, about 1 run in 20-30: the page's new renderer process
 * starts tracing a moment too late); Lighthouse's own advice is to run again. The errors are kept.
 */
export async function measure(base: string, name: string, run: number) {
  const attempts = 3;
  const errors: string[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      const measured = await lighthouseRun(base, name, run);
      measured.result.retriedErrors = errors;
      return measured;
    } catch (error) {
      if (stopping) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= attempts) throw new Error(`${name} run ${run}: ${message} (after ${attempts} attempts)`);
      errors.push(message);
      console.warn(`  ${name} run ${run}: ${message}; trying again`);
    }
  }
}
