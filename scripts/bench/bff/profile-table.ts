// The CPU profile of `npm run bench:bff -- --profile` (a V8 .cpuprofile written by `node --cpu-prof`),
// summed by where the time went: by package (node_modules/<pkg>), Node's own `node:` modules, V8's
// builtins, garbage collection, idle and "program" (V8's time outside any JavaScript function), and
// by our own module (dist-server's bundle mapped back to server/bff/<file>.ts through its source maps).
//
// Self time: the samples whose innermost frame is in the group. Inclusive time: the samples with the
// group anywhere on their stack, each sample counted once per group however often the group recurs
// on it (a recursion, or a package calling back into itself through ours, never counts twice).

export type CallFrame = {
  functionName: string;
  url: string;
  /** 0-based, as V8 writes them. */
  lineNumber: number;
  columnNumber: number;
};

export type CpuProfileNode = { id: number; callFrame: CallFrame; children?: number[] };

export type CpuProfile = {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

export type GroupKind = 'package' | 'module' | 'node' | 'native' | 'gc' | 'idle' | 'program' | 'other';

/** Where a frame's code lives: its group (package, module, ...) and a readable place for the function. */
export type Place = { group: string; kind: GroupKind; where: string };

export type GroupRow = { group: string; kind: GroupKind; selfUs: number; inclusiveUs: number };
export type FunctionRow = { name: string; where: string; group: string; selfUs: number };

export type ProfileTable = {
  totalUs: number;
  /** Total minus idle: the time the process was working. */
  busyUs: number;
  samples: number;
  groups: GroupRow[];
  functions: FunctionRow[];
};

/** The microseconds each sample stands for: until the next sample (the last one: until the end). */
export function sampleWeights(profile: CpuProfile): number[] {
  const times: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) {
    t += delta;
    times.push(t);
  }
  return times.map((time, i) => Math.max(0, (times[i + 1] ?? Math.max(time, profile.endTime)) - time));
}

/** A package's name from a path through node_modules (`@scope/name` kept whole), else undefined. */
export function packageOf(url: string): string | undefined {
  const at = url.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const [first, second] = url.slice(at + '/node_modules/'.length).split('/');
  if (!first) return undefined;
  return first.startsWith('@') && second ? `${first}/${second}` : first;
}

/** The place of frames no source map is needed for; `mapped` resolves everything else. */
export function basicPlace(frame: CallFrame, mapped: (frame: CallFrame) => Place): Place {
  const name = frame.functionName;
  if (name === '(garbage collector)') return { group: 'GC', kind: 'gc', where: '' };
  if (name === '(idle)') return { group: '(idle)', kind: 'idle', where: '' };
  if (name === '(program)') return { group: '(program)', kind: 'program', where: '' };
  if (frame.url === '') return { group: 'V8 builtins (native)', kind: 'native', where: '' };
  // The only WebAssembly in the BFF: undici's HTTP parser (llhttp).
  if (frame.url.startsWith('wasm:')) return { group: "wasm (undici's llhttp)", kind: 'package', where: '' };
  if (frame.url.startsWith('node:')) {
    return { group: 'node: internals', kind: 'node', where: `${frame.url}:${frame.lineNumber + 1}` };
  }
  const pkg = packageOf(frame.url);
  if (pkg) {
    const file = frame.url.slice(frame.url.lastIndexOf('/node_modules/') + '/node_modules/'.length);
    return { group: `node_modules/${pkg}`, kind: 'package', where: `${file}:${frame.lineNumber + 1}` };
  }
  return mapped(frame);
}

/** Sums the profile by group (self and inclusive) and by function (self). */
export function aggregateProfile(profile: CpuProfile, locate: (frame: CallFrame) => Place): ProfileTable {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const places = new Map<number, Place | undefined>();
  const kinds = new Map<string, GroupKind>();
  const placeOf = (id: number): Place | undefined => {
    if (places.has(id)) return places.get(id);
    const node = byId.get(id);
    // The root frame is on every stack and is nobody's code.
    const place = !node || node.callFrame.functionName === '(root)' ? undefined : locate(node.callFrame);
    places.set(id, place);
    if (place) kinds.set(place.group, place.kind);
    return place;
  };
  /** The distinct groups on a node's stack, memoised (a node's stack is its parent's plus itself). */
  const stacks = new Map<number, readonly string[]>();
  const stackGroups = (id: number): readonly string[] => {
    const known = stacks.get(id);
    if (known) return known;
    // Walk up to the nearest memoised ancestor without recursing (deep stacks).
    const chain: number[] = [];
    let at: number | undefined = id;
    while (at !== undefined && !stacks.has(at)) {
      chain.push(at);
      at = parent.get(at);
    }
    let groups: readonly string[] = at === undefined ? [] : (stacks.get(at) ?? []);
    for (let i = chain.length - 1; i >= 0; i--) {
      const node = chain[i] as number;
      const group = placeOf(node)?.group;
      if (group !== undefined && !groups.includes(group)) groups = [...groups, group];
      stacks.set(node, groups);
    }
    return groups;
  };

  const weights = sampleWeights(profile);
  const rows = new Map<string, GroupRow>();
  const functions = new Map<string, FunctionRow>();
  const row = (group: string) => {
    let r = rows.get(group);
    if (!r) {
      r = { group, kind: kinds.get(group) ?? 'other', selfUs: 0, inclusiveUs: 0 };
      rows.set(group, r);
    }
    return r;
  };
  let totalUs = 0;
  let idleUs = 0;
  profile.samples.forEach((id, i) => {
    const weight = weights[i] ?? 0;
    totalUs += weight;
    const place = placeOf(id);
    if (!place) return;
    if (place.kind === 'idle') idleUs += weight;
    row(place.group).selfUs += weight;
    for (const group of stackGroups(id)) row(group).inclusiveUs += weight;
    const frame = byId.get(id)?.callFrame;
    const name = frame?.functionName || '(anonymous)';
    const key = `${name}\u0000${place.where}`;
    const f = functions.get(key) ?? { name, where: place.where, group: place.group, selfUs: 0 };
    f.selfUs += weight;
    functions.set(key, f);
  });
  return {
    totalUs,
    busyUs: totalUs - idleUs,
    samples: profile.samples.length,
    groups: [...rows.values()].sort((a, b) => b.selfUs - a.selfUs || b.inclusiveUs - a.inclusiveUs),
    functions: [...functions.values()].sort((a, b) => b.selfUs - a.selfUs),
  };
}
