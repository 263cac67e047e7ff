import { describe, expect, it } from 'vitest';
import {
  aggregateProfile,
  basicPlace,
  type CallFrame,
  type CpuProfile,
  type Place,
  packageOf,
} from './profile-table.ts';

const frame = (functionName: string, url = '', lineNumber = 0): CallFrame => ({
  functionName,
  url,
  lineNumber,
  columnNumber: 0,
});

const EXPRESS = 'file:///app/node_modules/express/lib/router/index.js';
const PINO = 'file:///app/node_modules/pino/lib/proto.js';
const OURS = 'file:///app/dist-server/chunk-1.mjs';

/**
 * A tiny profile: the root; our pipeline (line 10 → server/bff/pipeline.ts) calling express, which
 * calls back into our pipeline (line 20), which calls pino; GC and idle beside it.
 */
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 6, 7] },
    { id: 2, callFrame: frame('handle', OURS, 10), children: [3] },
    { id: 3, callFrame: frame('next', EXPRESS, 5), children: [4] },
    { id: 4, callFrame: frame('dispatch', OURS, 20), children: [5] },
    { id: 5, callFrame: frame('info', PINO, 7) },
    { id: 6, callFrame: frame('(garbage collector)') },
    { id: 7, callFrame: frame('(idle)') },
  ],
  startTime: 0,
  endTime: 1_000,
  // Each sample stands for the time until the next: 100 µs each, the last until endTime.
  samples: [5, 5, 4, 3, 2, 6, 7, 7, 7, 7],
  timeDeltas: [0, 100, 100, 100, 100, 100, 100, 100, 100, 100],
};

/** Our chunk's lines mapped as a source map would: 10 and 20 both in server/bff/pipeline.ts. */
const locate = (f: CallFrame): Place =>
  basicPlace(f, () => ({
    group: 'server/bff/pipeline.ts',
    kind: 'module',
    where: `pipeline.ts:${f.lineNumber}`,
  }));

describe('the BFF’s CPU profile by package and by our module', () => {
  it('names packages from their node_modules path, scoped ones whole', () => {
    expect(packageOf(EXPRESS)).toBe('express');
    expect(packageOf('file:///a/node_modules/x/node_modules/@fastify/busboy/lib/main.js')).toBe(
      '@fastify/busboy',
    );
    expect(packageOf(OURS)).toBeUndefined();
  });

  it('sums self time by the innermost frame and inclusive time once per group on the stack', () => {
    const table = aggregateProfile(PROFILE, locate);
    const by = Object.fromEntries(table.groups.map((g) => [g.group, g]));
    expect(table.totalUs).toBe(1_000);
    expect(table.busyUs).toBe(600);
    expect(by['node_modules/pino']).toMatchObject({ kind: 'package', selfUs: 200, inclusiveUs: 200 });
    expect(by['node_modules/express']).toMatchObject({ kind: 'package', selfUs: 100, inclusiveUs: 400 });
    // Our pipeline is on the stack twice in samples 1-3 (before and after express): counted once.
    expect(by['server/bff/pipeline.ts']).toMatchObject({ kind: 'module', selfUs: 200, inclusiveUs: 500 });
    expect(by.GC).toMatchObject({ kind: 'gc', selfUs: 100, inclusiveUs: 100 });
    expect(by['(idle)']).toMatchObject({ kind: 'idle', selfUs: 400 });
    // The root is nobody's code.
    expect(table.groups.some((g) => g.group.includes('root'))).toBe(false);
  });

  it('lists the functions by self time', () => {
    const table = aggregateProfile(PROFILE, locate);
    expect(table.functions.slice(0, 2)).toEqual([
      { name: '(idle)', where: '', group: '(idle)', selfUs: 400 },
      { name: 'info', where: 'pino/lib/proto.js:8', group: 'node_modules/pino', selfUs: 200 },
    ]);
  });
});
