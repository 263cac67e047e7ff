import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { rumPageOf } from './rum-page.ts';
import { createVitalsBatch } from './vitals-batch.ts';

/**
 * The address the page was loaded at (the navigation entry's), not the current one: LCP, FCP and
 * TTFB belong to that load, and the shopper may have moved on (or '/' redirected to '/catalog') by
 * the time this runs. Only its screen's name is sent.
 */
function loadedPathname(): string {
  try {
    const [navigation] = performance.getEntriesByType('navigation');
    if (navigation?.name) return new URL(navigation.name).pathname;
  } catch {
    // No navigation timing: the current address is the best there is.
  }
  return window.location.pathname;
}

/**
 * Loaded after the page has settled (start-rum.ts). web-vitals observes with `buffered: true`, so
 * LCP, FCP, CLS and TTFB of the load are still seen in full; for INP, interactions before this ran
 * count only if they took 104 ms or more (the browser's own buffer threshold), which the slow ones
 * that matter do. No `reportAllChanges`: each metric is reported when final or when the page is hidden.
 */
export function reportWebVitals(): void {
  const batch = createVitalsBatch(rumPageOf(loadedPathname()));
  for (const observe of [onLCP, onINP, onCLS, onTTFB, onFCP]) observe(batch.add);
  // web-vitals listens in the capture phase and reports CLS, INP and the final LCP on this very
  // event; listening in the bubbling phase sends them in the same beacon.
  window.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') batch.flush();
  });
}
