import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SERVER_DIST, SERVER_NODE_FLAGS } from './build-server.mjs';
import { pruneNativeLeftovers } from './prune-native-leftovers.mjs';

const root = new URL('..', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

describe('the bundled server runs with its Node flags wherever it runs for real', () => {
  const entry = `${SERVER_DIST}/start.mjs`;

  const npmStart = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;

  it('npm start is one node command with the flags, which bundles and runs the entry point', () => {
    // One command, exec'd: npm's shell (dash does not exec a lone command by itself) becomes node,
    // so a signal sent to npm's PID reaches the server's graceful shutdown, not an orphaning shell.
    expect(npmStart).toBe(`exec node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
    expect(read('scripts/start.mjs')).toContain('await buildServer();');
    expect(read('scripts/start.mjs')).toMatch(/await import\(`\.\.\/\$\{SERVER_DIST\}\/start\.mjs`\);/);
  });

  it('the e2e run starts the storefront as npm start does, flags included', () => {
    expect(read('playwright.config.ts')).toContain(`command: '${npmStart}'`);
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

describe('the runtime carries only what the server runs', () => {
  /** Packages the bundled server imports (the dev server's vite only with --dev). */
  async function serverImports(): Promise<string[]> {
    const result = await build({
      absWorkingDir: fileURLToPath(root),
      entryPoints: ['server/start.ts'],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      outdir: 'unused',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const names = Object.values(result.metafile.outputs)
      .flatMap((output) => output.imports)
      .filter((imported) => imported.external && !imported.path.startsWith('node:'))
      .map(({ path }) =>
        (path.startsWith('@') ? path.split('/').slice(0, 2) : path.split('/').slice(0, 1)).join('/'),
      );
    return [...new Set(names)].filter((name) => name !== 'vite').sort();
  }

  it("package.json's dependencies are exactly the server's imports; the SPA's libraries are build-time", async () => {
    const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(await serverImports());
  });

  it("sharp (the share links' preview pictures, a native library) stays a package of node_modules, never bundled", async () => {
    expect(await serverImports()).toContain('sharp');
    const manifest = JSON.parse(read('package.json')) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies).not.toHaveProperty('sharp');
  });
});

describe('native build leftovers are pruned from the image', () => {
  it('keeps the compiled addon and the JavaScript, drops sources, objects and makefiles', () => {
    const modules = mkdtempSync(path.join(tmpdir(), 'prune-'));
    const pkg = path.join(modules, 'native-db');
    const files = {
      'package.json': '{}',
      'binding.gyp': '{}',
      'lib/index.js': 'module.exports = 1;',
      'src/addon.cpp': 'int main() {}',
      'deps/sqlite3/sqlite3.c': '/* 9 MB */',
      'build/Makefile': 'all:',
      'build/config.gypi': '{}',
      'build/Release/addon.node': 'ELF',
      'build/Release/sqlite3.a': 'ar',
      'build/Release/obj.target/addon.node': 'ELF copy',
      'build/Release/obj.target/addon/src/addon.o': 'o',
      'build/Release/.deps/Release/addon.node.d': 'd',
    };
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(pkg, file)), { recursive: true });
      writeFileSync(path.join(pkg, file), content);
    }
    pruneNativeLeftovers(modules);
    const left = readdirSync(pkg, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(pkg, path.join(entry.parentPath, entry.name)))
      .sort();
    expect(left).toEqual(['build/Release/addon.node', 'lib/index.js', 'package.json']);
    rmSync(modules, { recursive: true, force: true });
  });
});
