// The CPU time the processes of `npm run bench:bff` use, read from /proc: what each proxy costs per
// call, whatever else shared the machine.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU seconds used so far by processes (and their children: nginx's worker). */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids.flatMap((p) => [p, ...childPids(p)])) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14 and 15 of stat (utime, stime); `fields` starts at field 3.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone: counts nothing.
    }
  }
  return ticks / CLOCK_TICKS;
}
