// nginx for `npm run bench:bff`: Debian's package as a plain keep-alive reverse proxy, one worker
// process, its configuration, pid, logs and temp files in a temp directory, one server per stub
// backend. Its access log is written to /dev/null (the BFF's log goes there too: both pay for the
// line, neither for a disk).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch, type Started } from './processes.ts';

export const NGINX = '/usr/sbin/nginx';

/** nginx's version (`nginx/1.22.1`), or undefined when it is not installed. */
export function nginxVersion(): string | undefined {
  const probe = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stderr.trim().replace(/^nginx version:\s*/, '') : undefined;
}

/**
 * One server: nginx listens on `port` and proxies to the backends on `upstreamPorts` (round robin).
 * `forwarded`: it sends the client's address in X-Forwarded-For (and X-Forwarded-Proto) and says
 * which backend answered in X-Bench-Upstream (the replicas' phase).
 */
export type NginxServer = {
  name: string;
  port: number;
  upstreamPorts: readonly number[];
  keepalive: number;
  forwarded?: boolean;
};

export function nginxConfig(dir: string, servers: readonly NginxServer[], runAsRoot: boolean): string {
  const upstreams = servers
    .map(
      (s) => `
  upstream ${s.name} {
${s.upstreamPorts.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    # Idle connections kept open to the backend; never closed after a number of calls.
    keepalive ${s.keepalive};
    keepalive_requests 1000000;
    keepalive_timeout 60s;
  }
  server {
    listen 127.0.0.1:${s.port} backlog=4096;
    location / {
      proxy_pass http://${s.name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";${
        s.forwarded
          ? `
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Bench-Upstream $upstream_addr always;`
          : ''
      }
    }
  }`,
    )
    .join('\n');
  return `# Written by scripts/bench-bff.ts: a plain keep-alive reverse proxy, one worker process.
daemon off;
worker_processes 1;
${runAsRoot ? 'user root;\n' : ''}pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_rlimit_nofile 20000;
events { worker_connections 8192; }
http {
  default_type application/octet-stream;
  access_log /dev/null;
  keepalive_requests 1000000;
  keepalive_timeout 65s;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${upstreams}
}
`;
}

/** Starts nginx on `core` with its files in `dir`. */
export function startNginx(dir: string, servers: readonly NginxServer[], core: string | null): Started {
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, nginxConfig(dir, servers, process.getuid?.() === 0));
  return launch('nginx', NGINX, ['-p', `${dir}/`, '-c', file, '-e', path.join(dir, 'error.log')], {
    core,
    stdout: 'ignore',
    server: true,
  });
}
