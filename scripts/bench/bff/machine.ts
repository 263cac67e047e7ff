// The machine `npm run bench:bff` runs on: its cores (pinning turned on when there are two and taskset
// works), nginx's version (if installed) and the load average before the run, printed first.
import os from 'node:os';
import { nginxVersion as probeNginx } from './nginx.ts';
import { pinWhenPossible } from './processes.ts';
import { LOAD_CORE, SERVER_CORE } from './settings.ts';
import { print } from './table.ts';

export type Machine = {
  cores: number;
  nginxVersion: string | undefined;
  pinning: boolean;
  loadBefore: number[];
};

/** Probes the machine, pins the processes to come when it can and prints what the run is on. */
export function describeMachine(logLevel: string): Machine {
  const cores = os.availableParallelism();
  const pinning = pinWhenPossible(cores);
  const nginxVersion = probeNginx();
  const loadBefore = os.loadavg();

  print('bench:bff: the speed of the BFF against the sandbox directly and through nginx');
  print(
    `  node ${process.version}, ${cores} cores, ${nginxVersion ?? 'nginx missing'}, ` +
      (pinning
        ? `BFF and nginx on core ${SERVER_CORE}, sandbox, stub and load on core ${LOAD_CORE}, ` +
          `the BFF's two processes (bff×2) on both`
        : 'no taskset or one core: nothing pinned'),
  );
  print(`  BFF: NODE_ENV=production, LOG_LEVEL=${logLevel} (request lines written to a file)`);
  print(`  load average before: ${loadBefore.map((n) => n.toFixed(2)).join(' ')}`);
  if (loadBefore[0] !== undefined && loadBefore[0] > 0.7) {
    print('  note: the machine is busy with other work: expect noisy figures, compare the ratios');
  }
  if (!nginxVersion) {
    print('  nginx is missing: install it with `apt-get install nginx` (Debian); running without it');
  }
  return { cores, nginxVersion, pinning, loadBefore };
}
