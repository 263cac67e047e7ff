import path from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = Parameters<
  Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>
>[1];

/**
 * Chunk names for the landing route (docs/decisions/0010-performance.md).
 *
 * Left alone, Rolldown gives every module shared between the app shell, the catalogue and a later
 * screen a chunk of its own: the landing route came in 14 files, most under 1 KB, each one more
 * request and round trip on a slow cell. Here everything the landing route needs goes into two
 * chunks besides the entry and the catalogue's own:
 * - `vendor`: the libraries (React, the router, react-query, axios, zod), which change least between
 *   deploys, so a returning shopper's cache keeps them;
 * - `app`: our shell (session, layout, api client, contract) and what the catalogue shares with
 *   other screens (cart calls, the footer bar).
 * Modules only a later screen uses stay in that screen's chunks, and what only the catalogue uses
 * stays in its route chunk, so opening /order first does not download the catalogue.
 */
export function landingChunks(entry: string, landingRoute: string) {
  let shell: Set<string> | undefined;
  const inShell = (id: string, ctx: ChunkingContext) => {
    shell ??= landingShell(ctx, entry, landingRoute);
    return shell.has(id);
  };
  const isLibrary = (id: string) => id.includes('/node_modules/');
  // The libraries' group goes first: the app group would otherwise take them in as its dependencies.
  return [
    {
      name: (id: string, ctx: ChunkingContext) => (isLibrary(id) && inShell(id, ctx) ? 'vendor' : null),
      priority: 2,
    },
    { name: (id: string, ctx: ChunkingContext) => (inShell(id, ctx) ? 'app' : null), priority: 1 },
  ];
}

function landingShell(ctx: ChunkingContext, entry: string, landingRoute: string): Set<string> {
  const entryId = path.resolve(entry);
  const routeId = path.resolve(landingRoute);
  if (!ctx.getModuleInfo(entryId) || !ctx.getModuleInfo(routeId)) {
    throw new Error(`landingChunks: ${entry} or ${landingRoute} is not in the module graph`);
  }

  const fromEntry = staticClosure(ctx, [entryId]);
  const fromRoute = staticClosure(ctx, [routeId]);
  // Every screen chunk: what the entry and every chunk after it load with import().
  const screens = new Set<string>();
  const queue = [...fromEntry];
  const visited = new Set<string>();
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (visited.has(id)) continue;
    visited.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    for (const next of info.dynamicallyImportedIds) {
      screens.add(next);
      queue.push(...staticClosure(ctx, [next]));
    }
  }
  screens.delete(routeId);
  const elsewhere = staticClosure(ctx, [...screens]);

  const shell = new Set<string>();
  for (const id of fromEntry) if (id !== entryId) shell.add(id);
  for (const id of fromRoute) if (id !== routeId && elsewhere.has(id)) shell.add(id);
  return shell;
}

function staticClosure(ctx: ChunkingContext, start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
