// Calls back when an element comes within `marginPx` of the viewport's bottom (spec section 9:
// "infinite scroll loads when within 250 pixels of the end").
import { useEffect, useRef } from 'react';

export const INFINITE_SCROLL_MARGIN_PX = 250;

export function useNearEnd<T extends Element>(
  onNearEnd: () => void,
  enabled: boolean,
  marginPx = INFINITE_SCROLL_MARGIN_PX,
) {
  const ref = useRef<T>(null);
  const callback = useRef(onNearEnd);
  callback.current = onNearEnd;

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${marginPx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, marginPx]);

  return ref;
}
