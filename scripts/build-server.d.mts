// Types of scripts/build-server.mjs (plain JavaScript: `npm start` runs it before anything is compiled).
/** Where the bundled server lands, relative to the repository root. */
export declare const SERVER_DIST: string;
/** Node's flags for the bundled server wherever it runs (npm start, the e2e run, Docker, benchmarks). */
export declare const SERVER_NODE_FLAGS: readonly string[];
/** Bundles server/start.ts into SERVER_DIST. */
export declare function buildServer(): Promise<void>;
