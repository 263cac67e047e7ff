// What /proc says about the processes of `npm run bench:bff`: the CPU time a proxy has used (its
// children included: nginx's worker) and its resident memory. Read by the orchestrator and, at the
// edges of a measured window, by the load generator itself (load-result.ts).
import { readFileSync } from 'node:fs';

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

/**
 * CPU seconds (user + system, every thread) used so far by the processes and their children;
 * `clockTicks` is the kernel's clock rate (getconf CLK_TCK, 100 on Linux).
 */
export function cpuSeconds(pids: readonly number[], clockTicks: number): number {
  let ticks = 0;
  for (const pid of pids.flatMap((p) => [p, ...childPids(p)])) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields 14 and 15 (utime, stime), counted from after the command's closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone: counts nothing.
    }
  }
  return ticks / clockTicks;
}

/** Resident memory of the processes and their children, in MB (0 when /proc has none). */
export function residentMb(pids: readonly number[]): number {
  let kb = 0;
  for (const pid of pids.flatMap((p) => [p, ...childPids(p)])) {
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      kb += Number(match?.[1] ?? 0);
    } catch {
      // Gone.
    }
  }
  return Math.round(kb / 102.4) / 10;
}

/** Seconds one core (`/proc/stat`'s cpuN) has been busy so far: everything but idle and iowait. */
export function coreBusySeconds(core: number, clockTicks: number): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`cpu${core} `));
    if (!line) return 0;
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    return (
      ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / clockTicks
    );
  } catch {
    return 0;
  }
}
