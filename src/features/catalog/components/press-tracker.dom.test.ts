import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PressTracker, trackPresses } from './press-tracker.ts';

let presses: PressTracker | undefined;
afterEach(() => {
  presses?.stop();
  vi.useRealTimers();
});

const press = () => window.dispatchEvent(new Event('pointerdown'));
const release = () => window.dispatchEvent(new Event('pointerup'));

/** Work left waiting by a press that has just been released, with the timers faked. */
function workWaitingAfterRelease() {
  vi.useFakeTimers();
  presses = trackPresses();
  const work = vi.fn();
  press();
  presses.afterPress(work);
  release();
  return work;
}

describe('work that must not land in the middle of a tap', () => {
  it('runs at once when nobody is pressing', () => {
    presses = trackPresses();
    const work = vi.fn();
    presses.afterPress(work);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for the tap’s click, after the element’s own click handlers', () => {
    presses = trackPresses();
    const order: string[] = [];
    const button = document.createElement('button');
    button.addEventListener('click', () => order.push('tab chosen'));
    document.body.append(button);
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    presses.afterPress(() => order.push('row swapped'));
    button.dispatchEvent(new Event('pointerup', { bubbles: true }));
    expect(order).toEqual([]);
    button.click();
    expect(order).toEqual(['tab chosen', 'row swapped']);
    button.remove();
  });

  it('runs when the browser cancels the press (the finger scrolled the page)', () => {
    presses = trackPresses();
    const work = vi.fn();
    press();
    presses.afterPress(work);
    window.dispatchEvent(new Event('pointercancel'));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs a little after a release that brings no click (a drag off the element)', () => {
    const work = workWaitingAfterRelease();
    vi.advanceTimersByTime(299);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('a second press before that delay keeps the work waiting', () => {
    const work = workWaitingAfterRelease();
    vi.advanceTimersByTime(200);
    press();
    vi.advanceTimersByTime(1000);
    expect(work).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('click'));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('drops work that was cancelled or left waiting when it stops', () => {
    presses = trackPresses();
    const cancelled = vi.fn();
    const dropped = vi.fn();
    press();
    presses.afterPress(cancelled)();
    presses.afterPress(dropped);
    presses.stop();
    window.dispatchEvent(new Event('click'));
    expect(cancelled).not.toHaveBeenCalled();
    expect(dropped).not.toHaveBeenCalled();
  });
});
