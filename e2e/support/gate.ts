/**
 * A closed gate for a held network answer: a route handler waits on `passed` and the test calls
 * `open()` once it has seen what the page shows meanwhile. A slow line that is slow for as long as
 * the test needs, on a fast machine or a busy one, where a fixed delay is either too short or wasted.
 */
export function gate(): { passed: Promise<void>; open: () => void } {
  let open = () => {};
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open };
}
