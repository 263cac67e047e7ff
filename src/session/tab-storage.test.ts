import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTabStorage, STORAGE_PREFIX, TAB_STORAGE_KEYS } from './tab-storage.ts';

/** An in-memory Web Storage, one per simulated tab. */
class FakeStorage implements Storage {
  [name: string]: unknown;
  readonly items = new Map<string, string>();

  constructor(seed: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(seed)) this.items.set(key, value);
  }

  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }

  /** What a reload of the tab sees: the same stored data in a fresh page. */
  reloaded(): FakeStorage {
    return new FakeStorage(Object.fromEntries(this.items));
  }
}

/** A storage whose every method throws, like storage disabled by the browser. */
class ThrowingStorage extends FakeStorage {
  override get length(): number {
    throw new DOMException('denied', 'SecurityError');
  }
  override key(): string | null {
    throw new DOMException('denied', 'SecurityError');
  }
  override getItem(): string | null {
    throw new DOMException('denied', 'SecurityError');
  }
  override setItem(): void {
    throw new DOMException('denied', 'SecurityError');
  }
  override removeItem(): void {
    throw new DOMException('denied', 'SecurityError');
  }
}

/** A storage that is full: reads and removals work, writes throw. */
class FullStorage extends FakeStorage {
  override setItem(): void {
    throw new DOMException('full', 'QuotaExceededError');
  }
}

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createTabStorage: reading and writing', () => {
  it('a stored value is read back', () => {
    const tab = createTabStorage(new FakeStorage());
    tab.set('catalog_id', { id: 12, name: 'Bebidas' });
    expect(tab.get('catalog_id')).toEqual({ id: 12, name: 'Bebidas' });
  });

  it('a key never stored reads as undefined', () => {
    expect(createTabStorage(new FakeStorage()).get('catalog_id')).toBeUndefined();
  });

  it('falsy values are stored and read back as themselves', () => {
    const tab = createTabStorage(new FakeStorage());
    tab.set('a', 0);
    tab.set('b', '');
    tab.set('c', false);
    tab.set('d', null);
    expect([tab.get('a'), tab.get('b'), tab.get('c'), tab.get('d')]).toEqual([0, '', false, null]);
  });

  it('the backend holds the entry as JSON under the prefixed key', () => {
    const backend = new FakeStorage();
    createTabStorage(backend).set('catalog_type', 'ShowCategory');
    expect(STORAGE_PREFIX).toBe('storefront:');
    expect(backend.items.get('storefront:catalog_type')).toBe('{"value":"ShowCategory"}');
  });

  it('an entry with a time to live stores its expiration timestamp', () => {
    const backend = new FakeStorage();
    createTabStorage(backend, () => 5000).set('cached_catalog', [1], 2000);
    expect(JSON.parse(backend.items.get('storefront:cached_catalog') ?? '')).toEqual({
      value: [1],
      expirationTimestamp: 7000,
    });
  });

  it('a value goes through JSON even before a reload, so a read never aliases the stored object', () => {
    const tab = createTabStorage(new FakeStorage());
    const original = { when: new Date(Date.UTC(2024, 0, 5)), items: [1, 2] };
    tab.set('checkout_data', original);
    original.items.push(3);
    const read = tab.get<{ when: string; items: number[] }>('checkout_data');
    expect(read).toEqual({ when: '2024-01-05T00:00:00.000Z', items: [1, 2] });
    read?.items.push(4);
    expect(tab.get('checkout_data')).toEqual({ when: '2024-01-05T00:00:00.000Z', items: [1, 2] });
  });

  it('storing undefined removes the key', () => {
    const backend = new FakeStorage();
    const tab = createTabStorage(backend);
    tab.set('catalog_id', '12');
    tab.set('catalog_id', undefined);
    expect(tab.get('catalog_id')).toBeUndefined();
    expect(backend.items.has('storefront:catalog_id')).toBe(false);
  });

  it('a value that JSON cannot serialise throws as a programming error', () => {
    const tab = createTabStorage(new FakeStorage());
    expect(() => tab.set('catalog_id', 1n)).toThrow(TypeError);
  });

  it('a value survives a reload of the tab', () => {
    const backend = new FakeStorage();
    createTabStorage(backend).set('session_handle', 'h-123');
    expect(createTabStorage(backend.reloaded()).get('session_handle')).toBe('h-123');
  });

  it('remove deletes the value from memory and from the backend', () => {
    const backend = new FakeStorage();
    const tab = createTabStorage(backend);
    tab.set('catalog_id', '12');
    tab.remove('catalog_id');
    expect(tab.get('catalog_id')).toBeUndefined();
    expect(backend.items.size).toBe(0);
  });

  it('removing a key never stored does nothing', () => {
    const tab = createTabStorage(new FakeStorage());
    expect(() => tab.remove('catalog_id')).not.toThrow();
  });

  it('clear removes every key of the storefront and leaves other keys of the backend alone', () => {
    const backend = new FakeStorage({ 'other-app': 'keep', 'storefront:catalog_id': '{"value":"1"}' });
    const tab = createTabStorage(backend);
    tab.set('session_handle', 'h');
    tab.set('checkout_data', { step: 2 });
    tab.clear();
    expect(tab.get('session_handle')).toBeUndefined();
    expect(tab.get('checkout_data')).toBeUndefined();
    expect(tab.get('catalog_id')).toBeUndefined();
    expect(Object.fromEntries(backend.items)).toEqual({ 'other-app': 'keep' });
  });
});

describe('createTabStorage: expiry', () => {
  it('an entry is readable up to one millisecond before its expiration', () => {
    const clock = manualClock();
    const tab = createTabStorage(new FakeStorage(), clock.now);
    tab.set('cached_catalog', 'catalogue', 1000);
    clock.advance(999);
    expect(tab.get('cached_catalog')).toBe('catalogue');
  });

  it('an entry reads as undefined from its expiration timestamp on, and is removed', () => {
    const clock = manualClock();
    const backend = new FakeStorage();
    const tab = createTabStorage(backend, clock.now);
    tab.set('cached_catalog', 'catalogue', 1000);
    clock.advance(1000);
    expect(tab.get('cached_catalog')).toBeUndefined();
    expect(backend.items.has('storefront:cached_catalog')).toBe(false);
    clock.advance(-1000);
    expect(tab.get('cached_catalog')).toBeUndefined();
  });

  it('an entry without a time to live never expires', () => {
    const clock = manualClock();
    const tab = createTabStorage(new FakeStorage(), clock.now);
    tab.set('session_user_id', 'u1');
    clock.advance(10 * 365 * 24 * 3600 * 1000);
    expect(tab.get('session_user_id')).toBe('u1');
  });

  it('a time to live of Infinity stores no expiration timestamp', () => {
    const backend = new FakeStorage();
    createTabStorage(backend).set('session_user_id', 'u1', Number.POSITIVE_INFINITY);
    expect(backend.items.get('storefront:session_user_id')).toBe('{"value":"u1"}');
  });

  it.each([0, -1, Number.NaN])('a time to live of %s removes the key at once', (ttl) => {
    const backend = new FakeStorage();
    const tab = createTabStorage(backend);
    tab.set('catalog_id', 'old');
    tab.set('catalog_id', 'new', ttl);
    expect(tab.get('catalog_id')).toBeUndefined();
    expect(backend.items.size).toBe(0);
  });

  it('setting a key again replaces its expiration', () => {
    const clock = manualClock();
    const tab = createTabStorage(new FakeStorage(), clock.now);
    tab.set('cached_catalog', 'first', 1000);
    clock.advance(900);
    tab.set('cached_catalog', 'second');
    clock.advance(5000);
    expect(tab.get('cached_catalog')).toBe('second');
  });

  it('an entry that expired while the tab was closed reads as undefined after the reload', () => {
    const backend = new FakeStorage();
    createTabStorage(backend, () => 0).set('payment_data', { pix: true }, 60_000);
    const reloaded = backend.reloaded();
    expect(createTabStorage(reloaded, () => 60_000).get('payment_data')).toBeUndefined();
    expect(reloaded.items.size).toBe(0);
  });
});

describe('createTabStorage: corrupt data', () => {
  it.each([
    ['invalid JSON', '{not json'],
    ['a bare string', '"plain"'],
    ['JSON null', 'null'],
    ['an array', '[1,2]'],
    ['an object without value', '{"data":1}'],
    ['a non-numeric expiration timestamp', '{"value":1,"expirationTimestamp":"soon"}'],
    ['a null expiration timestamp', '{"value":1,"expirationTimestamp":null}'],
  ])('an entry holding %s reads as undefined and is removed', (_name, raw) => {
    const backend = new FakeStorage({ 'storefront:catalog_id': raw });
    const tab = createTabStorage(backend);
    expect(tab.get('catalog_id')).toBeUndefined();
    expect(backend.items.has('storefront:catalog_id')).toBe(false);
  });

  it('a corrupt entry can be overwritten by a good one', () => {
    const backend = new FakeStorage({ 'storefront:catalog_id': '{not json' });
    const tab = createTabStorage(backend);
    expect(tab.get('catalog_id')).toBeUndefined();
    tab.set('catalog_id', '7');
    expect(tab.get('catalog_id')).toBe('7');
  });

  it('keys without the prefix are not read', () => {
    const backend = new FakeStorage({ catalog_id: '{"value":"12"}' });
    expect(createTabStorage(backend).get('catalog_id')).toBeUndefined();
  });
});

describe('createTabStorage: failing backends', () => {
  it('a backend that throws on every call never makes the storage throw', () => {
    const tab = createTabStorage(new ThrowingStorage());
    expect(() => tab.set('session_handle', 'h')).not.toThrow();
    expect(() => tab.get('session_handle')).not.toThrow();
    expect(() => tab.remove('catalog_id')).not.toThrow();
    expect(() => tab.clear()).not.toThrow();
  });

  it('a backend that throws falls back to memory for the life of the page', () => {
    const clock = manualClock();
    const tab = createTabStorage(new ThrowingStorage(), clock.now);
    tab.set('session_handle', 'h');
    tab.set('cached_catalog', 'c', 100);
    expect(tab.get('session_handle')).toBe('h');
    clock.advance(100);
    expect(tab.get('cached_catalog')).toBeUndefined();
    tab.remove('session_handle');
    expect(tab.get('session_handle')).toBeUndefined();
    tab.set('catalog_id', '1');
    tab.clear();
    expect(tab.get('catalog_id')).toBeUndefined();
  });

  it('a full backend keeps the new value in memory and drops the stale stored one', () => {
    const backend = new FullStorage({ 'storefront:cached_catalog': '{"value":"old"}' });
    const tab = createTabStorage(backend);
    tab.set('cached_catalog', 'new');
    expect(tab.get('cached_catalog')).toBe('new');
    expect(backend.items.has('storefront:cached_catalog')).toBe(false);
  });
});

describe('createTabStorage: tabs and instances', () => {
  it('two tabs do not see each other’s values', () => {
    const first = createTabStorage(new FakeStorage());
    const second = createTabStorage(new FakeStorage());
    first.set('session_handle', 'tab-1');
    second.set('session_handle', 'tab-2');
    first.set('catalog_id', '12');
    expect(first.get('session_handle')).toBe('tab-1');
    expect(second.get('session_handle')).toBe('tab-2');
    expect(second.get('catalog_id')).toBeUndefined();
    first.clear();
    expect(second.get('session_handle')).toBe('tab-2');
  });

  it('two instances on the same backend see each other’s writes, removals and clears', () => {
    const backend = new FakeStorage();
    const session = createTabStorage(backend);
    const catalog = createTabStorage(backend);
    session.set('session_user_id', 'u1');
    expect(catalog.get('session_user_id')).toBe('u1');
    catalog.set('session_user_id', 'u2');
    expect(session.get('session_user_id')).toBe('u2');
    session.remove('session_user_id');
    expect(catalog.get('session_user_id')).toBeUndefined();
    catalog.set('catalog_id', '3');
    session.clear();
    expect(catalog.get('catalog_id')).toBeUndefined();
  });

  it('two instances on the same failing backend share their memory too', () => {
    const backend = new ThrowingStorage();
    createTabStorage(backend).set('session_handle', 'h');
    expect(createTabStorage(backend).get('session_handle')).toBe('h');
  });

  it('a null backend keeps values in memory only, apart from every other instance', () => {
    const first = createTabStorage(null);
    const second = createTabStorage(null);
    first.set('session_handle', 'h');
    expect(first.get('session_handle')).toBe('h');
    expect(second.get('session_handle')).toBeUndefined();
  });
});

describe('createTabStorage: default backend', () => {
  it('uses globalThis.sessionStorage when it exists', () => {
    const backend = new FakeStorage();
    vi.stubGlobal('sessionStorage', backend);
    createTabStorage().set('catalog_type', 'ShowQuery');
    expect(backend.items.get('storefront:catalog_type')).toBe('{"value":"ShowQuery"}');
  });

  it('keeps values in memory when there is no sessionStorage', () => {
    vi.stubGlobal('sessionStorage', undefined);
    const tab = createTabStorage();
    tab.set('catalog_type', 'ShowQuery');
    expect(tab.get('catalog_type')).toBe('ShowQuery');
  });

  it('keeps values in memory when reading sessionStorage itself throws', () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      const tab = createTabStorage();
      tab.set('catalog_type', 'ShowQuery');
      expect(tab.get('catalog_type')).toBe('ShowQuery');
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'sessionStorage', descriptor);
      else Reflect.deleteProperty(globalThis, 'sessionStorage');
    }
  });
});

describe('TAB_STORAGE_KEYS', () => {
  it('names the spec keys, with session_handle (and session_link while it opens) in place of session_code', () => {
    expect(Object.values(TAB_STORAGE_KEYS).sort()).toEqual(
      [
        'cached_catalog',
        'catalog_id',
        'catalog_type',
        'checkout_data',
        'payment_data',
        'session_handle',
        'session_link',
        'session_user_id',
      ].sort(),
    );
    expect(Object.values(TAB_STORAGE_KEYS)).not.toContain('session_code');
  });
});
