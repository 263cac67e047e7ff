import type { Browser, BrowserContext } from '@playwright/test';

// The chat apps' own browsers (issue 37), as far as a desktop Chromium can stand for them: their
// user agents (what detection reads), `window.open` that returns null (WhatsApp and Instagram block
// pop-ups: on one store 8 % of checkout sessions hit it) and no `navigator.clipboard` (it throws on
// Android's webviews). A page that needs either must still let the shopper finish.

export type InAppProfile = {
  /** How tests name it: 'WhatsApp', 'Instagram', 'Messenger'. */
  name: 'WhatsApp' | 'Instagram' | 'Messenger';
  userAgent: string;
};

const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 13; SM-A135M Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.135 Mobile Safari/537.36';

export const IN_APP_PROFILES: readonly InAppProfile[] = [
  // WhatsApp's Android in-app browser adds no token of its own to a plain Android WebView's agent;
  // its iOS one does ('WhatsApp/2.x'), which is the one detection can name.
  {
    name: 'WhatsApp',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 WhatsApp/2.24.21.77',
  },
  {
    name: 'Instagram',
    userAgent: `${ANDROID_WEBVIEW} Instagram 357.0.0.35.92 Android (33/13; 420dpi; 1080x2220; samsung; SM-A135M; a13; exynos850; pt_BR; 655113287)`,
  },
  {
    name: 'Messenger',
    userAgent: `${ANDROID_WEBVIEW} [FB_IAB/Orca-Android;FBAV/480.0.0.39.109;]`,
  },
];

/**
 * What the chat apps' browsers take away: pop-ups (`window.open` answers null, and a link or form that
 * targets a new window opens nothing) and the clipboard.
 */
const WEBVIEW_LIMITS = () => {
  const opened: string[] = [];
  Object.defineProperty(window, '__openedWindows', { value: opened });
  window.open = ((url?: string | URL) => {
    opened.push(String(url ?? ''));
    return null;
  }) as typeof window.open;
  const newWindow = (target: string | null) =>
    !!target && !['_self', '_top', '_parent'].includes(target.toLowerCase());
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || !newWindow(link.getAttribute('target'))) return;
      opened.push(link.href);
      event.preventDefault();
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !newWindow(form.getAttribute('target'))) return;
      opened.push(form.action);
      event.preventDefault();
    },
    true,
  );
  Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
};

/** A phone-sized context that behaves like the profile's in-app browser (pass the test's `baseURL`). */
export async function inAppContext(
  browser: Browser,
  profile: InAppProfile,
  baseURL: string | undefined,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    userAgent: profile.userAgent,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
  });
  await context.addInitScript(WEBVIEW_LIMITS);
  return context;
}

/** The addresses the page tried to open in a new window (`window.open`, a link or form targeting one). */
export const windowsTried = (page: import('@playwright/test').Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __openedWindows: string[] }).__openedWindows);
