import { apiErrorOf, envelope, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { apiCall, isSessionEnded, onSessionEnded, parseData, setSessionHandle } from './api-client.ts';

const FAILED = 'Não foi possível carregar o pedido.';

describe('the API client', () => {
  it('returns the data of a successful envelope', async () => {
    server.use(http.get('/api/x', () => envelope({ id: 1 })));
    expect((await apiCall({ url: '/api/x' }, FAILED)).data).toEqual({ id: 1 });
  });

  it('sends the tab session handle on every call', async () => {
    let seen: string | null = null;
    server.use(
      http.get('/api/x', ({ request }) => {
        seen = request.headers.get('x-session-handle');
        return envelope(null);
      }),
    );
    setSessionHandle('abcabcabcabcabcabcabca');
    await apiCall({ url: '/api/x' }, FAILED);
    setSessionHandle(undefined);
    expect(seen).toBe('abcabcabcabcabcabcabca');
  });

  it('throws the server message when the envelope says it failed', async () => {
    server.use(
      http.get('/api/x', () =>
        HttpResponse.json(
          { success: false, errors: [{ message: 'Cupom inválido', code: 400, type: 'error', status: 400 }] },
          { status: 400 },
        ),
      ),
    );
    const error = await apiErrorOf(apiCall({ url: '/api/x' }, FAILED));
    expect(error.message).toBe('Cupom inválido');
    expect(error.httpStatus).toBe(400);
  });

  it("keeps a failed envelope's data (a declined payment's result) for the caller to read", async () => {
    server.use(
      http.post('/api/x', () =>
        HttpResponse.json(
          {
            success: false,
            data: { status: 3, failureType: 1, recaptchaKey: null },
            errors: [{ message: 'Recusado', code: 402, type: 'payment', status: 402 }],
          },
          { status: 402 },
        ),
      ),
    );
    const error = await apiErrorOf(apiCall({ method: 'POST', url: '/api/x' }, FAILED));
    expect(error.httpStatus).toBe(402);
    expect(error.message).toBe('Recusado');
    expect(error.data).toEqual({ status: 3, failureType: 1, recaptchaKey: null });
  });

  it('has no data when the failed envelope carries none', async () => {
    server.use(
      http.get('/api/x', () =>
        HttpResponse.json({ success: false, data: null, errors: [] }, { status: 400 }),
      ),
    );
    expect((await apiErrorOf(apiCall({ url: '/api/x' }, FAILED))).data).toBeUndefined();
  });

  it("gives the call's default error (code 500, type error, status 0) when the answer is not an envelope", async () => {
    server.use(http.get('/api/x', () => new HttpResponse('<html>oops</html>', { status: 502 })));
    const error = await apiErrorOf(apiCall({ url: '/api/x' }, FAILED));
    expect(error.errors).toEqual([{ message: FAILED, code: 500, type: 'error', status: 0 }]);
  });

  it("gives the call's default error when the network fails", async () => {
    server.use(http.get('/api/x', () => HttpResponse.error()));
    const error = await apiErrorOf(apiCall({ url: '/api/x' }, FAILED));
    expect(error.message).toBe(FAILED);
  });

  it('turns data of the wrong shape into a failed call instead of a crash', () => {
    const schema = z.object({ id: z.string() });
    expect(() => parseData(schema, { id: 3 }, FAILED)).toThrow(FAILED);
    expect(parseData(schema, { id: 'a' }, FAILED)).toEqual({ id: 'a' });
  });
});

describe('a tab whose session the browser no longer holds', () => {
  const answer = (type: string, status = 401) =>
    HttpResponse.json(
      {
        success: false,
        data: null,
        errors: [{ message: 'Sua sessão expirou.', code: status, type, status }],
      },
      { status },
    );

  it('tells the listeners when a call answers 401 session_missing, and only then', async () => {
    let told = 0;
    const stop = onSessionEnded(() => {
      told += 1;
    });
    server.use(
      http.get('/api/ended', () => answer('session_missing')),
      http.get('/api/refused', () => answer('unauthorized')),
      http.get('/api/missing', () => answer('session_missing', 404)),
      http.post('/api/leaving', () => answer('session_missing')),
    );
    const ended = await apiErrorOf(apiCall({ url: '/api/ended' }, FAILED));
    expect(isSessionEnded(ended)).toBe(true);
    expect(told).toBe(1);
    expect(isSessionEnded(await apiErrorOf(apiCall({ url: '/api/refused' }, FAILED)))).toBe(false);
    expect(isSessionEnded(await apiErrorOf(apiCall({ url: '/api/missing' }, FAILED)))).toBe(false);
    expect(told).toBe(1);
    // A send that outlives the page too.
    await apiErrorOf(apiCall({ method: 'POST', url: '/api/leaving', data: {}, keepalive: true }, FAILED));
    expect(told).toBe(2);
    stop();
    await apiErrorOf(apiCall({ url: '/api/ended' }, FAILED));
    expect(told).toBe(2);
  });
});

describe('a send that must outlive the page (the shopper leaving for the chat, a reload)', () => {
  it('goes with fetch’s keepalive, the tab’s handle and its JSON body, and reads its answer as any call', async () => {
    setSessionHandle('hhhhhhhhhhhhhhhhhhhhhh');
    const seen: { handle: string | null; body: string }[] = [];
    server.use(
      http.post('/api/order/items/', async ({ request }) => {
        seen.push({ handle: request.headers.get('x-session-handle'), body: await request.text() });
        return envelope({ id: 'o1' });
      }),
    );
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const answer = await apiCall(
        { method: 'POST', url: '/api/order/items/', data: { index: '0', quantity: 2 }, keepalive: true },
        FAILED,
      );
      expect(answer.data).toEqual({ id: 'o1' });
      const request = fetchSpy.mock.calls[0]?.[0];
      expect(request instanceof Request ? request.keepalive : undefined).toBe(true);
    } finally {
      fetchSpy.mockRestore();
      setSessionHandle(undefined);
    }
    expect(seen).toEqual([{ handle: 'hhhhhhhhhhhhhhhhhhhhhh', body: '{"index":"0","quantity":2}' }]);
  });
});
