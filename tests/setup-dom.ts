import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { forgetChatLinkForTests } from '@/session/chat-link.ts';
import { tabStorage } from '@/session/tab.ts';
import { server } from './msw.ts';

// The first render of a file pays for module warm-up; 1 s (the default) is too tight on a 2-core CI.
configure({ asyncUtilTimeout: 3000 });

// Component tests talk to msw handlers only; a call nobody handles is a test bug.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // The tab's storage, its memory copy included, and what the page read of its address: the next
  // test is a new page load.
  tabStorage.clear();
  sessionStorage.clear();
  forgetChatLinkForTests();
});
afterAll(() => server.close());

// A console.error in a component test fails it, unless the test expects it (vi.spyOn + mockImplementation).
const originalError = console.error;
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    originalError(...args);
    throw new Error(`console.error was called: ${String(args[0])}`);
  });
});

// jsdom has no matchMedia; react-hot-toast's Toaster and the carousel ask it for prefers-reduced-motion.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
