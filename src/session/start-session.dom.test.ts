import { envelope, failure, server, sessionFixture } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@/contract/session.ts';
import { forgetChatLinkForTests, HANDLE_TTL_MS, takeChatLink } from './chat-link.ts';
import { InvalidSessionError, SessionEndedError, startSession } from './start-session.ts';
import { tabStorage } from './tab.ts';
import { TAB_STORAGE_KEYS } from './tab-storage.ts';

const HANDLE = 'hhhhhhhhhhhhhhhhhhhhhh';
const shopper = sessionFixture({ sessionType: 0, channelType: 1, channelId: 'c1', userShop: { id: 'u1' } });

type Seen = { opened: string[]; resumed: number; handles: (string | null)[]; addresses: string[] };

/** The BFF's 401 for a session the browser no longer holds (server/bff/errors.ts). */
const sessionMissing = () =>
  HttpResponse.json(
    {
      success: false,
      data: null,
      errors: [{ message: 'Sua sessão expirou.', code: 401, type: 'session_missing', status: 401 }],
    },
    { status: 401 },
  );

function backend(
  session: Session | null = shopper,
  settingsOk = true,
  resume: 'answer' | 'missing' = 'answer',
): Seen {
  const seen: Seen = { opened: [], resumed: 0, handles: [], addresses: [] };
  const answer = () =>
    session
      ? HttpResponse.json(
          { success: true, data: session, errors: [] },
          { headers: { 'x-session-handle': HANDLE } },
        )
      : failure('Sessão não encontrada', 404);
  server.use(
    http.all('*', ({ request }) => {
      seen.addresses.push(request.url);
    }),
    http.post('/api/session', async ({ request }) => {
      expect(request.headers.get('content-type')).toMatch(/^application\/json/);
      seen.opened.push(((await request.json()) as { code: string }).code);
      return answer();
    }),
    http.get('/api/session', ({ request }) => {
      seen.resumed += 1;
      seen.handles.push(request.headers.get('x-session-handle'));
      return resume === 'missing' ? sessionMissing() : answer();
    }),
    http.get('/api/shop/settings', ({ request }) => {
      seen.handles.push(request.headers.get('x-session-handle'));
      return settingsOk ? envelope({ style: { defaultColor: '#123456' } }) : failure('x');
    }),
  );
  return seen;
}

/** A page load at `url`: the address as the browser shows it, and nothing read of it yet. */
function at(url: string) {
  window.history.replaceState(null, '', url);
  forgetChatLinkForTests();
}

describe('starting the session of a tab', () => {
  beforeEach(() => {
    at('/catalog');
    tabStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('opens the code of the chat link, keeps only the handle and clears the code from the address bar', async () => {
    const seen = backend();
    at('/catalog#demo-shopper');
    const loaded = await startSession();
    expect(seen.opened).toEqual(['demo-shopper']);
    expect(loaded.session.userShop?.id).toBe('u1');
    expect(loaded.settings?.style?.defaultColor).toBe('#123456');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/catalog');
    expect(tabStorage.get(TAB_STORAGE_KEYS.sessionHandle)).toBe(HANDLE);
    expect(JSON.stringify(sessionStorage)).not.toContain('demo-shopper');
    // The code went in the open's body: no address the tab asked for carries it.
    expect(seen.addresses.length).toBeGreaterThan(0);
    expect(seen.addresses.filter((address) => address.includes('demo-shopper'))).toEqual([]);
    // Later calls carry the handle.
    expect(seen.handles).toEqual([HANDLE]);
  });

  it('stores the initial catalogue type and id the link carries', async () => {
    backend();
    at('/catalog#demo-shopper?type=ShowCategory&id=12');
    await startSession();
    expect(tabStorage.get(TAB_STORAGE_KEYS.catalogType)).toBe('ShowCategory');
    expect(tabStorage.get(TAB_STORAGE_KEYS.catalogId)).toBe('12');
  });

  it('uses the anonymous session when the link has no code and the tab has none', async () => {
    const seen = backend();
    await startSession();
    expect(seen.opened).toEqual(['anonymous-session']);
  });

  it('resumes the tab session after a reload, with the handle and without the code', async () => {
    const seen = backend();
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, HANDLE);
    await startSession();
    expect(seen.opened).toEqual([]);
    expect(seen.resumed).toBe(1);
    expect(seen.handles[0]).toBe(HANDLE);
  });

  it('goes to invalid-session and forgets the handle when the backend refuses the code', async () => {
    backend(null);
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, HANDLE);
    at('/catalog#codigo-errado');
    await expect(startSession()).rejects.toBeInstanceOf(InvalidSessionError);
    expect(tabStorage.get(TAB_STORAGE_KEYS.sessionHandle)).toBeUndefined();
    expect(JSON.stringify(sessionStorage)).not.toContain('codigo-errado');
  });

  it('shows invalid-session again after a reload of a refused link, instead of opening another session', async () => {
    const seen = backend(null);
    at('/catalog#codigo-errado');
    await expect(startSession()).rejects.toBeInstanceOf(InvalidSessionError);
    at('/catalog');
    await expect(startSession()).rejects.toBeInstanceOf(InvalidSessionError);
    expect(seen.opened).toEqual(['codigo-errado']);
    expect(seen.resumed).toBe(0);
  });

  it('takes the code out of the address before the session call answers, keeping it in the tab meanwhile', async () => {
    let answer: (() => void) | undefined;
    const seen = backend();
    server.use(
      http.post('/api/session', async ({ request }) => {
        seen.opened.push(((await request.json()) as { code: string }).code);
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json(
          { success: true, data: shopper, errors: [] },
          { headers: { 'x-session-handle': HANDLE } },
        );
      }),
    );
    at('/catalog#demo-shopper');
    const opening = startSession();
    expect(window.location.hash).toBe('');
    expect(tabStorage.get(TAB_STORAGE_KEYS.sessionLink)).toEqual({ code: 'demo-shopper' });
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer?.();
    await opening;
    // Once the BFF holds the code, the tab keeps only the handle.
    expect(tabStorage.get(TAB_STORAGE_KEYS.sessionLink)).toBeUndefined();
    expect(JSON.stringify(sessionStorage)).not.toContain('demo-shopper');
  });

  it('opens the same link again when a reload comes before the session call answered', async () => {
    const seen = backend();
    server.use(http.post('/api/session', () => new Promise<Response>(() => {}), { once: true }));
    // Another session was in the tab before this link.
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, 'oooooooooooooooooooooo');
    at('/catalog#demo-shopper');
    void startSession();
    // The reload: a new page at the address as the first one left it.
    expect(window.location.href).toBe(`${window.location.origin}/catalog`);
    at('/catalog');
    const loaded = await startSession();
    expect(seen.opened).toEqual(['demo-shopper']);
    expect(seen.resumed).toBe(0);
    expect(loaded.session.userShop?.id).toBe('u1');
    expect(tabStorage.get(TAB_STORAGE_KEYS.sessionHandle)).toBe(HANDLE);
  });

  it('keeps the link for a reload when the session call gets no answer or the backend is down', async () => {
    const seen = backend();
    server.use(http.post('/api/session', () => HttpResponse.error(), { once: true }));
    at('/catalog#demo-shopper');
    await expect(startSession()).rejects.not.toBeInstanceOf(InvalidSessionError);
    expect(tabStorage.get(TAB_STORAGE_KEYS.sessionLink)).toEqual({ code: 'demo-shopper' });
    server.use(http.post('/api/session', () => failure('Serviço indisponível', 503), { once: true }));
    at('/catalog');
    await expect(startSession()).rejects.not.toBeInstanceOf(InvalidSessionError);
    at('/catalog');
    await startSession();
    expect(seen.opened).toEqual(['demo-shopper']);
    expect(tabStorage.get(TAB_STORAGE_KEYS.sessionHandle)).toBe(HANDLE);
  });

  it('leaves the code in the address until the session opens when the tab cannot keep it', async () => {
    backend();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      at('/catalog#demo-shopper');
      expect(takeChatLink()).toEqual({ kind: 'code', code: 'demo-shopper' });
      expect(window.location.hash).toBe('#demo-shopper');
      await startSession();
      expect(window.location.hash).toBe('');
    } finally {
      setItem.mockRestore();
    }
  });

  it('a link edited in the tab’s storage into something that is no code is not sent', async () => {
    const seen = backend();
    sessionStorage.setItem(
      'storefront:session_link',
      JSON.stringify({ value: { code: '<script>x</script>' } }),
    );
    tabStorage.forget(TAB_STORAGE_KEYS.sessionLink);
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, HANDLE);
    await startSession();
    expect(seen.opened).toEqual([]);
    expect(seen.resumed).toBe(1);
  });

  it('a new link in the tab wins over the session the tab had', async () => {
    const seen = backend();
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, 'oooooooooooooooooooooo');
    at('/catalog#demo-shopper');
    await startSession();
    expect(seen.opened).toEqual(['demo-shopper']);
    expect(seen.resumed).toBe(0);
  });

  it('goes to invalid-session when the session has no shop data', async () => {
    backend(sessionFixture({ sessionType: 0, channelType: 1 }));
    at('/catalog#no-shop-session');
    await expect(startSession()).rejects.toBeInstanceOf(InvalidSessionError);
  });

  it('goes to invalid-session without calling anyone when the link carries a hostile code', async () => {
    const seen = backend();
    at('/catalog#%3Cscript%3E');
    await expect(startSession()).rejects.toBeInstanceOf(InvalidSessionError);
    expect(seen.opened).toEqual([]);
  });

  it('keeps the handle for 12 hours, as long as the BFF keeps the session cookie', async () => {
    backend();
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.UTC(2025, 4, 12, 8);
    vi.setSystemTime(now);
    at('/catalog#demo-shopper');
    await startSession();
    expect(HANDLE_TTL_MS).toBe(12 * 60 * 60 * 1000);
    const stored = JSON.parse(sessionStorage.getItem(`storefront:${TAB_STORAGE_KEYS.sessionHandle}`) ?? '{}');
    expect(stored).toEqual({ value: HANDLE, expirationTimestamp: now + HANDLE_TTL_MS });
    vi.setSystemTime(now + HANDLE_TTL_MS - 1);
    expect(tabStorage.get(TAB_STORAGE_KEYS.sessionHandle)).toBe(HANDLE);
    vi.setSystemTime(now + HANDLE_TTL_MS);
    expect(tabStorage.get(TAB_STORAGE_KEYS.sessionHandle)).toBeUndefined();
  });

  it('tells a session the browser no longer holds (401 session_missing on resume) from a bad one', async () => {
    const seen = backend(shopper, true, 'missing');
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, HANDLE);
    await expect(startSession()).rejects.toBeInstanceOf(SessionEndedError);
    expect(seen.resumed).toBe(1);
    expect(seen.opened).toEqual([]);
    // The handle stays: a reload says the same, instead of quietly opening the anonymous session.
    expect(tabStorage.get(TAB_STORAGE_KEYS.sessionHandle)).toBe(HANDLE);
  });

  it('goes on without branding when the shop settings fail', async () => {
    backend(shopper, false);
    at('/catalog#demo-shopper');
    const loaded = await startSession();
    expect(loaded.settings).toBeNull();
    expect(loaded.session.sessionType).toBe(0);
  });
});
