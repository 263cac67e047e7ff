// nginx for `npm run bench:bff`: Debian's package, configured as a plain keep-alive reverse proxy with
// one worker (the BFF is one process), its config, pid, logs and temp files in a temp directory; one
// server per upstream, each on a free port.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../free-port.ts';
import { launch } from './processes.ts';
import { SERVER_CORE } from './settings.ts';

const NGINX = '/usr/sbin/nginx';

/** nginx's version (`nginx/1.22.1`), or undefined when it is not installed. */
export function nginxVersion(): string | undefined {
  const probe = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stderr.trim().replace(/^nginx version:\s*/, '') : undefined;
}

function nginxConfig(dir: string, proxies: { port: number; upstreamPort: number; name: string }[]) {
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
  return `# Written by scripts/bench-bff.ts: a plain keep-alive reverse proxy, one worker (the BFF is one process).
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  default_type application/octet-stream;
  # One line per call, as the BFF writes one.
  access_log ${dir}/access.log;
  # The same for the clients' connections (the BFF's server has no such limit).
  keepalive_requests 1000000;
  keepalive_timeout 65s;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${upstreams}
${servers}
}
`;
}

/**
 * Starts nginx on the proxies' core, its files in `dir`/nginx, in front of the sandbox and the stub
 * (their URLs); returns the process and the port nginx serves each upstream on.
 */
export async function startNginx(dir: string, upstreams: { sandbox: string; stub: string }) {
  const ports = { sandbox: await freePort(), stub: await freePort() };
  const nginxDir = path.join(dir, 'nginx');
  mkdirSync(nginxDir, { mode: 0o755 });
  const port = (url: string) => Number(new URL(url).port);
  writeFileSync(
    path.join(nginxDir, 'nginx.conf'),
    nginxConfig(nginxDir, [
      { name: 'sandbox', port: ports.sandbox, upstreamPort: port(upstreams.sandbox) },
      { name: 'stub', port: ports.stub, upstreamPort: port(upstreams.stub) },
    ]),
  );
  const child = launch(
    'nginx',
    NGINX,
    ['-p', `${nginxDir}/`, '-c', `${nginxDir}/nginx.conf`, '-e', `${nginxDir}/error.log`],
    {
      core: SERVER_CORE,
      stdout: 'pipe',
    },
  );
  child.stdout?.resume();
  return { child, ports };
}
