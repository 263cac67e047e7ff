import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, failure, server } from '../../tests/msw.ts';
import type { Session } from '../contract/session.ts';
import { InvalidSessionError, startSession } from './start-session.ts';
import { tabStorage } from './tab.ts';
import { TAB_STORAGE_KEYS } from './tab-storage.ts';

const HANDLE = 'hhhhhhhhhhhhhhhhhhhhhh';
const shopper: Session = {
  sessionType: 0,
  channelType: 1,
  channelId: 'c1',
  userShop: { id: 'u1' },
} as Session;

type Seen = { opened: string[]; resumed: number; handles: (string | null)[] };

function backend(session: Session | null = shopper, settingsOk = true): Seen {
  const seen: Seen = { opened: [], resumed: 0, handles: [] };
  const answer = () =>
    session
      ? HttpResponse.json(
          { success: true, data: session, errors: [] },
          { headers: { 'x-session-handle': HANDLE } },
        )
      : failure('Sessão não encontrada', 404);
  server.use(
    http.get('/api/session/:code', ({ params }) => {
      seen.opened.push(String(params.code));
      return answer();
    }),
    http.get('/api/session', ({ request }) => {
      seen.resumed += 1;
      seen.handles.push(request.headers.get('x-session-handle'));
      return answer();
    }),
    http.get('/api/shop/settings', ({ request }) => {
      seen.handles.push(request.headers.get('x-session-handle'));
      return settingsOk ? envelope({ style: { defaultColor: '#123456' } }) : failure('x');
    }),
  );
  return seen;
}

function at(url: string) {
  window.history.replaceState(null, '', url);
}

describe('starting the session of a tab', () => {
  beforeEach(() => {
    at('/catalog');
    tabStorage.clear();
  });

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

  it('goes to invalid-session and forgets the handle when the session call fails', async () => {
    backend(null);
    tabStorage.set(TAB_STORAGE_KEYS.sessionHandle, HANDLE);
    at('/catalog#codigo-errado');
    await expect(startSession()).rejects.toBeInstanceOf(InvalidSessionError);
    expect(tabStorage.get(TAB_STORAGE_KEYS.sessionHandle)).toBeUndefined();
  });

  it('goes to invalid-session when the session has no shop data', async () => {
    backend({ sessionType: 0, channelType: 1 } as Session);
    at('/catalog#no-shop-session');
    await expect(startSession()).rejects.toBeInstanceOf(InvalidSessionError);
  });

  it('goes to invalid-session without calling anyone when the link carries a hostile code', async () => {
    const seen = backend();
    at('/catalog#%3Cscript%3E');
    await expect(startSession()).rejects.toBeInstanceOf(InvalidSessionError);
    expect(seen.opened).toEqual([]);
  });

  it('goes on without branding when the shop settings fail', async () => {
    backend(shopper, false);
    at('/catalog#demo-shopper');
    const loaded = await startSession();
    expect(loaded.settings).toBeNull();
    expect(loaded.session.sessionType).toBe(0);
  });
});
