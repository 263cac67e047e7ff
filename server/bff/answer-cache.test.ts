// The answers the BFF keeps for everyone (the public product read): one call upstream for callers
// asking at once, only 200 and 404 kept, a 404 for less time, bounded.
import { describe, expect, it } from 'vitest';
import { createAnswerCache, type KeptAnswer } from './answer-cache.ts';

const answer = (status: number, text = '{}'): KeptAnswer => ({
  status,
  contentType: 'application/json; charset=utf-8',
  bytes: Buffer.from(text),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the kept answers of a public call', () => {
  it('make one call upstream for callers asking for the same product at once', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, notFoundTtlMs: 10_000, maxEntries: 10 });
    let calls = 0;
    let release: (value: KeptAnswer) => void = () => {};
    const load = () => {
      calls += 1;
      return new Promise<KeptAnswer>((resolve) => {
        release = resolve;
      });
    };
    const waiting = Array.from({ length: 20 }, () => cache.read('/p/1001', load));
    release(answer(200, '{"a":1}'));
    const answers = await Promise.all(waiting);
    expect(calls).toBe(1);
    expect(new Set(answers.map((a) => a.bytes.toString()))).toEqual(new Set(['{"a":1}']));
    expect((await cache.read('/p/1001', load)).status).toBe(200);
    expect(calls).toBe(1);
  });

  it('keep a 200 for its time and a 404 for less, and nothing else', async () => {
    const cache = createAnswerCache({ ttlMs: 2_000, notFoundTtlMs: 100, maxEntries: 10 });
    const counts: Record<string, number> = {};
    const loader = (key: string, status: number) => () => {
      counts[key] = (counts[key] ?? 0) + 1;
      return Promise.resolve(answer(status));
    };
    for (const [key, status] of [
      ['found', 200],
      ['missing', 404],
      ['refused', 400],
      ['limited', 429],
    ] as const) {
      await cache.read(key, loader(key, status));
      await cache.read(key, loader(key, status));
    }
    expect(counts).toEqual({ found: 1, missing: 1, refused: 2, limited: 2 });
    await sleep(200);
    await cache.read('missing', loader('missing', 404));
    await cache.read('found', loader('found', 200));
    expect(counts).toMatchObject({ found: 1, missing: 2 });
    await sleep(2_000);
    await cache.read('found', loader('found', 200));
    expect(counts.found).toBe(2);
  });

  it('keep no failure: the next caller asks again', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, notFoundTtlMs: 10_000, maxEntries: 10 });
    await expect(cache.read('/p/1', () => Promise.reject(new Error('backend down')))).rejects.toThrow(
      'backend down',
    );
    expect((await cache.read('/p/1', () => Promise.resolve(answer(200)))).status).toBe(200);
  });

  it('hold at most its bound, dropping the least recently used', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, notFoundTtlMs: 10_000, maxEntries: 3 });
    for (let i = 0; i < 10; i++) await cache.read(`/p/${i}`, () => Promise.resolve(answer(404)));
    expect(cache.size).toBe(3);
  });
});
