// `npm run lint` holds the house's boundaries (issue 24, .dependency-cruiser.cjs): the same command,
// pointed at fixtures that break them, fails and names each broken rule and file; on the project it
// passes.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const lintImports: string = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')).scripts['lint:imports'];
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');

/** The lint's command, run from a fixture as if it were the project's root. */
function lintFixture(fixture: string) {
  const [command = 'depcruise', ...args] = lintImports.split(' ');
  const options = args.map((arg) => (arg === '.dependency-cruiser.cjs' ? CONFIG : arg));
  return spawnSync(`${ROOT}node_modules/.bin/${command}`, options, {
    cwd: path.join(ROOT, 'tests/fixtures', fixture),
    encoding: 'utf8',
  });
}

// Each run starts dependency-cruiser and TypeScript: seconds on a busy 2-core runner.
describe('the import rules in npm run lint', { timeout: 60_000 }, () => {
  it('fails on a feature importing another feature, by a climbing path or by the @/ alias', () => {
    const result = lintFixture('boundaries');
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain(
      'feature-to-other-feature: src/features/catalog/catalog-screen.ts → src/features/cart/cart-lines.ts',
    );
    expect(result.stdout).toContain(
      'feature-to-other-feature: src/features/product/product-screen.ts → src/features/cart/cart-lines.ts',
    );
  });

  it('fails on the BFF importing the sandbox', () => {
    const result = lintFixture('boundaries');
    expect(result.stdout).toContain('bff-to-sandbox: server/bff/proxy.ts → server/sandbox/app.ts');
  });

  it('fails on an import cycle and names the files in it', () => {
    const result = lintFixture('import-cycle');
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain('no-cycle');
    expect(result.stdout).toContain('src/lib/shelf.ts');
    expect(result.stdout).toContain('src/lib/price.ts');
  });

  it('passes on the project', () => {
    const result = spawnSync('npm', ['run', '--silent', 'lint:imports'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stdout).toContain('no dependency violations found');
    expect(result.status).toBe(0);
  });
});
