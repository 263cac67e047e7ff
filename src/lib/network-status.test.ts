import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterPauseOnline,
  networkState,
  SLOW_CALL_MS,
  subscribeNetworkState,
  trackCall,
  whenOnline,
} from './network-status.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

describe('the network state the shopper is told', () => {
  it('is ok while calls answer within a few seconds', () => {
    const settled = trackCall();
    vi.advanceTimersByTime(SLOW_CALL_MS - 1);
    expect(networkState()).toBe('ok');
    settled();
    vi.advanceTimersByTime(SLOW_CALL_MS);
    expect(networkState()).toBe('ok');
  });

  it('is slow while a call waits past a few seconds, and ok again once the last slow one has answered', () => {
    const listener = vi.fn();
    const stop = subscribeNetworkState(listener);
    const first = trackCall();
    const second = trackCall();
    vi.advanceTimersByTime(SLOW_CALL_MS);
    expect(networkState()).toBe('slow');
    expect(listener).toHaveBeenCalled();
    first();
    expect(networkState()).toBe('slow');
    second();
    // Settling twice changes nothing.
    second();
    expect(networkState()).toBe('ok');
    stop();
  });

  it('is offline while the browser has no connection, whatever calls are waiting', () => {
    const listener = vi.fn();
    const stop = subscribeNetworkState(listener);
    const settled = trackCall();
    vi.advanceTimersByTime(SLOW_CALL_MS);
    onlineManager.setOnline(false);
    expect(networkState()).toBe('offline');
    expect(listener).toHaveBeenCalledTimes(2);
    onlineManager.setOnline(true);
    expect(networkState()).toBe('slow');
    settled();
    expect(networkState()).toBe('ok');
    stop();
  });

  it('stops telling a listener once it unsubscribes', () => {
    const listener = vi.fn();
    subscribeNetworkState(listener)();
    onlineManager.setOnline(false);
    const settled = trackCall();
    vi.advanceTimersByTime(SLOW_CALL_MS);
    settled();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('waiting for the connection', () => {
  it('whenOnline resolves at once with a connection, else once it is back', async () => {
    await expect(whenOnline()).resolves.toBeUndefined();
    onlineManager.setOnline(false);
    const back = vi.fn();
    void whenOnline().then(back);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(back).not.toHaveBeenCalled();
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('afterPauseOnline waits the pause, and then for the connection', async () => {
    const done = vi.fn();
    void afterPauseOnline(1000).then(done);
    await vi.advanceTimersByTimeAsync(999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledTimes(1);

    onlineManager.setOnline(false);
    const later = vi.fn();
    void afterPauseOnline(1000).then(later);
    await vi.advanceTimersByTimeAsync(5000);
    expect(later).not.toHaveBeenCalled();
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
