import type { Page } from '@playwright/test';

// A few tests are about the time between two of the shopper's acts: a beat after the stepper has
// appeared, a tap and then leaving within the cart's 1-second pause, a reload 1 s after typing. That
// time is the page's own clock's (Playwright's clock), moved on by the test: no wall-clock sleep, and
// the page's timers due within it (and only those) fire. Install it before the page loads.

/** Gives the page a clock the test can move on; it runs with the wall clock until then. */
export const installPageClock = (page: Page) => page.clock.install();

/** The shopper waits `ms` before their next act: the page's clock moves on, firing what falls due. */
export const shopperPauses = (page: Page, ms: number) => page.clock.runFor(ms);

/**
 * The page's clock stops (a second ahead of where it stands, so that the call's round trip cannot
 * overtake it): no timer fires until the test moves it on or lets it run again with `resume()`.
 */
export const stopPageClock = async (page: Page) =>
  page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
