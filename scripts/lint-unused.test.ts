// `npm run lint` holds the house free of dead code (issue 39, knip.config.ts): the same command,
// pointed at a fixture with a file, an export, a type and a package nothing uses, fails and names
// each; on the project it passes.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const lintUnused: string = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')).scripts['lint:unused'];

/**
 * The lint's command with the project's config, run from the fixture as if it were the project's
 * root. Without the config's hints: its entries and ignores name the project's files, which the
 * fixture lacks, and only what the fixture holds is under test.
 */
function lintFixture(fixture: string) {
  const [command = 'knip', ...args] = lintUnused.split(' ');
  return spawnSync(
    `${ROOT}node_modules/.bin/${command}`,
    [...args, '--config', path.join(ROOT, 'knip.config.ts'), '--no-config-hints'],
    { cwd: path.join(ROOT, 'tests/fixtures', fixture), encoding: 'utf8' },
  );
}

// Each run reads a whole project: seconds on a busy 2-core runner.
describe('the unused-code check in npm run lint', { timeout: 60_000 }, () => {
  it('fails on a file, an export, a type and a package nothing uses, and names each', () => {
    const result = lintFixture('unused-code');
    expect(result.status).not.toBe(0);
    expect(result.stdout).toMatch(/Unused files \(1\)\s+server\/old-coupon\.ts/);
    expect(result.stdout).toMatch(/Unused exports \(1\)\s+roundToCents\s+function\s+server\/prices\.ts/);
    expect(result.stdout).toMatch(/Unused exported types \(1\)\s+PriceTag\s+type\s+server\/prices\.ts/);
    expect(result.stdout).toMatch(/Unused dependencies \(1\)\s+left-pad\s+package\.json/);
  });

  it('leaves alone what is used: an export the entry imports, and one only its own file uses', () => {
    const result = lintFixture('unused-code');
    expect(result.stdout).not.toContain('formatBrl');
    expect(result.stdout).not.toContain('CENTS_PER_REAL');
  });

  it('passes on the project', () => {
    const result = spawnSync('npm', ['run', '--silent', 'lint:unused'], { cwd: ROOT, encoding: 'utf8' });
    // Silent when clean: any line it prints names something unused.
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
