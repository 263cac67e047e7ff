import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { pageQueryClient } from '@/lib/query-client.ts';
import { NetworkNotice } from './shell/network-notice.tsx';
import { ToastHost } from './shell/toast-host.tsx';

export function AppProvider({ children }: { children: ReactNode }) {
  // The client the page's first script has been filling (app/prefetch-landing.ts).
  return (
    <QueryClientProvider client={pageQueryClient()}>
      {children}
      <NetworkNotice />
      <ToastHost />
    </QueryClientProvider>
  );
}
