import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ATOMIC_WRITE_BYTES, batchedDestination, wholeLinesUpTo } from './log-destination.ts';

const line = (n: number) => `{"msg":"line ${n}"}\n`;

function recorder() {
  const writes: string[] = [];
  return { writes, target: { write: (batch: string) => writes.push(batch) } };
}

describe('log lines written once per turn of the event loop', () => {
  it('writes the lines of one turn together, in order, at the end of the turn', async () => {
    const { writes, target } = recorder();
    const destination = batchedDestination(target);
    for (let n = 1; n <= 20; n++) destination.write(line(n));
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual([Array.from({ length: 20 }, (_, i) => line(i + 1)).join('')]);
  });

  it("writes an idle server's single line in the turn that wrote it", async () => {
    const { writes, target } = recorder();
    const destination = batchedDestination(target);
    destination.write(line(1));
    await nextTurn();
    destination.write(line(2));
    await nextTurn();
    expect(writes).toEqual([line(1), line(2)]);
  });

  it('writes a long batch in whole lines of at most one pipe write each (several BFF processes share the output)', async () => {
    const { writes, target } = recorder();
    const destination = batchedDestination(target);
    const lines = Array.from({ length: 200 }, (_, n) => `{"msg":"línea ${n} ${'é'.repeat(n % 50)}"}\n`);
    for (const l of lines) destination.write(l);
    await nextTurn();
    expect(writes.length).toBeGreaterThan(1);
    expect(writes.join('')).toBe(lines.join(''));
    for (const part of writes) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(ATOMIC_WRITE_BYTES);
      expect(part.endsWith('\n')).toBe(true);
    }
  });

  it('keeps a single line longer than a pipe write whole', () => {
    const long = `{"msg":"${'x'.repeat(10_000)}"}\n`;
    expect(wholeLinesUpTo(`${line(1)}${long}${line(2)}`, ATOMIC_WRITE_BYTES)).toEqual([
      line(1),
      long,
      line(2),
    ]);
  });

  it('writes what is pending at once when flushed, and calls back', () => {
    const { writes, target } = recorder();
    const destination = batchedDestination(target);
    destination.write(line(1));
    let calledBack = false;
    destination.flush(() => {
      calledBack = true;
    });
    expect(writes).toEqual([line(1)]);
    expect(calledBack).toBe(true);
  });

  it.each([
    ['exits', 'process.exit(0)'],
    ['crashes', 'throw new Error("boom")'],
  ])('loses no line when the process %s right after writing', (_case, ending) => {
    const script = [
      `import { batchedStdout } from ${JSON.stringify(path.join(import.meta.dirname, 'log-destination.ts'))};`,
      'const out = batchedStdout();',
      'for (const n of [1, 2, 3]) out.write(\'{"msg":"line \' + n + \'"}\\n\');',
      ending,
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(child.stdout).toBe(line(1) + line(2) + line(3));
  });
});
