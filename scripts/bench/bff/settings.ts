// What `npm run bench:bff` measures and for how long: the calls, the stub's answer, the cores, and the
// two run lengths (the full run, about 3 minutes, and `--quick`, about 40 s). No bars are asserted:
// the aims quoted in the printout come from docs/quality-bars.md ("Speed of the BFF").
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Where the report (bff.json) and the bundled helpers (build/) go: git-ignored. */
export const BENCH_DIR = path.join(ROOT, '.bench');

/** Calls the tab makes without a session; the load takes them in turn. */
export const CALL_PATHS = ['/api/shop/settings', '/api/catalog/categories'];
export const CALL_HEADERS = { accept: 'application/json' };

/** The stub backend's answer (stub-backend.ts): the envelope around a little data. */
export const STUB_BODY = JSON.stringify({
  success: true,
  data: {
    name: 'Loja Demo',
    currency: 'BRL',
    locale: 'pt-BR',
    minimumOrder: 0,
    categories: [
      { id: 1, name: 'Bebidas', slug: 'bebidas' },
      { id: 2, name: 'Mercearia', slug: 'mercearia' },
    ],
  },
  errors: [],
});

/**
 * The proxy under test gets core 0 to itself; the load generator and the stub backends share core 1.
 * The orchestrating process moves itself to core 1 too.
 */
export const PROXY_CORE = '0';
export const LOAD_CORE = '1';

/** The BFF's in-flight cap on backend calls, given to it as MAX_UPSTREAM_IN_FLIGHT (`--max-in-flight=N`). */
export const DEFAULT_MAX_IN_FLIGHT = 64;

/**
 * Loopback source addresses the load spreads its connections over (`--addresses=N`, addresses.ts):
 * 64 keeps every phase's connections per address far under MAX_CONNECTIONS_PER_IP (128) and its
 * calls in flight per address to a few, under the BFF's per-client share of its in-flight cap.
 */
export const DEFAULT_SOURCE_ADDRESSES = 64;

/** The aims of docs/quality-bars.md, quoted beside the figures (never turned into a pass or fail). */
export const AIMS = {
  addedP99Ms: 2,
  shedWithinMs: 10,
  admittedP99Ms: 50,
  /** The BFF's CPU per call, at most this many times the bare Node proxy's. */
  cpuPerCallVsNode: 3,
};

/** (d) of the run: two BFF replicas behind nginx sharing one Redis (replicas.ts). */
export type ReplicasSettings = {
  /** Times the closed-loop req/s of one BFF in (b). */
  multiple: number;
  seconds: number;
  warmupSeconds: number;
  settleSeconds: number;
  /** The most connections the generator opens. */
  connections: number;
  /** RATE_LIMIT_CARD_PAYMENTS_PER_MIN given to both replicas, and the card payments sent. */
  cardLimitPerMinute: number;
  cardPayments: number;
};

export type Profile = {
  name: 'full' | 'quick';
  /** Closed-loop load on each proxy before anything is measured (V8 optimises the BFF's code). */
  warmupSeconds: number;
  /** The longest wait for the processes to go idle between loads (a backlog left by an overload). */
  quietSeconds: number;
  /** (a) open loop at a fixed rate; each target's slices taken in turns, `rounds` times. */
  latency: { rate: number; rounds: number; seconds: number; warmupSeconds: number; connections: number };
  /** (b) closed loop; each target's slices taken in turns. */
  throughput: { connections: number; rounds: number; seconds: number; warmupSeconds: number };
  /** (c) over a stub that answers after `delayMs`. */
  overload: {
    delayMs: number;
    multiple: number;
    /**
     * The BFF's spike, this many times (each `seconds` long, the processes quiet between): one 8 s
     * window on a shared machine catches a neighbour's burst or misses it, so the aims are read on the
     * median round, every round shown.
     */
    rounds: number;
    /** Closed loop at `MAX_UPSTREAM_IN_FLIGHT` connections: the rate one BFF sustains over that stub. */
    probeSeconds: number;
    seconds: number;
    warmupSeconds: number;
    settleSeconds: number;
    /** nginx and the bare Node proxy at the same offered rate, for contrast (0: skipped). */
    contrastSeconds: number;
    /** The most connections the generator opens (calls beyond wait for one, their clock running). */
    connections: number;
  };
  /** (d) two BFF replicas behind nginx sharing one Redis (replicas.ts). */
  replicas: ReplicasSettings;
};

export const PROFILES: Record<Profile['name'], Profile> = {
  full: {
    name: 'full',
    warmupSeconds: 2,
    quietSeconds: 8,
    latency: { rate: 1_000, rounds: 3, seconds: 4, warmupSeconds: 0.5, connections: 64 },
    throughput: { connections: 50, rounds: 3, seconds: 3, warmupSeconds: 0.5 },
    overload: {
      delayMs: 20,
      multiple: 5,
      rounds: 3,
      probeSeconds: 3,
      seconds: 8,
      warmupSeconds: 1,
      settleSeconds: 5,
      contrastSeconds: 3,
      connections: 2_048,
    },
    replicas: {
      multiple: 1.8,
      seconds: 8,
      warmupSeconds: 1,
      settleSeconds: 5,
      connections: 1_024,
      cardLimitPerMinute: 10,
      cardPayments: 30,
    },
  },
  quick: {
    name: 'quick',
    warmupSeconds: 0.5,
    quietSeconds: 3,
    latency: { rate: 1_000, rounds: 1, seconds: 1.2, warmupSeconds: 0.5, connections: 64 },
    throughput: { connections: 50, rounds: 1, seconds: 1, warmupSeconds: 0.5 },
    overload: {
      delayMs: 20,
      multiple: 5,
      rounds: 1,
      probeSeconds: 1,
      seconds: 2,
      warmupSeconds: 0.5,
      settleSeconds: 2,
      contrastSeconds: 1,
      connections: 2_048,
    },
    replicas: {
      multiple: 1.8,
      seconds: 2,
      warmupSeconds: 0.5,
      settleSeconds: 2,
      connections: 1_024,
      cardLimitPerMinute: 10,
      cardPayments: 30,
    },
  },
};
