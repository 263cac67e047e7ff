// The window BrowserRouter navigates (its `window` prop): the page's own, except that no address the
// router writes ever has a fragment. A chat link's fragment carries the session code; it leaves the
// address before the router starts (session/chat-link.ts), and no navigation of the app may bring
// one back: not a `navigate({ ...location })` copying a stale hash, not a `<Link>` to '#…'. Held
// here, under every navigation, instead of by each caller (src/app/address-never-holds-a-code.test.ts
// keeps the rest of the app from writing the address by itself).

type Url = string | URL | null | undefined;

/** The address without its fragment: '/catalog?x=1#code' → '/catalog?x=1'. */
export const withoutFragment = (url: Url): Url => (url == null ? url : String(url).split('#')[0]);

/**
 * `target` with some members replaced. The platform's own methods and accessors run on the real
 * object (`this` must be the window or its History, not a proxy).
 */
function withMembers<T extends object>(target: T, replaced: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(real, key) {
      if (Object.hasOwn(replaced, key)) return replaced[key as keyof T];
      const value: unknown = Reflect.get(real, key, real);
      return typeof value === 'function' ? (value as () => unknown).bind(real) : value;
    },
    set: (real, key, value) => Reflect.set(real, key, value, real),
  });
}

/** The page's window for the router: the same in every respect but the addresses its history writes. */
export function routerWindow(page: Window = window): Window {
  const history = page.history;
  return withMembers(page, {
    history: withMembers(history, {
      pushState: (data: unknown, unused: string, url?: Url) =>
        history.pushState(data, unused, withoutFragment(url)),
      replaceState: (data: unknown, unused: string, url?: Url) =>
        history.replaceState(data, unused, withoutFragment(url)),
    }),
  });
}
