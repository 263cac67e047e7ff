// The servers `npm run bench:bff` measures. Two stub backends on the load's core (one answering at
// once, one after the overload's delay) and, on the proxy's core, in front of each: nginx (one
// process, a server per stub), the bare Node proxy and the BFF. The BFF is production's own bundle,
// started as production starts it (`node --max-semi-space-size=32 dist-server/start.mjs`, one process,
// its log at info on stdout, sent to /dev/null).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_DIST, SERVER_NODE_FLAGS } from '../../build-server.mjs';
import { freePort } from '../free-port.ts';
import { helperFile } from './bundle.ts';
import { startNginx } from './nginx.ts';
import { firstLine, launch, type Started, stop } from './processes.ts';
import { CALL_HEADERS, CALL_PATHS, LOAD_CORE, PROXY_CORE, ROOT, STUB_BODY } from './settings.ts';

export type TargetKey = 'direct' | 'nginx' | 'node' | 'bff';

export type Target = {
  key: TargetKey;
  label: string;
  origin: string;
  /** The processes that answer the load (for their CPU time); the stub's for `direct`. */
  pids: number[];
  /** The BFFs' METRICS_PORT origins (shed-reasons.ts), for the BFF targets only. */
  metricsOrigins?: string[];
};

/** Whether the BFF got MAX_UPSTREAM_IN_FLIGHT, and what it made of it. */
export type InFlightSetting = {
  value: number;
  /**
   * known: the BFF's bundle reads the variable. unknown: it does not (this branch has no cap yet;
   * the BFF ignores variables it does not know). refused: the BFF would not start with it, so it runs
   * without.
   */
  status: 'known' | 'unknown' | 'refused';
};

export type Targets = {
  fast: Record<TargetKey, Target | undefined>;
  /** Over the delayed stub (overload): no `direct`. */
  slow: Record<Exclude<TargetKey, 'direct'>, Target | undefined>;
  inFlight: InFlightSetting;
  staticDir: string;
  /** The stub answering at once (the replicas' backend). */
  stubFastUrl: string;
  /** The stub answering after the overload's delay: what (c) and (d) call through. */
  stubSlowUrl: string;
  /** The SPA's build directory the BFFs serve (absolute). */
  staticDirPath: string;
};

export const LABELS: Record<TargetKey, string> = {
  direct: 'stub directly',
  nginx: 'nginx',
  node: 'bare Node proxy',
  bff: 'BFF',
};

export async function startHelper(
  name: string,
  helper: 'stub' | 'bare-proxy',
  core: string,
  env: NodeJS.ProcessEnv,
): Promise<{ entry: Started; url: string }> {
  const args = helper === 'bare-proxy' ? [...SERVER_NODE_FLAGS, helperFile(helper)] : [helperFile(helper)];
  const entry = launch(name, process.execPath, args, { core, env, stdout: 'pipe', server: true });
  const { url } = JSON.parse(await firstLine(entry)) as { url: string };
  return { entry, url };
}

/** Waits until something answers HTTP on `origin` (any status), or the process exits. */
export async function waitForHttp(entry: Started, origin: string, ms: number, onSlow?: () => void) {
  const until = Date.now() + ms;
  let told = false;
  for (;;) {
    if (entry.child.exitCode !== null || entry.child.signalCode !== null) {
      throw new Error(`${entry.name} exited before it answered:\n${entry.stderrTail()}`);
    }
    try {
      const answer = await fetch(`${origin}/healthz`);
      await answer.arrayBuffer();
      return;
    } catch {
      if (Date.now() > until) throw new Error(`${entry.name} did not answer within ${ms / 1000} s`);
      if (!told && Date.now() > until - ms + 5_000) {
        told = true;
        onSlow?.();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Whether the bundled BFF mentions the variable at all (zod drops the ones it does not know). */
function bundleReads(variable: string): boolean {
  const dir = path.join(ROOT, SERVER_DIST);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.mjs'))
    .some((file) => readFileSync(path.join(dir, file), 'utf8').includes(variable));
}

/**
 * Starts the BFF over `upstream`, retrying without MAX_UPSTREAM_IN_FLIGHT if it refuses it
 * (`inFlight` undefined: not given, the BFF's default). `env`: more variables (the replicas');
 * `core`: where it runs (null: unpinned).
 */
export async function startBff(
  name: string,
  upstream: string,
  staticDir: string,
  inFlight: InFlightSetting | undefined,
  print: (line: string) => void,
  options: { env?: NodeJS.ProcessEnv; core?: string | null; nodeFlags?: readonly string[] } = {},
): Promise<{ entry: Started; origin: string; metricsOrigin: string }> {
  const port = await freePort();
  // Its metrics on a port of their own: the bench reads which limit of the guard shed a load.
  const metricsPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    COMMERCE_API_URL: upstream,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    STATIC_DIR: staticDir,
    BFF_WORKERS: '1',
    METRICS_PORT: String(metricsPort),
    ...options.env,
  };
  if (inFlight && inFlight.status !== 'refused') env.MAX_UPSTREAM_IN_FLIGHT = String(inFlight.value);
  const args = [...SERVER_NODE_FLAGS, ...(options.nodeFlags ?? []), path.join(SERVER_DIST, 'start.mjs')];
  const entry = launch(name, process.execPath, args, {
    core: options.core === undefined ? PROXY_CORE : options.core,
    env,
    stdout: 'ignore',
    server: false,
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    // start.mjs builds the SPA first when dist/ is missing or older than its sources, as npm start does.
    await waitForHttp(entry, origin, 240_000, () =>
      print(
        `  (${name}: still starting; start.mjs builds the SPA first when dist/ is stale, as npm start does)`,
      ),
    );
  } catch (error) {
    await stop(entry);
    if (inFlight && inFlight.status !== 'refused' && entry.stderrTail().includes('MAX_UPSTREAM_IN_FLIGHT')) {
      print(
        `  ${name} refused MAX_UPSTREAM_IN_FLIGHT=${inFlight.value}: started without it (setting ignored)`,
      );
      print(`    ${entry.stderrTail().trim().split('\n').join('\n    ')}`);
      inFlight.status = 'refused';
      return startBff(name, upstream, staticDir, inFlight, print, options);
    }
    throw error;
  }
  // From now on its exit fails the run.
  entry.server = true;
  return { entry, origin, metricsOrigin: `http://127.0.0.1:${metricsPort}` };
}

/** Every target answers each call with 200 and the stub's envelope before anything is measured. */
export async function check(target: Target) {
  for (const callPath of CALL_PATHS) {
    const answer = await fetch(target.origin + callPath, { headers: CALL_HEADERS });
    const body = await answer.text();
    let ok = false;
    try {
      ok = answer.status === 200 && (JSON.parse(body) as { success?: unknown }).success === true;
    } catch {
      ok = false;
    }
    if (!ok) {
      throw new Error(
        `${target.label} answered ${answer.status} to GET ${callPath}: ${body.slice(0, 200)} (expected the stub's ${STUB_BODY.length}-byte envelope)`,
      );
    }
  }
}

/**
 * The SPA's build when there is one (the BFF serves it), else a directory holding a placeholder
 * index.html: the BFF refuses to start without one, and the bench never asks for a page.
 */
export function benchStaticDir(tempDir: string): string {
  const dist = path.join(ROOT, 'dist');
  if (existsSync(path.join(dist, 'index.html'))) return dist;
  const staticDir = path.join(tempDir, 'static');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>bench:bff</title>\n');
  return staticDir;
}

/** A started BFF as a target: its port, its process and its metrics port. */
const bffTarget = (bff: { entry: Started; origin: string; metricsOrigin: string }): Target => ({
  key: 'bff',
  label: LABELS.bff,
  origin: bff.origin,
  pids: [bff.entry.pid],
  metricsOrigins: [bff.metricsOrigin],
});

export async function startTargets(options: {
  tempDir: string;
  withNginx: boolean;
  delayMs: number;
  maxInFlight: number;
  print: (line: string) => void;
}): Promise<Targets> {
  const { tempDir, print } = options;
  const stubFast = await startHelper('stub', 'stub', LOAD_CORE, { ...process.env, STUB_DELAY_MS: '0' });
  const stubSlow = await startHelper(`stub (${options.delayMs} ms)`, 'stub', LOAD_CORE, {
    ...process.env,
    STUB_DELAY_MS: String(options.delayMs),
  });

  const staticDir = benchStaticDir(tempDir);

  const inFlight: InFlightSetting = {
    value: options.maxInFlight,
    status: bundleReads('MAX_UPSTREAM_IN_FLIGHT') ? 'known' : 'unknown',
  };
  const bffFast = await startBff('BFF', stubFast.url, staticDir, inFlight, print);
  const bffSlow = await startBff(
    `BFF (${options.delayMs} ms stub)`,
    stubSlow.url,
    staticDir,
    inFlight,
    print,
  );
  const nodeFast = await startHelper('bare Node proxy', 'bare-proxy', PROXY_CORE, {
    ...process.env,
    NODE_ENV: 'production',
    COMMERCE_API_URL: stubFast.url,
  });
  const nodeSlow = await startHelper(
    `bare Node proxy (${options.delayMs} ms stub)`,
    'bare-proxy',
    PROXY_CORE,
    {
      ...process.env,
      NODE_ENV: 'production',
      COMMERCE_API_URL: stubSlow.url,
    },
  );

  let nginxFast: Target | undefined;
  let nginxSlow: Target | undefined;
  if (options.withNginx) {
    const ports = { fast: await freePort(), slow: await freePort() };
    const upstreamPort = (url: string) => Number(new URL(url).port);
    const nginx = startNginx(
      path.join(tempDir, 'nginx'),
      [
        { name: 'fast', port: ports.fast, upstreamPorts: [upstreamPort(stubFast.url)], keepalive: 64 },
        // Under overload hundreds of calls wait on the slow stub at once.
        { name: 'slow', port: ports.slow, upstreamPorts: [upstreamPort(stubSlow.url)], keepalive: 1024 },
      ],
      PROXY_CORE,
    );
    const fastOrigin = `http://127.0.0.1:${ports.fast}`;
    await waitForHttp(nginx, fastOrigin, 10_000);
    nginxFast = { key: 'nginx', label: LABELS.nginx, origin: fastOrigin, pids: [nginx.pid] };
    nginxSlow = {
      key: 'nginx',
      label: LABELS.nginx,
      origin: `http://127.0.0.1:${ports.slow}`,
      pids: [nginx.pid],
    };
  }

  const targets: Targets = {
    fast: {
      direct: { key: 'direct', label: LABELS.direct, origin: stubFast.url, pids: [stubFast.entry.pid] },
      nginx: nginxFast,
      node: { key: 'node', label: LABELS.node, origin: nodeFast.url, pids: [nodeFast.entry.pid] },
      bff: bffTarget(bffFast),
    },
    slow: {
      nginx: nginxSlow,
      node: { key: 'node', label: LABELS.node, origin: nodeSlow.url, pids: [nodeSlow.entry.pid] },
      bff: bffTarget(bffSlow),
    },
    inFlight,
    staticDir: staticDir.startsWith(ROOT) ? path.relative(ROOT, staticDir) : staticDir,
    stubFastUrl: stubFast.url,
    stubSlowUrl: stubSlow.url,
    staticDirPath: staticDir,
  };
  for (const target of [...Object.values(targets.fast), ...Object.values(targets.slow)]) {
    if (target) await check(target);
  }
  return targets;
}
