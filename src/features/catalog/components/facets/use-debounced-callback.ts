import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';

export type DebouncedCallback<A extends unknown[]> = ((...args: A) => void) & {
  /** Drops the pending call, if any. */
  cancel(): void;
  /** Makes the pending call now, if any. */
  flush(): void;
};

/**
 * A stable function that calls `callback` with the arguments of its last call once `delayMs` have
 * passed without another call. The latest `callback` is used, so it may close over fresh props.
 * A pending call is dropped on unmount.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number,
): DebouncedCallback<A> {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });

  const debounced = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pendingArgs: A | undefined;

    const cancel = () => {
      clearTimeout(timer);
      timer = undefined;
      pendingArgs = undefined;
    };
    const flush = () => {
      const args = pendingArgs;
      cancel();
      if (args) latest.current(...args);
    };
    const call = (...args: A) => {
      clearTimeout(timer);
      pendingArgs = args;
      timer = setTimeout(flush, delayMs);
    };
    return Object.assign(call, { cancel, flush });
  }, [delayMs]);

  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}
