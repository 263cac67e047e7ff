import { type ReactNode, useDeferredValue } from 'react';

type Props = {
  children: ReactNode;
  /** What stands in the children's place meanwhile (sized as they will be, so nothing moves). */
  placeholder?: ReactNode;
  /** After how many passes: content behind a 2 comes in the pass after those behind a 1. */
  pass?: number;
};

/**
 * Renders its children in a pass of their own just after the screen's first one: React renders a
 * deferred value in slices between frames and commits it apart (a deferred value first rendered
 * within a deferred pass waits for the next one). The checkout's sections below the first screenful
 * thus add nothing to the first paint's long task, and their mounting (masks, calls) is spread over
 * several short ones (issue 25: each task over 50 ms counts in the Total Blocking Time).
 */
export function RenderLater({ children, placeholder = null, pass = 1 }: Props) {
  const ready = useDeferredValue(true, false);
  if (!ready) return placeholder;
  if (pass <= 1) return children;
  return (
    <RenderLater placeholder={placeholder} pass={pass - 1}>
      {children}
    </RenderLater>
  );
}
