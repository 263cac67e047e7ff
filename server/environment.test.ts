import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readEnvironment } from './environment.ts';

const dirs: string[] = [];
function folderWithEnvFile(content?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'env-file-'));
  dirs.push(dir);
  if (content !== undefined) writeFileSync(path.join(dir, '.env'), content);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the settings npm start reads: the environment over .env', () => {
  it('reads the .env of the working directory, comments, quotes and export included', () => {
    const cwd = folderWithEnvFile(
      '# a comment\nPORT=4999\nCOMMERCE_API_URL="https://commerce.example.com"\nexport LOG_LEVEL=warn\n',
    );
    const { env, file } = readEnvironment({ cwd, env: {} });
    expect(env).toEqual({
      PORT: '4999',
      COMMERCE_API_URL: 'https://commerce.example.com',
      LOG_LEVEL: 'warn',
    });
    expect(file).toBe(path.join(cwd, '.env'));
  });

  it('a variable set in the environment wins over the same one in .env', () => {
    const cwd = folderWithEnvFile('PORT=4999\nHOST=0.0.0.0\n');
    expect(readEnvironment({ cwd, env: { PORT: '5001' } }).env).toEqual({ PORT: '5001', HOST: '0.0.0.0' });
  });

  it('an empty value means the default, in .env or in the environment', () => {
    const cwd = folderWithEnvFile(
      'SANDBOX_DB=\nTRUST_PROXY=  \nCOMMERCE_API_URL=https://commerce.example.com\n',
    );
    const { env } = readEnvironment({ cwd, env: { COMMERCE_API_URL: '' } });
    // An empty COMMERCE_API_URL in the environment overrides the file's (the e2e run relies on it).
    expect(env).toEqual({});
  });

  it('without a .env, the environment alone', () => {
    const cwd = folderWithEnvFile();
    expect(readEnvironment({ cwd, env: { PORT: '3001' } })).toEqual({
      env: { PORT: '3001' },
      file: undefined,
    });
  });

  it('every line of .env.example is valid as a .env (copying it changes nothing)', () => {
    const cwd = folderWithEnvFile();
    writeFileSync(path.join(cwd, '.env'), readFileSyncText('.env.example'));
    const { env } = readEnvironment({ cwd, env: {} });
    // Only the settings the example fills in are set; the empty ones are left to their defaults.
    expect(Object.keys(env).every((name) => /^[A-Z][A-Z0-9_]*$/.test(name))).toBe(true);
    expect(env.SANDBOX_DB).toBeUndefined();
    expect(env.COMMERCE_API_URL).toBeUndefined();
  });
});

function readFileSyncText(file: string): string {
  return readFileSync(path.join(import.meta.dirname, '..', file), 'utf8');
}
