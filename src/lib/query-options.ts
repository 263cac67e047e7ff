// react-query's queryOptions and infiniteQueryOptions, typed as react-query types them. Both are the
// identity at run time (they exist for the types); imported from '@tanstack/react-query' they would
// bring React's bindings into the page's first script, which prefetches the first screen's queries
// before React has arrived (app/prefetch-landing.ts, build/landing-chunks.ts).
import type {
  infiniteQueryOptions as reactInfiniteQueryOptions,
  queryOptions as reactQueryOptions,
} from '@tanstack/react-query';

const identity = <T>(options: T): T => options;

export const queryOptions = identity as typeof reactQueryOptions;
export const infiniteQueryOptions = identity as typeof reactInfiniteQueryOptions;
