import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { followNewChatLinks } from '@/session/follow-new-links.ts';
import { AppProvider } from './provider.tsx';
import { AppRoutes, preloadScreen } from './router.tsx';
import { landingScreenOf } from './router-paths.ts';
import { routerWindow } from './router-window.ts';
import { ScreenErrorBoundary } from './shell/error-boundary.tsx';

/** Renders the storefront into the page (main.tsx loads this once the first calls are on their way). */
export async function startApp(root: HTMLElement) {
  followNewChatLinks();
  // Waiting here costs nothing (the session is still on its way) and lets the screen render at once.
  const landing = landingScreenOf(window.location.pathname);
  if (landing) await preloadScreen[landing]().catch(() => {});
  const page = routerWindow();
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <BrowserRouter window={page}>
          <ScreenErrorBoundary>
            <Suspense fallback={<PageSpinner />}>
              <AppRoutes />
            </Suspense>
          </ScreenErrorBoundary>
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );
}
