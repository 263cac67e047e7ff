import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { createQueryClient } from '../lib/query-client.ts';

/** The spec's toast delay: 5000 ms by default. */
export const TOAST_DURATION_MS = 5000;

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} />
    </QueryClientProvider>
  );
}
