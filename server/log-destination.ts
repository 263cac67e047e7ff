import pino, { type DestinationStream } from 'pino';

/** Where a batch goes: written at once, whole (pino's synchronous destination, or a test's). */
export type BatchTarget = { write(batch: string): unknown; flushSync?(): void };

export type BatchedDestination = DestinationStream & {
  /** Writes what is pending now; pino calls it from `logger.flush(callback)`. */
  flush(callback?: (error?: Error) => void): void;
};

/**
 * Log lines, one write per turn of the event loop. The lines written while the server handles a
 * batch of calls (under load, tens of them per turn) are joined and written together once the
 * turn's I/O is done (`setImmediate`); an idle server's line goes out at the end of the turn that
 * wrote it. Lines keep their order. What is pending when the process exits, a crash included, is
 * written on 'exit' (synchronously: nothing else runs then).
 *
 * Why not pino's asynchronous destination: each of its writes goes through libuv's thread pool, and
 * on a busy core the hand-over to a pool thread and back cost more than the write itself: replacing
 * it took the BFF from 151–158 to 134–143 µs of CPU per call (docs/decisions/0011).
 */
export function batchedDestination(target: BatchTarget): BatchedDestination {
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === '') return;
    const batch = pending;
    pending = '';
    for (const part of wholeLinesUpTo(batch, ATOMIC_WRITE_BYTES)) target.write(part);
  };
  process.once('exit', () => {
    flush();
    target.flushSync?.();
  });
  return {
    write(line: string) {
      pending += line;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush(callback) {
      flush();
      callback?.();
    },
  };
}

/**
 * The most a pipe takes in one piece (PIPE_BUF on Linux): with several BFF processes writing to the
 * same standard output (BFF_WORKERS), a longer write could be cut by another process's lines.
 */
export const ATOMIC_WRITE_BYTES = 4_096;

/** The batch in parts of whole lines, each at most `maxBytes` (unless one line alone is longer). */
export function wholeLinesUpTo(batch: string, maxBytes: number): string[] {
  // Fast path: UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (batch.length * 3 <= maxBytes || Buffer.byteLength(batch) <= maxBytes) return [batch];
  const parts: string[] = [];
  let part = '';
  let partBytes = 0;
  let start = 0;
  while (start < batch.length) {
    const end = batch.indexOf('\n', start);
    const line = batch.slice(start, end === -1 ? batch.length : end + 1);
    start += line.length;
    const bytes = Buffer.byteLength(line);
    if (partBytes > 0 && partBytes + bytes > maxBytes) {
      parts.push(part);
      part = '';
      partBytes = 0;
    }
    part += line;
    partBytes += bytes;
  }
  if (part !== '') parts.push(part);
  return parts;
}

let stdout: BatchedDestination | undefined;

/**
 * Standard output, shared by every logger of the process (the BFF's and the sandbox's lines stay in
 * the order they were written). The batches go through pino's synchronous destination (sonic-boom),
 * which retries a full pipe (EAGAIN) instead of losing the line.
 */
export function batchedStdout(): BatchedDestination {
  stdout ??= batchedDestination(pino.destination({ dest: 1, sync: true }));
  return stdout;
}
