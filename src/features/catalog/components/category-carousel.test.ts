import type { Swiper as SwiperInstance } from 'swiper';
import { describe, expect, it, vi } from 'vitest';
import { stopBeforeHidingChosen } from './category-carousel.tsx';

const swiperAt = (activeIndex: number) => {
  const stop = vi.fn();
  return { instance: { activeIndex, autoplay: { stop } } as unknown as SwiperInstance, stop };
};

describe("the tabs' autoplay", () => {
  it('moves on while the chosen tab stays in view after the next step', () => {
    const { instance, stop } = swiperAt(1);
    stopBeforeHidingChosen(instance, 3);
    expect(stop).not.toHaveBeenCalled();
  });

  it('stops before the step that would carry the chosen tab out of view', () => {
    const atChosen = swiperAt(3);
    stopBeforeHidingChosen(atChosen.instance, 3);
    expect(atChosen.stop).toHaveBeenCalledOnce();
    // 'Todos', the first tab, chosen: it never moves.
    const atStart = swiperAt(0);
    stopBeforeHidingChosen(atStart.instance, 0);
    expect(atStart.stop).toHaveBeenCalledOnce();
  });

  it('runs as the spec says when no tab is chosen', () => {
    const { instance, stop } = swiperAt(4);
    stopBeforeHidingChosen(instance, -1);
    expect(stop).not.toHaveBeenCalled();
  });
});
