import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenPageSettles } from './when-page-settles.ts';

afterEach(() => vi.useRealTimers());

describe('work the first screen does not need', () => {
  it('runs once, at the shopper’s first touch', () => {
    const run = vi.fn();
    whenPageSettles(run, 5000);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after the fallback time when nobody touches the page', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    whenPageSettles(run, 5000);
    vi.advanceTimersByTime(4999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('scroll'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled (the screen went away)', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    whenPageSettles(run, 5000)();
    window.dispatchEvent(new Event('touchstart'));
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
  });
});
