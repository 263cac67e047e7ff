import path from 'node:path';
import type { Environment } from './environment.ts';

/** Which commerce backend a start serves: the one configured, or the bundled sandbox (demo data). */
export type BackendPlan =
  | { backend: 'configured'; url: string }
  | { backend: 'sandbox'; dataFile: string | ':memory:' };

/** A start that must not go on: its message is one line, for the operator. */
export class StartRefusal extends Error {}

/**
 * Decides the backend before anything starts, and refuses to guess where a guess would be wrong in
 * production: an image whose COMMERCE_API_URL went missing must not come up serving the demo shop
 * (health check green, sandbox-only calls open). The sandbox runs on its own only on a developer's
 * machine (NODE_ENV other than production); in production it must be asked for with SANDBOX=true.
 * The sandbox-only calls (/api/sandbox/...) exist only with the bundled sandbox, never in front of a
 * real backend.
 */
export function planBackend(env: Environment, root: string): BackendPlan {
  const sandbox = env.SANDBOX;
  if (sandbox !== undefined && sandbox !== 'true' && sandbox !== 'false') {
    throw new StartRefusal(`SANDBOX must be true or false (it is "${sandbox.slice(0, 20)}").`);
  }
  if (env.COMMERCE_API_URL) {
    if (sandbox === 'true') {
      throw new StartRefusal(
        'SANDBOX=true and COMMERCE_API_URL are both set: choose one (the sandbox would hide the real backend).',
      );
    }
    if (env.SANDBOX_ROUTES !== undefined) {
      throw new StartRefusal(
        'SANDBOX_ROUTES is set with a real backend (COMMERCE_API_URL): the sandbox-only calls exist only with the bundled sandbox. Remove SANDBOX_ROUTES.',
      );
    }
    return { backend: 'configured', url: env.COMMERCE_API_URL };
  }
  if (sandbox === 'false') {
    throw new StartRefusal(
      'SANDBOX=false and no COMMERCE_API_URL: set COMMERCE_API_URL to the commerce backend.',
    );
  }
  if (env.NODE_ENV === 'production' && sandbox !== 'true') {
    throw new StartRefusal(
      'NODE_ENV=production and no COMMERCE_API_URL: set COMMERCE_API_URL to the commerce backend, or SANDBOX=true to serve the demo sandbox on purpose.',
    );
  }
  const dataFile = env.SANDBOX_DB ?? path.join(root, '.data/sandbox.db');
  return { backend: 'sandbox', dataFile: dataFile === ':memory:' ? dataFile : path.resolve(dataFile) };
}
