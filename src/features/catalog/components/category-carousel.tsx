// The category tabs' carousel (spec sections 2 and 9): 5 tabs per view, 4/3/2 at widths up to
// 800/600/400, speed 500 ms, autoplay every 3000 ms. Swiper comes in its own chunk after the first
// paint, core plus the Autoplay module only; until then the same tabs sit in a plain row of the same
// size, so nothing moves when the carousel takes over.
//
// Autoplay stops for good at the last tab, on any touch, click or keyboard focus inside the row, and
// never starts when the shopper asks for reduced motion, so it never fights someone using the tabs.
// It never carries the chosen tab out of view either (issue 38): it stops before the step that would.
// With the first tab ('Todos') chosen, that means it does not move at all.
import { Children, type ReactNode, useEffect, useRef } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';

export const TABS_PER_VIEW = { base: 2, above400: 3, above600: 4, above800: 5 } as const;
export const CAROUSEL_SPEED_MS = 500;
export const CAROUSEL_AUTOPLAY_MS = 3000;
const GAP_PX = 8;

type Props = { children: ReactNode; activeIndex: number };

export default function CategoryCarousel({ children, activeIndex }: Props) {
  const swiper = useRef<SwiperInstance | null>(null);
  const reducedMotion =
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

  const chosen = useRef(activeIndex);
  chosen.current = activeIndex;

  // Keep the chosen tab in view (a tab chosen by the link, the keyboard or the filter modal).
  useEffect(() => {
    if (activeIndex < 0 || !swiper.current) return;
    swiper.current.slideTo(activeIndex, CAROUSEL_SPEED_MS);
    stopBeforeHidingChosen(swiper.current, activeIndex);
  }, [activeIndex]);

  return (
    <Swiper
      className="category-carousel"
      modules={[Autoplay]}
      onSwiper={(instance) => {
        swiper.current = instance;
        // The tabs belong to the tab list around the carousel: its own boxes are only layout.
        instance.wrapperEl.setAttribute('role', 'none');
        // Someone using the keyboard in the row, or touching it, stops the autoplay for good.
        instance.el.addEventListener('focusin', () => instance.autoplay?.stop());
        instance.el.addEventListener('pointerdown', () => instance.autoplay?.stop());
        instance.on('slideChange', () => stopBeforeHidingChosen(instance, chosen.current));
      }}
      onAutoplayStart={(instance) => stopBeforeHidingChosen(instance, chosen.current)}
      role="none"
      speed={CAROUSEL_SPEED_MS}
      spaceBetween={GAP_PX}
      slidesPerView={TABS_PER_VIEW.base}
      breakpoints={{
        401: { slidesPerView: TABS_PER_VIEW.above400 },
        601: { slidesPerView: TABS_PER_VIEW.above600 },
        801: { slidesPerView: TABS_PER_VIEW.above800 },
      }}
      autoplay={
        reducedMotion
          ? false
          : {
              delay: CAROUSEL_AUTOPLAY_MS,
              stopOnLastSlide: true,
              disableOnInteraction: true,
              pauseOnMouseEnter: true,
            }
      }
      watchOverflow
    >
      {Children.map(children, (child) => (
        <SwiperSlide role="none">{child}</SwiperSlide>
      ))}
    </Swiper>
  );
}

/**
 * The view starts at the swiper's activeIndex; autoplay's next step starts it one further. Once the
 * chosen tab is the view's first (or already left of it), that step would hide it: autoplay stops.
 */
export function stopBeforeHidingChosen(instance: SwiperInstance, chosenIndex: number): void {
  if (chosenIndex >= 0 && instance.activeIndex >= chosenIndex) instance.autoplay?.stop();
}
