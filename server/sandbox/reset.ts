// npm run sandbox:reset: puts the sandbox's data file back to the demo seed. The file is SANDBOX_DB
// (environment over the working directory's .env, as npm start reads it; relative to the working
// directory) or .data/sandbox.db. It is reset in place, in one transaction, so a server running over
// it answers with the fresh data at its next call: no need to stop it first. Refuses (exit 1, nothing
// changed) a ':memory:' database, a file that is not a sandbox database, or one locked by a writer.
import path from 'node:path';
import { readEnvironment } from '../environment.ts';
import { DEFAULT_SANDBOX_DATA_FILE } from './db/paths.ts';
import { SCHEMA_VERSION } from './db/schema.ts';
import { findRunningServer } from './running-server.ts';
import { resetSandboxDb, SandboxResetRefused } from './seed/reset.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string) => {
  process.stderr.write(`${line}\n`);
  process.exitCode = 1;
};

const configured = readEnvironment().env.SANDBOX_DB;
const file =
  configured === undefined || configured === ':memory:'
    ? (configured ?? DEFAULT_SANDBOX_DATA_FILE)
    : path.resolve(configured);
/** How the file is named to the user: relative to where they are, unless that climbs out of it. */
const shown = (() => {
  if (file === ':memory:') return 'SANDBOX_DB=:memory:';
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
})();

try {
  const result = resetSandboxDb(file);
  const verb = result.created ? 'criado' : 'recriado';
  print(`Sandbox reiniciado: ${shown} ${verb} com os dados de demonstração.`);
  if (!result.created && result.previousVersion > SCHEMA_VERSION) {
    print(
      `O arquivo tinha o esquema ${result.previousVersion}, mais novo que este código; agora tem o ${SCHEMA_VERSION}.`,
    );
  }
  print(runningServerLine());
} catch (error) {
  if (error instanceof SandboxResetRefused) {
    const pointsElsewhere = error.kind === 'not-sqlite' || error.kind === 'not-sandbox';
    const hint = pointsElsewhere ? ' Confira SANDBOX_DB (ambiente ou .env).' : '';
    fail(`Sandbox não reiniciado (${shown}): ${error.message}${hint}`);
  } else {
    fail(`Sandbox não reiniciado (${shown}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** What the reset means for a server running over the same path. */
function runningServerLine(): string {
  const server = findRunningServer(file);
  if (!server) {
    return 'Nenhum servidor em execução usa este arquivo.';
  }
  const name = `O servidor em execução (pid ${server.pid}, ${server.url})`;
  return server.usesThisFile
    ? `${name} já usa os dados novos.`
    : `${name} abriu um arquivo que depois foi apagado ou trocado e continua com os dados antigos: reinicie-o.`;
}
