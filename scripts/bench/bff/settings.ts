// What `npm run bench:bff` measures and how hard: the call, the phases' lengths and loads, the bars
// (../shared/design/quality-bars.md, "Speed of the BFF") and the cores the processes are pinned to.
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export const SESSION_CODE = 'demo-shopper';
export const CALL_PATH = '/api/shop/settings';

/** Phase lengths (seconds) and loads: the whole run stays under about three minutes. */
export const WARMUP_S = 2;
/**
 * The fixed-connection runs of one upstream's targets take turns, a slice each, round after round:
 * this VM's speed drifts by up to half within minutes, and turns spread that drift over every target
 * alike instead of handing it to whichever ran last.
 */
export const THROUGHPUT_ROUNDS = 3;
export const THROUGHPUT_SLICE_S = 4;
export const THROUGHPUT_CONNECTIONS = 50;
export const RATE = 1_000;
export const RATE_S = 6;
export const RATE_CONNECTIONS = 10;
export const PACED_S = 5;
export const PACED_WARMUP_S = 1;
export const PACED_CONNECTIONS = 32;

export const BARS = { addedP99Ms: 2, throughput: 8_000, timeWaitGrowth: 1_000 };

// The proxy under test (BFF or nginx) gets core 0 to itself; the load generators and the upstreams
// share core 1. The proxies are what is compared, so they must not compete with the load for a core;
// the upstream is the same process for every target, so sharing a core with the load costs the direct
// run, the BFF's and nginx's alike (and the direct run does not borrow the proxies' core either).
export const SERVER_CORE = '0';
export const LOAD_CORE = '1';
/** The BFF with two processes (BFF_WORKERS=2) runs on both, beside the load and the upstream. */
export const BOTH_CORES = '0,1';
