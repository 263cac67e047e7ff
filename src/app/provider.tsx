import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '@/lib/query-client.ts';
import { NetworkNotice } from './shell/network-notice.tsx';
import { ToastHost } from './shell/toast-host.tsx';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <NetworkNotice />
      <ToastHost />
    </QueryClientProvider>
  );
}
