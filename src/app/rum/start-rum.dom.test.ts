import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const reportWebVitals = vi.hoisted(() => vi.fn());
vi.mock('./report-web-vitals.ts', () => ({ reportWebVitals }));
const { rumIsOff, startRealUserMonitoring } = await import('./start-rum.ts');

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => true });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'sendBeacon');
  for (const meta of document.querySelectorAll('meta[name="rum"]')) meta.remove();
  reportWebVitals.mockClear();
});

function turnOff() {
  const meta = document.createElement('meta');
  meta.setAttribute('name', 'rum');
  meta.setAttribute('content', 'off');
  document.head.append(meta);
}

describe('starting real-user monitoring', () => {
  it('loads the measuring code only once the page has loaded and is idle', async () => {
    expect(document.readyState).toBe('complete');
    startRealUserMonitoring();
    await vi.dynamicImportSettled();
    expect(reportWebVitals).not.toHaveBeenCalled();
    // jsdom has no requestIdleCallback: a second after the load stands in for it.
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.dynamicImportSettled();
    expect(reportWebVitals).toHaveBeenCalledTimes(1);
  });

  it('loads and sends nothing when index.html says RUM is off', async () => {
    turnOff();
    expect(rumIsOff()).toBe(true);
    startRealUserMonitoring();
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.dynamicImportSettled();
    expect(reportWebVitals).not.toHaveBeenCalled();
  });

  it('loads nothing in a browser that cannot send a beacon', async () => {
    Reflect.deleteProperty(navigator, 'sendBeacon');
    startRealUserMonitoring();
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.dynamicImportSettled();
    expect(reportWebVitals).not.toHaveBeenCalled();
  });
});
