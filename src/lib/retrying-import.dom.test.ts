import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_RETRIES, retryingImport } from './retrying-import.ts';

afterEach(() => {
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

const lostConnection = () => new TypeError('Failed to fetch dynamically imported module');

describe("a screen's code lost to a dropped connection", () => {
  it('is fetched again once the connection is back, and arrives', async () => {
    vi.useFakeTimers();
    onlineManager.setOnline(false);
    const screen = { default: 'Carrinho' };
    const load = vi.fn().mockRejectedValueOnce(lostConnection()).mockResolvedValueOnce(screen);
    const loading = retryingImport(load)();

    // Offline: past any pause, nothing is tried again.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);

    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    await expect(loading).resolves.toBe(screen);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it(`gives up after ${IMPORT_RETRIES} more tries online (a chunk gone after a deploy), with the error`, async () => {
    vi.useFakeTimers();
    const gone = lostConnection();
    const load = vi.fn().mockRejectedValue(gone);
    const loading = retryingImport(load)();
    const settled = expect(loading).rejects.toBe(gone);
    await vi.advanceTimersByTimeAsync(120_000);
    await settled;
    expect(load).toHaveBeenCalledTimes(IMPORT_RETRIES + 1);
  });
});
