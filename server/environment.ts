import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** The file `npm start` and `npm run sandbox:reset` read settings from, in the working directory. */
export const ENV_FILE = '.env';

export type Environment = Record<string, string>;

/**
 * The settings the server starts with: the process environment over the `.env` file of the
 * working directory (parsed by Node's own `util.parseEnv`, the parser behind `node --env-file`),
 * so a variable set by the shell, a process manager or the image always wins over the file.
 * An empty value means "the default", wherever it comes from: `.env.example` lists every setting,
 * most of them empty, and `SANDBOX_DB=` must not mean a database file with no name.
 */
export function readEnvironment(options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): {
  env: Environment;
  file?: string;
} {
  const cwd = options.cwd ?? process.cwd();
  const file = path.join(cwd, ENV_FILE);
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  const env: Environment = {};
  for (const [name, value] of Object.entries({ ...fromFile, ...(options.env ?? process.env) })) {
    if (value !== undefined && value.trim() !== '') env[name] = value;
  }
  return { env, file: existsSync(file) ? file : undefined };
}
