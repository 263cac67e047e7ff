import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ScreenErrorBoundary } from './app/error-boundary.tsx';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes } from './app/router.tsx';
import { PageSpinner } from './components/ui/spinner.tsx';
import './app/styles.css';
import { followNewChatLinks } from './session/follow-new-links.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

followNewChatLinks();

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <ScreenErrorBoundary>
          <Suspense fallback={<PageSpinner />}>
            <AppRoutes />
          </Suspense>
        </ScreenErrorBoundary>
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
