import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Catalogue data changes slowly; the order is refreshed by every call that returns it.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A refusal from the server (4xx) will not change on retry; a network blip may.
        retry: (failureCount, error) =>
          failureCount < 1 &&
          !(error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500),
      },
      mutations: { retry: false },
    },
  });
}
