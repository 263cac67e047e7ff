import { apiErrorOf, envelope, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import type { CallDefinition } from '@/contract/calls/define.ts';
import { call } from './call.ts';

const FAILED = 'Não foi possível carregar o teste.';

/** A definition with everything: a path parameter, a query, a body and an answer that transforms. */
const everything = {
  method: 'POST',
  path: '/api/test/:id/items/:ids',
  params: z.strictObject({ id: z.string(), ids: z.string() }),
  query: z.strictObject({ page: z.number(), text: z.optional(z.string()) }),
  body: z.strictObject({ name: z.string(), count: z.number() }),
  data: z.object({
    total: z.pipe(
      z.string(),
      z.transform((text) => Number(text)),
    ),
  }),
} as const satisfies CallDefinition;

const plain = {
  method: 'GET',
  path: '/api/test/plain',
  data: z.array(z.string()),
} as const satisfies CallDefinition;

type Seen = { method: string; path: string; search: string; body: unknown };

function recordOne(method: 'get' | 'post', path: string, answer: unknown): { seen: Seen[] } {
  const record = { seen: [] as Seen[] };
  server.use(
    http[method](path, async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      record.seen.push({
        method: request.method,
        path: url.pathname,
        search: url.search,
        body: text ? JSON.parse(text) : undefined,
      });
      return envelope(answer);
    }),
  );
  return record;
}

describe('call', () => {
  it('fills the path, sends the query and the body, and parses the data with the definition', async () => {
    const record = recordOne('post', '/api/test/:id/items/:ids', { total: '12' });
    const data = await call(
      everything,
      {
        params: { id: 'a&b=c', ids: ['p1', 'x,y'] },
        query: { page: 2, text: undefined },
        body: { name: 'Café', count: 3 },
      },
      FAILED,
    );
    expect(data).toEqual({ total: 12 });
    expect(record.seen).toEqual([
      // Each value encoded; a list comma-joined, each item encoded on its own.
      {
        method: 'POST',
        path: '/api/test/a%26b%3Dc/items/p1,x%2Cy',
        search: '?page=2',
        body: { name: 'Café', count: 3 },
      },
    ]);
  });

  it('makes a call without params, query or body from the definition alone', async () => {
    const record = recordOne('get', '/api/test/plain', ['a', 'b']);
    expect(await call(plain, {}, FAILED)).toEqual(['a', 'b']);
    expect(record.seen).toEqual([{ method: 'GET', path: '/api/test/plain', search: '', body: undefined }]);
  });

  it('gives the failure message when the server gives none', async () => {
    server.use(http.get('/api/test/plain', () => HttpResponse.json({ success: false }, { status: 500 })));
    const error = await apiErrorOf(call(plain, {}, FAILED));
    expect(error.message).toBe(FAILED);
    expect(error.httpStatus).toBe(500);
  });

  it("gives the server's message when it has one", async () => {
    server.use(
      http.get('/api/test/plain', () =>
        HttpResponse.json(
          { success: false, errors: [{ message: 'Loja fechada', code: 409, type: 'error', status: 409 }] },
          { status: 409 },
        ),
      ),
    );
    expect((await apiErrorOf(call(plain, {}, FAILED))).message).toBe('Loja fechada');
  });

  it('turns data of the wrong shape into the failure message', async () => {
    recordOne('get', '/api/test/plain', [1, 2]);
    const error = await apiErrorOf(call(plain, {}, FAILED));
    expect(error.message).toBe(FAILED);
    expect(error.httpStatus).toBe(200);
  });

  it('leaves the data as sent with parse: false', async () => {
    recordOne('get', '/api/test/plain', { not: 'a list' });
    expect(await call(plain, { parse: false }, FAILED)).toEqual({ not: 'a list' });
  });

  it('answers the headers too with withHeaders', async () => {
    server.use(
      http.get('/api/test/plain', () =>
        HttpResponse.json(
          { success: true, data: ['a'], errors: [] },
          { headers: { 'X-Test-Header': 'seen' } },
        ),
      ),
    );
    const answer = await call(plain, { withHeaders: true }, FAILED);
    expect(answer.data).toEqual(['a']);
    expect(answer.headers['x-test-header']).toBe('seen');
  });

  it('refuses an empty path parameter before any call', async () => {
    await expect(
      call(
        everything,
        { params: { id: '', ids: ['p1'] }, query: { page: 0 }, body: { name: 'x', count: 1 } },
        FAILED,
      ),
    ).rejects.toThrow("Missing path parameter 'id'");
  });
});

describe('the types of call', () => {
  it('follow the definition (checked by tsc; the calls are never made)', () => {
    const typeChecks = () => {
      // @ts-expect-error params are required when the path has :names
      void call(everything, { query: { page: 0 }, body: { name: 'x', count: 1 } }, FAILED);
      // @ts-expect-error the body must match the definition's body schema
      void call(everything, { params: { id: 'a', ids: 'b' }, body: { name: 1, count: 1 } }, FAILED);
      // @ts-expect-error no params for a path without :names
      void call(plain, { params: { id: 'a' } }, FAILED);
      // @ts-expect-error no body for a definition without one
      void call(plain, { body: {} }, FAILED);
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});
