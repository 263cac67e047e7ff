import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { envelope, failure, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCall } from './api-client.ts';
import { createQueryClient, retryDelay } from './query-client.ts';

const FAILED = 'Não foi possível carregar os produtos.';

/** The app's query client with its retry policy, but without the pauses between tries (tests). */
function appQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  const queries = queryClient.getDefaultOptions().queries;
  queryClient.setDefaultOptions({ queries: { ...queries, retryDelay: 0 } });
  return queryClient;
}

/** A GET /api/x answered by `answers` in turn (the last one from then on); counts the calls. */
function readAnswering(...answers: (() => Response)[]) {
  const seen = { calls: 0 };
  server.use(
    http.get('/api/x', () => {
      const answer = answers[Math.min(seen.calls, answers.length - 1)] as () => Response;
      seen.calls += 1;
      return answer();
    }),
  );
  return seen;
}

const read = (queryClient: QueryClient) =>
  queryClient.fetchQuery({
    queryKey: ['x'],
    queryFn: async () => (await apiCall({ url: '/api/x' }, FAILED)).data,
  });

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('reads, tried again when the network failed them', () => {
  it('tries a read that got no answer at all up to three more times', async () => {
    const seen = readAnswering(
      () => HttpResponse.error(),
      () => HttpResponse.error(),
      () => HttpResponse.error(),
      () => envelope({ page: 1 }),
    );
    await expect(read(appQueryClient())).resolves.toEqual({ page: 1 });
    expect(seen.calls).toBe(4);
  });

  it('gives up on a read after four tries without an answer', async () => {
    const seen = readAnswering(() => HttpResponse.error());
    await expect(read(appQueryClient())).rejects.toThrow(FAILED);
    expect(seen.calls).toBe(4);
  });

  it('tries a read the server failed (5xx) once more', async () => {
    const seen = readAnswering(() => failure('Serviço indisponível', 503));
    await expect(read(appQueryClient())).rejects.toThrow('Serviço indisponível');
    expect(seen.calls).toBe(2);
  });

  it('does not try a read the server refused (4xx) again', async () => {
    const seen = readAnswering(() => failure('Produto não encontrado', 404));
    await expect(read(appQueryClient())).rejects.toThrow('Produto não encontrado');
    expect(seen.calls).toBe(1);
  });

  it('holds a read made without a connection and makes it once the connection is back', async () => {
    const seen = readAnswering(() => envelope({ page: 2 }));
    const queryClient = appQueryClient();
    queryClient.mount();
    onlineManager.setOnline(false);
    const answer = read(queryClient);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.calls).toBe(0);
    expect(queryClient.getQueryState(['x'])?.fetchStatus).toBe('paused');
    onlineManager.setOnline(true);
    await expect(answer).resolves.toEqual({ page: 2 });
    expect(seen.calls).toBe(1);
    queryClient.unmount();
  });
});

describe('the pause before trying a read again', () => {
  it('doubles from one second up to thirty, cut at random to between half and all of it', () => {
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValue(0.999_999);
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
    random.mockReturnValue(0);
    expect([0, 1, 2].map(retryDelay)).toEqual([500, 1000, 2000]);
    random.mockRestore();
  });
});
