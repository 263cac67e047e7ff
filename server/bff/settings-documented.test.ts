// The configuration table (docs/configuration.md, "Settings") and .env.example against what the server
// reads: the BFF's settings schema (config.ts), read through loadConfig itself, and every other setting
// the server's code reads from an environment (the start's plan, the sandbox's switches). A setting
// added to the code without a row, or a row left behind for a setting the code dropped, fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TABLE_FILE = path.join(ROOT, 'docs/configuration.md');
const ENV_EXAMPLE = path.join(ROOT, '.env.example');

/** Read by the server but set by the server itself, never by an operator. */
const NOT_OPERATOR_SETTINGS: Record<string, string> = {
  SANDBOX_ROUTES: 'npm start sets it for the BFF when it runs the sandbox, and refuses it from the operator',
};

const SETTING_NAME = /^[A-Z][A-Z0-9_]*$/;

/** The names the BFF's schema reads: loadConfig given an environment that records every name asked. */
function schemaSettings(): Set<string> {
  const read = new Set<string>();
  const recorder = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, name) {
      if (typeof name === 'string' && SETTING_NAME.test(name)) read.add(name);
      return undefined;
    },
  });
  try {
    loadConfig(recorder);
  } catch {
    // An empty environment lacks COMMERCE_API_URL: every name was read before the schema said so.
  }
  return read;
}

const TEST_CODE = /(\.test\.|\.fixtures\.|[/\\]testing[/\\]|test-kit|test-support)/;

function serverSources(folder = path.join(ROOT, 'server')): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    return /\.ts$/.test(entry.name) && !TEST_CODE.test(full) ? [full] : [];
  });
}

/** The names the server's code reads as `env.NAME` or `env['NAME']`, comments left out. */
function namesReadFromEnvironments(): Set<string> {
  const names = new Set<string>();
  for (const file of serverSources()) {
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:])\/\/.*$/gm, '$1');
    for (const match of code.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)) {
      names.add(match[1] ?? match[2] ?? '');
    }
  }
  return names;
}

function operatorSettings(): string[] {
  return [...new Set([...schemaSettings(), ...namesReadFromEnvironments()])]
    .filter((name) => !(name in NOT_OPERATOR_SETTINGS))
    .sort();
}

/** The names in the first column of the table under "## Settings" (a row may name several). */
function namesInSettingsTable(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Settings'));
  if (!section) return [];
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2);
  const names = rows.flatMap((row) =>
    [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1] ?? ''),
  );
  return [...new Set(names)].sort();
}

const namesInEnvExample = (text: string): string[] =>
  [...new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? ''))].sort();

const missing = (expected: string[], listed: string[]) => expected.filter((name) => !listed.includes(name));

describe('an operator finds every setting the server reads in docs/configuration.md and .env.example', () => {
  const settings = operatorSettings();
  const table = namesInSettingsTable(readFileSync(TABLE_FILE, 'utf8'));

  it('finds the settings both in the BFF schema and in the code around it', () => {
    expect(schemaSettings()).toContain('PORT');
    expect(namesReadFromEnvironments()).toContain('SANDBOX_DB');
  });

  it('every setting the server reads has a row in docs/configuration.md', () => {
    expect(missing(settings, table)).toEqual([]);
  });

  it('the table names no setting the server does not read', () => {
    expect(missing(table, settings)).toEqual([]);
  });

  it('.env.example lists every setting, and nothing else', () => {
    const listed = namesInEnvExample(readFileSync(ENV_EXAMPLE, 'utf8'));
    expect(missing(settings, listed)).toEqual([]);
    expect(missing(listed, settings)).toEqual([]);
  });

  it('a table missing a row, or naming a setting nobody reads, is caught', () => {
    const markdown = readFileSync(TABLE_FILE, 'utf8');
    const withoutRow = markdown.replace(/^\| `SESSION_COOKIE_CAP` .*\n/m, '');
    expect(missing(settings, namesInSettingsTable(withoutRow))).toEqual(['SESSION_COOKIE_CAP']);
    const withStale = markdown.replace(/^(\| `STATIC_DIR` .*\n)/m, '$1| `OLD_SETTING` | 1 | gone |\n');
    expect(missing(namesInSettingsTable(withStale), settings)).toEqual(['OLD_SETTING']);
  });
});
