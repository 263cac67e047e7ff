import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from './index.ts';
import { findRunningServer, leaveServerNote, serverNoteFile } from './running-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-note-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the note a sandbox leaves beside its data file (read by sandbox:reset)', () => {
  it('is there while the server runs and gone once it closes; a memory database leaves none', async () => {
    const file = join(dir, 'running.db');
    const sandbox = await startSandbox({ dataFile: file });
    try {
      expect(findRunningServer(file)).toEqual({ pid: process.pid, url: sandbox.url, usesThisFile: true });
    } finally {
      await sandbox.close();
    }
    expect(existsSync(serverNoteFile(file))).toBe(false);
    const inMemory = await startSandbox({ dataFile: ':memory:' });
    await inMemory.close();
    expect(existsSync(serverNoteFile(':memory:'))).toBe(false);
  });

  it('names no server when its process is gone (a server killed without closing)', () => {
    const file = join(dir, 'killed.db');
    writeFileSync(file, '');
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(serverNoteFile(file), JSON.stringify({ pid: gone, url: 'http://127.0.0.1:1', fileId: '' }));
    expect(findRunningServer(file)).toBeUndefined();
  });

  it('tells when the path now names another file than the one the server opened', () => {
    const file = join(dir, 'replaced.db');
    writeFileSync(file, '');
    leaveServerNote(file, 'http://127.0.0.1:2');
    // Written beside it and moved over it: both exist at once, so the new one cannot reuse the inode.
    writeFileSync(`${file}.new`, '');
    renameSync(`${file}.new`, file);
    expect(findRunningServer(file)).toMatchObject({ pid: process.pid, usesThisFile: false });
  });

  it('is taken away only by the server that wrote it', () => {
    const file = join(dir, 'shared.db');
    writeFileSync(file, '');
    const takeFirstAway = leaveServerNote(file, 'http://127.0.0.1:3');
    leaveServerNote(file, 'http://127.0.0.1:4');
    takeFirstAway();
    expect(findRunningServer(file)?.url).toBe('http://127.0.0.1:4');
  });
});
