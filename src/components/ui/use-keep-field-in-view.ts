import { type RefObject, useEffect } from 'react';

/** Room kept between the field being typed and what covers the window's bottom. */
const MARGIN_PX = 12;

/** Fields that bring up a keyboard (checkboxes, radios and buttons do not). */
const isTypedField = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(element.type));

/**
 * The phone's keyboard never hides the field being typed, nor does the bar fixed at the window's
 * bottom (window-bottom-bar.tsx). When a field takes the focus, and again when the visible area
 * shrinks (the keyboard opening), the page scrolls just enough to show the field above both.
 * Browsers that resize the page for the keyboard put the bar right on top of it; the others put the
 * keyboard over the bar: the visual viewport covers both cases.
 */
export function useKeepFieldInView(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const keepInView = () => {
      const field = document.activeElement;
      if (!isTypedField(field)) return;
      const viewport = window.visualViewport;
      const visibleBottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight;
      const covering = bar.current && getComputedStyle(bar.current).position === 'fixed';
      const barTop = covering && bar.current ? bar.current.getBoundingClientRect().top : Infinity;
      const bottom = Math.min(visibleBottom, barTop) - MARGIN_PX;
      const box = field.getBoundingClientRect();
      if (box.bottom > bottom) window.scrollBy({ top: box.bottom - bottom });
    };
    // After the browser's own scroll to the focused field and its keyboard's resize.
    const later = () => requestAnimationFrame(keepInView);
    document.addEventListener('focusin', later);
    window.visualViewport?.addEventListener('resize', later);
    window.addEventListener('resize', later);
    return () => {
      document.removeEventListener('focusin', later);
      window.visualViewport?.removeEventListener('resize', later);
      window.removeEventListener('resize', later);
    };
  }, [bar]);
}
