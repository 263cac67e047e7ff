// The SPA's API client (src/lib/api-client.ts) runs in Node here, against a BFF on a loopback port:
// axios gets the BFF's address as its base URL and a one-tab cookie jar, as the browser would give it.
import type { AxiosInstance, AxiosStatic, CreateAxiosDefaults } from 'axios';

const state = { baseURL: '', cookies: new Map<string, string>() };

/** Where the BFF listens; the tab's cookies are forgotten (a new tab). */
export function pointApiClientAt(baseURL: string): void {
  state.baseURL = baseURL;
  state.cookies.clear();
}

/** A new tab: no cookies. */
export function newTab(): void {
  state.cookies.clear();
}

function keepCookies(setCookie: string[] | string | undefined): void {
  for (const header of [setCookie ?? []].flat()) {
    const [pair = '', ...attributes] = header.split(';');
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (expired) state.cookies.delete(name);
    else state.cookies.set(name, pair.slice(at + 1).trim());
  }
}

/** axios.create as the API client calls it, plus the base URL and the cookie jar. */
export function createWithJar(actual: AxiosStatic, config?: CreateAxiosDefaults): AxiosInstance {
  const instance = actual.create(config);
  instance.interceptors.request.use((request) => {
    request.baseURL = state.baseURL;
    const cookie = [...state.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) request.headers.set('Cookie', cookie);
    return request;
  });
  instance.interceptors.response.use((response) => {
    keepCookies(response.headers['set-cookie']);
    return response;
  });
  return instance;
}
