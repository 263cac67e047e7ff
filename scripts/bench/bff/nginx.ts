// nginx for `npm run bench:bff`: Debian's package, with one worker, its config, pid, logs and temp files
// in a temp directory. Twice: as the reference, a plain keep-alive reverse proxy (one server per
// upstream, each on a free port), and as the stub backend, replaying one answer of the sandbox.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../free-port.ts';
import { launch } from './processes.ts';
import { LOAD_CORE, SERVER_CORE } from './settings.ts';

/** An answer of the sandbox, replayed by the stub backend. */
export type RecordedAnswer = { status: number; headers: Record<string, string>; body: string };

const NGINX = '/usr/sbin/nginx';

/** nginx's version (`nginx/1.22.1`), or undefined when it is not installed. */
export function nginxVersion(): string | undefined {
  const probe = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stderr.trim().replace(/^nginx version:\s*/, '') : undefined;
}

/** The whole configuration of one nginx: one worker, its files in `dir`, the given `http` block's servers. */
function nginxConfig(dir: string, purpose: string, http: string) {
  return `# Written by scripts/bench-bff.ts: ${purpose}, one worker.
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  default_type application/octet-stream;
  # The same for the clients' connections (the BFF's server has no such limit).
  keepalive_requests 1000000;
  keepalive_timeout 65s;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}

function proxiesConfig(dir: string, proxies: { port: number; upstreamPort: number; name: string }[]) {
  const upstreams = proxies
    .map(
      ({ name, upstreamPort }) => `
  upstream ${name} {
    server 127.0.0.1:${upstreamPort};
    keepalive 64;
    # nginx closes an upstream connection after 1,000 calls by default; the BFF's pool never does.
    keepalive_requests 1000000;
  }`,
    )
    .join('\n');
  const servers = proxies
    .map(
      ({ name, port }) => `
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }`,
    )
    .join('\n');
  return nginxConfig(
    dir,
    'a plain keep-alive reverse proxy (the BFF is one process)',
    `  # One line per call, as the BFF writes one.
  access_log ${dir}/access.log;
${upstreams}
${servers}`,
  );
}

/** A text for nginx's configuration, in single quotes, a quote or backslash in it escaped. */
const quoted = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/**
 * A text for a directive that reads variables (`return`, `add_header`): quoted, and every `$` written
 * as the variable `$dollar`, a dollar sign (nginx has no escape for it, and would read `R$ 10` as a
 * variable).
 */
export function nginxText(text: string): string {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: nginx's own variable syntax, written out.
  return quoted(text).replace(/\$/g, () => '${dollar}');
}

/** The stub backend's server: every path answers the recorded answer, from nginx's memory. */
export function stubConfig(dir: string, port: number, answer: RecordedAnswer) {
  const type = answer.headers['content-type'] ?? 'application/json';
  const cacheControl = answer.headers['cache-control'];
  return nginxConfig(
    dir,
    "the stub backend, the sandbox's answer replayed",
    `  access_log off;
  # \`$dollar\` is a dollar sign: see nginxText.
  geo $dollar { default "$"; }
  server {
    listen 127.0.0.1:${port};
    location / {
      default_type ${quoted(type)};
${cacheControl ? `      add_header Cache-Control ${nginxText(cacheControl)};\n` : ''}      return ${answer.status} ${nginxText(answer.body)};
    }
  }`,
  );
}

function launchNginx(name: string, nginxDir: string, config: string, core: string) {
  mkdirSync(nginxDir, { mode: 0o755 });
  writeFileSync(path.join(nginxDir, 'nginx.conf'), config);
  const child = launch(
    name,
    NGINX,
    ['-p', `${nginxDir}/`, '-c', `${nginxDir}/nginx.conf`, '-e', `${nginxDir}/error.log`],
    { core, stdout: 'pipe' },
  );
  child.stdout?.resume();
  return child;
}

/**
 * Starts the stub backend as an nginx on the load's core, its files in `dir`/nginx-stub: a remote
 * backend costs the BFF's host nothing, so the stand-in should cost the shared machine as little as
 * it can (about a third of a bare node:http server's CPU per call).
 */
export async function startNginxStub(dir: string, answer: RecordedAnswer) {
  const port = await freePort();
  const nginxDir = path.join(dir, 'nginx-stub');
  const child = launchNginx('stub (nginx)', nginxDir, stubConfig(nginxDir, port, answer), LOAD_CORE);
  return { child, url: `http://127.0.0.1:${port}` };
}

/**
 * Starts nginx on the proxies' core, its files in `dir`/nginx, in front of the sandbox and the stub
 * (their URLs); returns the process and the port nginx serves each upstream on.
 */
export async function startNginx(dir: string, upstreams: { sandbox: string; stub: string }) {
  const ports = { sandbox: await freePort(), stub: await freePort() };
  const nginxDir = path.join(dir, 'nginx');
  const port = (url: string) => Number(new URL(url).port);
  const config = proxiesConfig(nginxDir, [
    { name: 'sandbox', port: ports.sandbox, upstreamPort: port(upstreams.sandbox) },
    { name: 'stub', port: ports.stub, upstreamPort: port(upstreams.stub) },
  ]);
  const child = launchNginx('nginx', nginxDir, config, SERVER_CORE);
  return { child, ports };
}
