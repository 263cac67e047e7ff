import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { followNewChatLinks } from '@/session/follow-new-links.ts';
import { AppProvider } from './provider.tsx';
import { AppRoutes, preloadScreen } from './router.tsx';
import { landingScreenOf } from './router-paths.ts';
import { routerWindow } from './router-window.ts';
import { ScreenErrorBoundary } from './shell/error-boundary.tsx';

/**
 * The longest the first render waits for the first screen's data (main.tsx's prefetch): past it, the
 * screen renders its placeholders and fills in as the data comes.
 */
const FIRST_DATA_WAIT_MS = 1500;

/**
 * Renders the storefront into the page (main.tsx loads this once the first calls are on their way).
 * The first render waits for the landing screen's code and, for a moment, its data: a screen rendered
 * with its data is rendered once, while one rendered before it renders again, all at once, when the
 * data lands (a long task on a slow phone). 'Carregando a loja...' shows meanwhile.
 */
export async function startApp(root: HTMLElement, firstData: Promise<unknown> = Promise.resolve()) {
  followNewChatLinks();
  const landing = landingScreenOf(window.location.pathname);
  const dataOrTimeout = Promise.race([
    firstData,
    new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
  ]);
  await Promise.all([landing ? preloadScreen[landing]().catch(() => {}) : undefined, dataOrTimeout]);
  const page = routerWindow();
  const reactRoot = createRoot(root);
  // In a transition, React renders the first screen in slices and yields between them, instead of
  // one task as long as the whole screen (a slow phone's longest task at start-up).
  startTransition(() =>
    reactRoot.render(
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
    ),
  );
}
