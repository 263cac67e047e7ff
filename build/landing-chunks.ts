import path from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = Parameters<
  Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>
>[1];

/**
 * Chunk groups for the landing route (docs/decisions/0010-performance.md).
 *
 * Left alone, Rolldown gives every module shared between the app, the catalogue and a later screen
 * a chunk of its own: the landing route came in 14 files, most under 1 KB, each one more request
 * on a slow cell. Here the app (everything src/app/start-app.tsx needs) goes into two chunks:
 * - `vendor`: the UI libraries (React, react-dom, the router, react-query's React half), which change
 *   least between deploys, so a returning shopper's cache keeps them;
 * - `app`: our shell (layout, top bar, footer bar) and what the catalogue shares with other screens.
 * The page's first script (src/main.tsx) keeps its imports in a `start` chunk: the chat link, the
 * transport (axios), react-query's client, the contract's schemas (zod) and the first screen's
 * queries, which it prefetches while React and the app are still downloading (app/prefetch-landing.ts).
 * What only the catalogue uses stays in its screen's chunk, and what only a later screen uses in
 * that screen's chunks, so opening /order first does not download the catalogue.
 */
export function landingChunks(
  entry: string,
  app: string,
  landingRoute: string,
): Rolldown.CodeSplittingGroup[] {
  const entryId = path.resolve(entry);
  let groups: ReturnType<typeof landingGroups> | undefined;
  const groupOf = (_id: string, ctx: ChunkingContext) => {
    groups ??= landingGroups(ctx, entryId, path.resolve(app), path.resolve(landingRoute));
    return groups;
  };
  const isLibrary = (id: string) => id.includes('/node_modules/');
  // Groups are filled in priority order, and a group takes in its modules' dependencies unless an
  // earlier group has them: the first script's modules first (the app uses some of them too, and
  // the first script must not wait for the app's chunks), then the libraries, then our code.
  return [
    {
      debugName: 'start',
      name: (id, ctx) => (id !== entryId && groupOf(id, ctx).firstScript.has(id) ? 'start' : null),
      priority: 3,
    },
    {
      debugName: 'vendor',
      name: (id, ctx) => (isLibrary(id) && groupOf(id, ctx).shell.has(id) ? 'vendor' : null),
      priority: 2,
    },
    { debugName: 'app', name: (id, ctx) => (groupOf(id, ctx).shell.has(id) ? 'app' : null), priority: 1 },
  ];
}

function landingGroups(ctx: ChunkingContext, entryId: string, appId: string, routeId: string) {
  for (const id of [entryId, appId, routeId]) {
    if (!ctx.getModuleInfo(id)) throw new Error(`landingChunks: ${id} is not in the module graph`);
  }
  const firstScript = staticClosure(ctx, [entryId]);
  const fromApp = staticClosure(ctx, [appId]);
  const fromRoute = staticClosure(ctx, [routeId]);

  // Every other screen: what is loaded with import() from anywhere, and what those load in turn.
  const screens = new Set<string>();
  const queue = [...firstScript, ...fromApp];
  const visited = new Set<string>();
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (visited.has(id)) continue;
    visited.add(id);
    for (const next of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
      screens.add(next);
      queue.push(...staticClosure(ctx, [next]));
    }
  }
  for (const id of [appId, routeId]) screens.delete(id);
  const elsewhere = staticClosure(ctx, [...screens]);

  const shell = new Set<string>();
  for (const id of fromApp) shell.add(id);
  for (const id of fromRoute) if (id !== routeId && elsewhere.has(id)) shell.add(id);
  for (const id of firstScript) shell.delete(id);
  return { firstScript, shell };
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
