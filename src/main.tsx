// The page's first script. First of all it takes the chat link's code out of the address (into the
// tab's storage: session/chat-link.ts), then starts the first screen's calls into the page's query
// client, then loads the app. It imports no UI library, so it runs while React and the app's code
// are still downloading (index.html preloads that code: build/preload-app.ts).
import './app/styles.css';
import { prefetchLanding } from './app/prefetch-landing.ts';
import { landingScreenOf } from './app/router-paths.ts';
import { startRealUserMonitoring } from './app/rum/start-rum.ts';
import { pageQueryClient } from './lib/query-client.ts';
import { takeChatLink } from './session/chat-link.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

takeChatLink();
const firstData = prefetchLanding(pageQueryClient());

// Chat links land on the catalogue or a product: that screen downloads alongside the app instead of
// after it (start-app.tsx waits for it; the router shows the error page if it cannot be loaded).
const landing = landingScreenOf(window.location.pathname);
if (landing === 'catalog') void import('./features/catalog/catalog-screen.tsx').catch(() => {});
if (landing === 'product') void import('./features/product/product-screen.tsx').catch(() => {});

import('./app/start-app.tsx').then(
  ({ startApp }) => void startApp(root, firstData),
  () => {
    // Only a page without its code (a lost connection, or a deploy that removed old files) gets here.
    root.textContent = 'Não foi possível carregar a página. Verifique sua conexão e tente novamente.';
  },
);

// Core Web Vitals of real shoppers, measured by code fetched once the page has loaded and is idle.
startRealUserMonitoring();
