// The TIME_WAIT sockets of `npm run bench:bff`: counted before and after each phase, machine-wide (an
// unpooled proxy leaves thousands behind; the load generators close their own connections).
import { readFileSync } from 'node:fs';

/** Sockets in TIME_WAIT (state 06) on this machine, IPv4 and IPv6. */
export function timeWaitSockets(): number {
  let count = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      if (line.trim().split(/\s+/)[3] === '06') count++;
    }
  }
  return count;
}
