// `npm start`: bundles the server (scripts/build-server.mjs, under a second), then runs it in this
// same process. One node process and no `&&` in package.json's script: npm's shell then execs node
// directly, so SIGTERM or SIGINT sent to npm (as IDEs, CI scripts and process managers do) reaches
// the server's graceful shutdown instead of killing a shell and leaving an orphan on the port.
// Node's flags for the server (SERVER_NODE_FLAGS) are on package.json's command line.
import { buildServer, SERVER_DIST } from './build-server.mjs';

await buildServer();
await import(`../${SERVER_DIST}/start.mjs`);
