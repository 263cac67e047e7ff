/**
 * Runs work the first screen does not need (the tab carousel, the toasts' library) once the shopper
 * first touches, types or scrolls, or after `fallbackMs`, whichever comes first. On a cheap phone
 * this keeps their download and start-up out of the first seconds, when the main thread is busy
 * showing the catalogue (docs/quality-bars.md: TBT ≤ 100 ms); the shopper's first touch starts them in time
 * for what follows it. Returns a function that cancels.
 */
const FIRST_ACTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

export function whenPageSettles(run: () => void, fallbackMs = 5000): () => void {
  let done = false;
  const options = { capture: true, passive: true } as const;
  const cancel = () => {
    done = true;
    window.clearTimeout(timer);
    for (const type of FIRST_ACTS) window.removeEventListener(type, go, options);
  };
  const go = () => {
    if (done) return;
    cancel();
    run();
  };
  const timer = window.setTimeout(go, fallbackMs);
  for (const type of FIRST_ACTS) window.addEventListener(type, go, options);
  return cancel;
}
