import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_DIST, SERVER_NODE_FLAGS } from './build-server.mjs';

const root = new URL('..', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

describe('the bundled server runs with its Node flags wherever it runs for real', () => {
  const entry = `${SERVER_DIST}/start.mjs`;

  it('npm start gives node the flags before the entry point', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} ${entry}`);
  });

  it('the e2e run starts the storefront as npm start does, flags included', () => {
    expect(read('playwright.config.ts')).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} ${entry}`);
  });

  it("the Docker image's command gives node the flags before the entry point", () => {
    const cmd = read('Dockerfile')
      .split('\n')
      .find((line) => line.startsWith('CMD ['));
    expect(JSON.parse(cmd?.slice('CMD '.length) ?? '[]')).toEqual(['node', ...SERVER_NODE_FLAGS, entry]);
  });

  it('the young generation flag is one V8 takes (node refuses unknown flags)', () => {
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.exit(0)']);
    expect(run.status).toBe(0);
  });
});
