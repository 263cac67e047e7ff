import { RUM_OFF_META } from '@/contract/rum-off.ts';

/** Whether the BFF turned real-user monitoring off for this page (RUM=false writes the meta). */
export const rumIsOff = (doc: Document = document): boolean =>
  doc.querySelector(`meta[name="${RUM_OFF_META.name}"]`)?.getAttribute('content') === RUM_OFF_META.content;

/** How long an idle moment is waited for after the load before the measuring code is fetched anyway. */
const IDLE_TIMEOUT_MS = 5_000;

function afterLoadWhenIdle(run: () => void): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    } else {
      window.setTimeout(run, 1_000);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * Real-user monitoring, started by the page's first script: the measuring code (web-vitals and the
 * beacon, report-web-vitals.ts) is fetched once the page has loaded and the main thread is idle, so
 * it is no part of the landing route's JavaScript nor of its first seconds' work. Nothing at all
 * when the BFF says RUM is off or the browser cannot send a beacon; a failed download stays silent.
 */
export function startRealUserMonitoring(): void {
  if (rumIsOff() || typeof navigator.sendBeacon !== 'function') return;
  afterLoadWhenIdle(() => {
    import('./report-web-vitals.ts').then(({ reportWebVitals }) => reportWebVitals()).catch(() => {});
  });
}
