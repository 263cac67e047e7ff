import { LRUCache } from 'lru-cache';
import type { AnswerCachePolicy } from './call-policy.ts';

/**
 * The answers the BFF keeps for everyone (a call whose policy has `cache`, call-policy.ts): a bounded
 * LRU per call (lru-cache), each answer kept for its policy's time (a 404 for less). Keyed by what the
 * caller gives it, the call's path as the BFF rebuilt it from checked parameters: never a header.
 * Calls asking for the same missing key at once share ONE call upstream, so a link posted in a busy
 * group, fetched by every phone's preview at once, costs the backend one call.
 */
export type KeptAnswer = {
  /** 200 or 404: nothing else is kept. */
  status: number;
  contentType: string;
  bytes: Buffer;
};

export type AnswerCache = {
  /** The kept answer, or `load`'s (kept when it is a 200 or a 404); one load per key at a time. */
  read(key: string, load: () => Promise<KeptAnswer>): Promise<KeptAnswer>;
  readonly size: number;
};

const KEPT_STATUSES = new Set([200, 404]);

export function createAnswerCache(policy: AnswerCachePolicy): AnswerCache {
  const kept = new LRUCache<string, KeptAnswer>({ max: policy.maxEntries, ttl: policy.ttlMs });
  const loading = new Map<string, Promise<KeptAnswer>>();
  return {
    read(key, load) {
      const found = kept.get(key);
      if (found) return Promise.resolve(found);
      const pending = loading.get(key);
      if (pending) return pending;
      const started = load().then(
        (answer) => {
          loading.delete(key);
          if (KEPT_STATUSES.has(answer.status)) {
            kept.set(key, answer, { ttl: answer.status === 404 ? policy.notFoundTtlMs : policy.ttlMs });
          }
          return answer;
        },
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
      loading.set(key, started);
      return started;
    },
    get size() {
      return kept.size;
    },
  };
}
