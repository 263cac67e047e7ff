// Types of scripts/prune-native-leftovers.mjs (plain JavaScript: the Docker build runs it with node).
/** Removes native packages' build leftovers under a node_modules folder; returns the bytes freed. */
export declare function pruneNativeLeftovers(modules: string): number;
