// A browser's cookie jar, as far as the BFF's cookies need (session cookies, the visitor cookie), for
// server tests that play one browser or several against the real BFF.
import { expect } from 'vitest';

/**
 * Set-Cookie answers are applied (a Max-Age of 0 removes), a __Host- cookie without Secure, Path=/ or
 * with a Domain is refused as browsers refuse it, and `header` is the Cookie header a call to a path
 * sends.
 */
export class CookieJar {
  private cookies = new Map<string, { name: string; value: string; path: string }>();

  apply(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...rest] = header.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const attribute = (key: string) =>
        rest.find((a) => a.toLowerCase().startsWith(`${key.toLowerCase()}=`))?.split('=')[1];
      const path = attribute('Path') ?? '/';
      if (name.startsWith('__Host-')) {
        expect(rest, `${name} needs Secure`).toContain('Secure');
        expect(path, `${name} needs Path=/`).toBe('/');
        expect(attribute('Domain'), `${name} may not have a Domain`).toBeUndefined();
      }
      const key = `${name} ${path}`;
      if (Number(attribute('Max-Age') ?? '1') <= 0) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  header(path = '/api/order/current'): string {
    return [...this.cookies.values()]
      .filter((cookie) => path.startsWith(cookie.path))
      .sort((a, b) => b.path.length - a.path.length)
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }

  sessionCookies(): string[] {
    return [...this.cookies.values()].map((cookie) => cookie.name).filter((name) => name.includes('sf_s_'));
  }

  /** The value of the cookie `name` at Path=/, if the jar holds it. */
  get(name: string): string | undefined {
    return this.cookies.get(`${name} /`)?.value;
  }

  set(name: string, value: string, path: string) {
    this.cookies.set(`${name} ${path}`, { name, value, path });
  }

  delete(name: string, path = '/') {
    this.cookies.delete(`${name} ${path}`);
  }
}
