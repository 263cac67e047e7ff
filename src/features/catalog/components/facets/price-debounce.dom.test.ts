import { renderHook } from '@testing-library/react';
import { useDebouncedCallback } from 'use-debounce';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// What the price facet relies on from use-debounce's useDebouncedCallback (price-facet.tsx): a
// library update that changed one of these would change when the price filter is sent.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the price facet’s debounce (use-debounce)', () => {
  it('calls once, with the last arguments, 500 ms after the last call', () => {
    const callback = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback(callback, 500));
    result.current(1);
    vi.advanceTimersByTime(300);
    result.current(2);
    vi.advanceTimersByTime(499);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledWith(2);
    vi.advanceTimersByTime(2000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('keeps the same function across renders and uses the latest callback', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ callback }) => useDebouncedCallback(callback, 500), {
      initialProps: { callback: first },
    });
    const debounced = result.current;
    debounced('a');
    rerender({ callback: second });
    expect(result.current).toBe(debounced);
    vi.advanceTimersByTime(500);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('a');
  });

  it('cancels and flushes a pending call', () => {
    const callback = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback(callback, 500));
    result.current('dropped');
    result.current.cancel();
    vi.advanceTimersByTime(1000);
    expect(callback).not.toHaveBeenCalled();

    result.current('now');
    result.current.flush();
    expect(callback).toHaveBeenCalledExactlyOnceWith('now');
    vi.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(1);
    result.current.flush();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('drops a pending call on unmount', () => {
    const callback = vi.fn();
    const { result, unmount } = renderHook(() => useDebouncedCallback(callback, 500));
    result.current();
    unmount();
    vi.advanceTimersByTime(1000);
    expect(callback).not.toHaveBeenCalled();
  });
});
