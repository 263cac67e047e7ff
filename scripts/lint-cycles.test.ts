// `npm run lint` refuses an import cycle (issue 24): the same dpdm command, pointed at a fixture with
// one, fails and names its files; pointed at the project, it passes.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const lintCycles: string = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')).scripts['lint:cycles'];
/** The script's command without its globs: dpdm and its options. */
const dpdm = lintCycles.slice(0, lintCycles.indexOf(" '")).split(' ');

function run(...globs: string[]) {
  const [command = 'dpdm', ...options] = dpdm;
  return spawnSync(`${ROOT}node_modules/.bin/${command}`, [...options, ...globs], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

describe('the import cycle check in npm run lint', () => {
  it('fails on a cycle and names the files in it', () => {
    const result = run('tests/fixtures/import-cycle/*.ts');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('tests/fixtures/import-cycle/shelf.ts');
    expect(result.stdout).toContain('tests/fixtures/import-cycle/price.ts');
  });

  it('passes on the project', { timeout: 60_000 }, () => {
    const result = spawnSync('npm', ['run', '--silent', 'lint:cycles'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stdout).toContain('no circular dependency');
    expect(result.status).toBe(0);
  });
});
