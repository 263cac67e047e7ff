// npm run sandbox:reset as the user runs it: the real script in its own process (tsx, as in
// package.json), from a working directory of the test's, with its own environment.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from './index.ts';

const SCRIPT = fileURLToPath(new URL('./reset.ts', import.meta.url));
// An absolute URL: from another working directory a bare 'tsx' would not resolve.
const TSX = import.meta.resolve('tsx');

const root = mkdtempSync(join(tmpdir(), 'sandbox-reset-script-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
/** A working directory of its own, optionally with a .env. */
function workDir(dotEnv?: string): string {
  const dir = join(root, `cwd-${++dirs}`);
  mkdirSync(dir);
  if (dotEnv !== undefined) writeFileSync(join(dir, '.env'), dotEnv);
  return dir;
}

type Run = { code: number; stdout: string; stderr: string };

function runReset(cwd: string, env: Record<string, string> = {}): Promise<Run> {
  // The test's own SANDBOX_DB, if any, must not leak in.
  const { SANDBOX_DB: _, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', TSX, SCRIPT],
      { cwd, env: { ...inherited, ...env }, timeout: 20_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const json = async (answer: Promise<Response>) => (await answer).json();

describe('npm run sandbox:reset', () => {
  it('resets the data of a running server, which answers with the seeded data at once, and says so', async () => {
    const cwd = workDir();
    const file = join(cwd, 'sandbox.db');
    const sandbox = await startSandbox({ dataFile: file });
    try {
      const copy = () =>
        json(
          fetch(`${sandbox.url}/api/sandbox/sessions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ from: 'demo-shopper' }),
          }),
        );
      const orderOf = (code: string) =>
        json(fetch(`${sandbox.url}/api/order/current`, { headers: { authorization: `Bearer ${code}` } }));
      const before = await copy();
      const firstCopyOrder = (await orderOf(before.data.code)).data.id;

      const run = await runReset(cwd, { SANDBOX_DB: file });

      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toContain('Sandbox reiniciado: sandbox.db recriado com os dados de demonstração.');
      expect(run.stdout).toContain(
        `O servidor em execução (pid ${process.pid}, ${sandbox.url}) já usa os dados novos.`,
      );
      // The copy made before is gone, and order ids count from the seed again.
      const gone = await fetch(`${sandbox.url}/api/session/${before.data.code}`);
      expect(gone.status).toBe(404);
      expect((await fetch(`${sandbox.url}/api/session/demo-shopper`)).status).toBe(200);
      expect((await orderOf((await copy()).data.code)).data.id).toBe(firstCopyOrder);
    } finally {
      await sandbox.close();
    }
  });

  it('takes SANDBOX_DB from the .env of the working directory, relative to it', async () => {
    const cwd = workDir('SANDBOX_DB=data/from-dotenv.db\n');
    const run = await runReset(cwd);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`Sandbox reiniciado: ${join('data', 'from-dotenv.db')} criado`);
    expect(run.stdout).toContain('Nenhum servidor em execução usa este arquivo.');
    expect(existsSync(join(cwd, 'data/from-dotenv.db'))).toBe(true);
  });

  it('lets the environment win over .env', async () => {
    const cwd = workDir('SANDBOX_DB=from-dotenv.db\n');
    const run = await runReset(cwd, { SANDBOX_DB: 'from-env.db' });
    expect(run.code).toBe(0);
    expect(existsSync(join(cwd, 'from-env.db'))).toBe(true);
    expect(existsSync(join(cwd, 'from-dotenv.db'))).toBe(false);
  });

  it('refuses a memory database: nothing to reset, restart the server', async () => {
    const run = await runReset(workDir('SANDBOX_DB=:memory:\n'));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^Sandbox não reiniciado \(SANDBOX_DB=:memory:\): .*Reinicie o servidor/);
  });

  it('refuses a file that is not a sandbox database and leaves it untouched', async () => {
    const cwd = workDir();
    writeFileSync(join(cwd, 'notes.txt'), 'not a database\n');
    const run = await runReset(cwd, { SANDBOX_DB: 'notes.txt' });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'Sandbox não reiniciado (notes.txt): o arquivo não é um banco SQLite; nada foi alterado. ' +
        'Confira SANDBOX_DB (ambiente ou .env).\n',
    );
    expect(readFileSync(join(cwd, 'notes.txt'), 'utf8')).toBe('not a database\n');
  });
});
