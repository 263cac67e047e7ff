// A sandbox serving a data file leaves a note beside it, `<file>.server` (its pid, URL and which file
// it opened), and takes it away on close, so `npm run sandbox:reset` can say truthfully whether a
// running server uses the file it reset. A note left by a server that died without closing names a
// pid that is gone, and is ignored.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';

export type ServerNote = { pid: number; url: string; fileId: string };

export type RunningServer = {
  pid: number;
  url: string;
  /** False when the path now names another file than the one the server opened (deleted, replaced). */
  usesThisFile: boolean;
};

export const serverNoteFile = (dataFile: string): string => `${dataFile}.server`;

/** Device and inode: what stays the same for a file, and changes when the path is a new file. */
function fileIdOf(file: string): string | undefined {
  try {
    const { dev, ino } = statSync(file, { bigint: true });
    return `${dev}:${ino}`;
  } catch {
    return undefined;
  }
}

/** Writes the note and returns what takes it away again (only while it is still this server's). */
export function leaveServerNote(dataFile: string, url: string): () => void {
  const file = serverNoteFile(dataFile);
  const note = JSON.stringify({
    pid: process.pid,
    url,
    fileId: fileIdOf(dataFile) ?? '',
  } satisfies ServerNote);
  try {
    writeFileSync(file, `${note}\n`);
  } catch {
    // The note only makes a message of sandbox:reset precise; a server must not fail to start over it.
    return () => {};
  }
  return () => {
    try {
      // A second server started over the same file may have replaced it.
      if (readFileSync(file, 'utf8').trim() === note) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** The server whose note sits beside the data file, when its process is still alive. */
export function findRunningServer(dataFile: string): RunningServer | undefined {
  let note: unknown;
  try {
    note = JSON.parse(readFileSync(serverNoteFile(dataFile), 'utf8'));
  } catch {
    return undefined;
  }
  if (!isServerNote(note) || !isAlive(note.pid)) return undefined;
  return {
    pid: note.pid,
    url: note.url,
    usesThisFile: note.fileId !== '' && note.fileId === fileIdOf(dataFile),
  };
}

function isServerNote(value: unknown): value is ServerNote {
  if (typeof value !== 'object' || value === null) return false;
  const { pid, url, fileId } = value as Record<string, unknown>;
  return (
    Number.isInteger(pid) && (pid as number) > 0 && typeof url === 'string' && typeof fileId === 'string'
  );
}

function isAlive(pid: number): boolean {
  try {
    // Signal 0 only asks whether the process exists.
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
