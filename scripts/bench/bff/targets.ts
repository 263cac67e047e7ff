// The servers `npm run bench:bff` measures and the targets over them. One sandbox over an in-memory
// database (scripts/bench/sandbox-process.ts) serves the direct calls, the BFF's and nginx's; a stub
// upstream replays the sandbox's answer (from nginx's memory when nginx is installed, nginx.ts; else
// from bare node:http, scripts/bench/stub-upstream.ts), with a second BFF in front of it: the sandbox
// alone cannot serve the bar's 8,000 calls a second on this kind of machine, so the fixed-connection
// runs are repeated over the stub to measure what the BFF itself sustains, side by side with nginx over the same stub and with the least a Node proxy can do (a bare
// node:http + undici proxy, scripts/bench/bare-node-proxy.ts: the ceiling of Node on the BFF's core).
// The BFFs run as production runs them (scripts/bench/bff-process.ts), their request log lines
// written to a file.
//
// The call: GET /api/shop/settings of the demo shopper, about 1 KB of JSON. Through the BFF it takes
// the full path of a tab's call: security headers, request log, rate-limit routing (no limit applies
// to it), the session handle header and cookie turned into `Authorization: Bearer`, the allow-list,
// the breaker, the pooled upstream call and the envelope check of the answer. The session is opened
// through the BFF first, as the SPA does. Direct and nginx calls carry the bearer code.
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RecordedAnswer, startNginx, startNginxStub } from './nginx.ts';
import { startNodeServer, waitForHttp } from './processes.ts';
import { BOTH_CORES, CALL_PATH, LOAD_CORE, SERVER_CORE, SESSION_CODE } from './settings.ts';

export type Target = {
  upstream: 'sandbox' | 'stub';
  /**
   * `bff×2`: the BFF with BFF_WORKERS=2 on both cores, sharing them with the load and the stub;
   * `node`: the bare Node proxy (scripts/bench/bare-node-proxy.ts). Both over the stub only.
   */
  name: 'direct' | 'bff' | 'bff×2' | 'nginx' | 'node';
  url: string;
  headers: Record<string, string>;
  /** The process answering the load (for its CPU use). */
  pid: number;
  upstreamPid: number;
};

/**
 * Starts the sandbox, the stub, the two BFFs and (when `withNginx`) nginx, their files in `dir`, and
 * returns every target, each checked to give the sandbox's answer, and the size of that answer.
 */
export async function startTargets(
  dir: string,
  options: { logLevel: string; logFd: number; withNginx: boolean },
): Promise<{ targets: Target[]; answerBytes: number }> {
  const { logLevel, logFd } = options;
  const sandbox = await startNodeServer('sandbox', 'bench-sandbox-process', {
    core: LOAD_CORE,
    env: { ...process.env, LOG_LEVEL: logLevel },
  });
  const bearer = { accept: 'application/json', authorization: `Bearer ${SESSION_CODE}` };
  const recorded = await waitForHttp(sandbox.url + CALL_PATH, bearer);
  const answer: RecordedAnswer = {
    status: recorded.status,
    headers: {
      'content-type': recorded.headers.get('content-type') ?? 'application/json',
      'cache-control': recorded.headers.get('cache-control') ?? 'no-store',
    },
    body: await recorded.text(),
  };
  if (answer.status !== 200) throw new Error(`the sandbox answered ${answer.status} to ${CALL_PATH}`);
  // The stub: nginx when installed (the cheapest stand-in for a backend on another host), else a bare
  // node:http server.
  const stub = options.withNginx
    ? await startNginxStub(dir, answer)
    : await startNodeServer('stub', 'bench-stub-upstream', {
        core: LOAD_CORE,
        args: [answerFile(dir, answer)],
      });
  await waitForHttp(stub.url + CALL_PATH, bearer).then((r) => r.arrayBuffer());

  const bffEnv = (upstream: string): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: logLevel,
    COMMERCE_API_URL: upstream,
    // As server/start.ts runs it over the sandbox.
    SANDBOX_ROUTES: 'true',
  });
  const bffScript = 'bench-bff-process';
  const bff = await startNodeServer('bff', bffScript, {
    core: SERVER_CORE,
    env: bffEnv(sandbox.url),
    logFd,
  });
  const bffOverStub = await startNodeServer('bff (stub)', bffScript, {
    core: SERVER_CORE,
    env: bffEnv(stub.url),
    logFd,
  });
  // Two BFF processes (server/workers.ts) may use both cores: the figure for "2 cores" in the bar.
  const bffWorkers = await startNodeServer('bff×2 (stub)', bffScript, {
    core: BOTH_CORES,
    env: { ...bffEnv(stub.url), BFF_WORKERS: '2' },
    logFd,
  });
  const bareNode = await startNodeServer('bare Node proxy', 'bench-bare-node-proxy', {
    core: SERVER_CORE,
    env: { ...process.env, NODE_ENV: 'production', COMMERCE_API_URL: stub.url },
  });

  // The tab's session, opened as the SPA opens it: the handle header and the cookie come back.
  const opened = await fetch(`${bff.url}/api/session`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ code: SESSION_CODE }),
  });
  const handle = opened.headers.get('x-session-handle');
  const cookie = opened.headers.get('set-cookie')?.split(';')[0];
  await opened.arrayBuffer();
  if (opened.status !== 200 || !handle || !cookie) {
    throw new Error(`opening the session through the BFF answered ${opened.status}`);
  }
  // The cookie holds the code itself (no server-side state): it works on the second BFF as well.
  const tab = { accept: 'application/json', 'x-session-handle': handle, cookie };

  const nginx = options.withNginx
    ? await startNginx(dir, { sandbox: sandbox.url, stub: stub.url })
    : undefined;
  if (nginx) {
    await waitForHttp(`http://127.0.0.1:${nginx.ports.sandbox}${CALL_PATH}`, bearer).then((r) =>
      r.arrayBuffer(),
    );
  }

  // Every target must answer the call the same before it is measured.
  const targets: Target[] = [];
  const add = async (target: Target) => {
    const check = await fetch(target.url, { headers: target.headers });
    const body = await check.text();
    if (check.status !== 200 || body !== answer.body) {
      throw new Error(
        `${target.name} over the ${target.upstream} answered ${check.status}, not the sandbox's answer`,
      );
    }
    targets.push(target);
  };
  const pid = (child: ChildProcess) => child.pid ?? 0;
  for (const [upstream, server, proxy] of [
    ['sandbox', sandbox, bff],
    ['stub', stub, bffOverStub],
  ] as const) {
    const upstreamPid = pid(server.child);
    await add({
      upstream,
      name: 'direct',
      url: server.url + CALL_PATH,
      headers: bearer,
      pid: upstreamPid,
      upstreamPid,
    });
    await add({
      upstream,
      name: 'bff',
      url: proxy.url + CALL_PATH,
      headers: tab,
      pid: pid(proxy.child),
      upstreamPid,
    });
    if (nginx) {
      const url = `http://127.0.0.1:${nginx.ports[upstream]}${CALL_PATH}`;
      await add({ upstream, name: 'nginx', url, headers: bearer, pid: pid(nginx.child), upstreamPid });
    }
    if (upstream === 'stub') {
      await add({
        upstream,
        name: 'bff×2',
        url: bffWorkers.url + CALL_PATH,
        headers: tab,
        pid: pid(bffWorkers.child),
        upstreamPid,
      });
      const url = bareNode.url + CALL_PATH;
      await add({ upstream, name: 'node', url, headers: bearer, pid: pid(bareNode.child), upstreamPid });
    }
  }
  return { targets, answerBytes: Buffer.byteLength(answer.body) };
}

/** The answer in a file, for the node:http stub (scripts/bench/stub-upstream.ts). */
function answerFile(dir: string, answer: RecordedAnswer) {
  const file = path.join(dir, 'answer.json');
  writeFileSync(file, JSON.stringify(answer));
  return file;
}
