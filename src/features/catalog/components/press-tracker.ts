/**
 * Knows whether the shopper is in the middle of a tap or click, and runs work once it has ended.
 * Content that replaces the element under a finger between its press and its release loses the tap:
 * the release lands on a new element, so the browser sends no click. Such a swap (the tab row turning
 * into the carousel, started by that very press: lib/when-page-settles.ts) waits for the press to end.
 *
 * A press ends with its click, when the browser cancels it (the finger scrolled the page), or a little
 * after its release when no click follows (a drag off the element).
 */
const CLICK_AFTER_RELEASE_MS = 300;

export type PressTracker = {
  /** Runs `work` now when no press is under way, else when it ends. Returns a function that cancels. */
  afterPress(work: () => void): () => void;
  /** Stops listening; work still waiting is dropped. */
  stop(): void;
};

export function trackPresses(target: Window = window): PressTracker {
  let pressing = false;
  let releaseTimer: number | undefined;
  const waiting = new Set<() => void>();
  const early = { capture: true, passive: true } as const;

  const onPress = () => {
    target.clearTimeout(releaseTimer);
    pressing = true;
  };
  const onRelease = () => {
    target.clearTimeout(releaseTimer);
    releaseTimer = target.setTimeout(end, CLICK_AFTER_RELEASE_MS);
  };
  function end() {
    target.clearTimeout(releaseTimer);
    if (!pressing) return;
    pressing = false;
    const work = [...waiting];
    waiting.clear();
    for (const run of work) run();
  }

  target.addEventListener('pointerdown', onPress, early);
  target.addEventListener('pointerup', onRelease, early);
  target.addEventListener('pointercancel', end, early);
  // Heard as it bubbles out of the page: the element's own click handlers have run by then.
  target.addEventListener('click', end);

  return {
    afterPress(work) {
      if (!pressing) {
        work();
        return () => {};
      }
      waiting.add(work);
      return () => waiting.delete(work);
    },
    stop() {
      target.clearTimeout(releaseTimer);
      waiting.clear();
      target.removeEventListener('pointerdown', onPress, early);
      target.removeEventListener('pointerup', onRelease, early);
      target.removeEventListener('pointercancel', end, early);
      target.removeEventListener('click', end);
    },
  };
}
