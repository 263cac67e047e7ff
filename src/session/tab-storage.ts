/**
 * Per-tab storage with expiry (the shopper spec, section 3, "Local storage keys").
 *
 * Values are kept in memory and mirrored to a Web Storage backend, by default `sessionStorage`:
 * sessionStorage belongs to one tab and survives a reload of it, unlike localStorage, which every tab
 * of the origin shares (two chat sessions open in two tabs must not see each other's data).
 *
 * - Each entry is stored as JSON `{ value, expirationTimestamp? }` under STORAGE_PREFIX + key. Values
 *   therefore go through a JSON round trip, also when read from memory, so a read gives the same
 *   result before and after a reload (a Date comes back as a string, undefined properties vanish) and
 *   a caller never holds a reference into the store.
 * - An expired entry reads as undefined and is removed. An entry whose JSON is corrupt or not of that
 *   shape reads as undefined and is removed.
 * - A backend that throws (Safari private mode, quota exceeded, storage disabled) never makes a call
 *   throw: the value stays in memory for the life of the page.
 * - Instances built on the same backend share one memory copy, so two modules of the same tab each
 *   creating their own instance never see stale values from each other. Write the backend only
 *   through this module.
 * - `get<T>` does not validate the value's type: storage can be edited by the user, so callers
 *   holding security-relevant or structured data should validate what they read.
 */

/** The prefix of every key this module writes to the backend. */
export const STORAGE_PREFIX = 'storefront:';

/**
 * The spec's storage keys. `session_handle` replaces the spec's `session_code`: the tab keeps a
 * non-secret handle to the session, never the session code itself.
 */
export const TAB_STORAGE_KEYS = {
  sessionHandle: 'session_handle',
  /**
   * The chat link's code while its session is being opened (session/chat-link.ts): kept in the
   * tab before the code leaves the address, so a reload at that instant opens the same link again.
   * Replaced by the handle once the BFF holds the code.
   */
  sessionLink: 'session_link',
  catalogType: 'catalog_type',
  catalogId: 'catalog_id',
  cachedCatalog: 'cached_catalog',
  sessionUserId: 'session_user_id',
  checkoutData: 'checkout_data',
  paymentData: 'payment_data',
} as const;

export interface TabStorage {
  /** The value stored under key, or undefined when absent, expired or corrupt. */
  get<T>(key: string): T | undefined;
  /**
   * Stores a JSON-serialisable value, expiring ttlMs milliseconds from now. Without ttlMs (or with
   * Infinity) it never expires; a ttlMs of 0, below 0 or NaN means already expired, so the key is
   * removed. Storing undefined removes the key. A value JSON cannot serialise (a BigInt, a cycle)
   * throws a TypeError: that is a programming error, not a storage failure.
   * Answers whether the value will outlive the page (the backend took it), not only its memory.
   */
  set<T>(key: string, value: T, ttlMs?: number): boolean;
  /** Removes the key. */
  remove(key: string): void;
  /**
   * Forgets this page's memory copy of the key, so the next get reads the backend: another page of
   * the tab (this one was kept in the back-forward cache meanwhile) may have written it since.
   */
  forget(key: string): void;
  /** Removes every key of this module (STORAGE_PREFIX), leaving other users of the backend alone. */
  clear(): void;
}

interface StoredEntry {
  value: unknown;
  expirationTimestamp?: number;
}

/** The memory copy of each backend: serialised entries by prefixed key. */
const memoryByBackend = new WeakMap<Storage, Map<string, string>>();

function defaultBackend(): Storage | null {
  try {
    // Reading the property itself throws a SecurityError when storage is blocked (sandboxed iframes,
    // some privacy settings); in Node it does not exist.
    return typeof globalThis.sessionStorage === 'undefined' ? null : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

function memoryFor(backend: Storage | null): Map<string, string> {
  if (backend === null) return new Map();
  let memory = memoryByBackend.get(backend);
  if (!memory) {
    memory = new Map();
    memoryByBackend.set(backend, memory);
  }
  return memory;
}

function parseEntry(raw: string): StoredEntry | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  if (!Object.hasOwn(parsed, 'value')) return undefined;
  const entry = parsed as StoredEntry;
  if (entry.expirationTimestamp !== undefined && !Number.isFinite(entry.expirationTimestamp)) {
    return undefined;
  }
  return entry;
}

/**
 * Creates the storage of this tab.
 *
 * @param backend the Web Storage to mirror to; omitted means `globalThis.sessionStorage` when it is
 *   available, null means memory only.
 * @param now the clock, in epoch milliseconds (injectable for tests).
 */
export function createTabStorage(backend?: Storage | null, now: () => number = () => Date.now()): TabStorage {
  const storage = backend === undefined ? defaultBackend() : backend;
  const memory = memoryFor(storage);

  function backendRead(storageKey: string): string | null {
    if (!storage) return null;
    try {
      return storage.getItem(storageKey);
    } catch {
      return null;
    }
  }

  function backendWrite(storageKey: string, raw: string): boolean {
    if (!storage) return false;
    try {
      storage.setItem(storageKey, raw);
      return true;
    } catch {
      // Quota exceeded or storage disabled: the memory copy carries the value. Drop the previous
      // value from the backend so that a reload cannot bring back a stale one.
      backendRemove(storageKey);
      return false;
    }
  }

  function backendRemove(storageKey: string): void {
    if (!storage) return;
    try {
      storage.removeItem(storageKey);
    } catch {
      // Nothing more can be done; memory is already up to date.
    }
  }

  function removeKey(storageKey: string): void {
    memory.delete(storageKey);
    backendRemove(storageKey);
  }

  return {
    get<T>(key: string): T | undefined {
      const storageKey = STORAGE_PREFIX + key;
      let raw = memory.get(storageKey);
      if (raw === undefined) {
        // Not read yet in this page (e.g. after a reload): load it from the backend.
        const stored = backendRead(storageKey);
        if (stored === null) return undefined;
        raw = stored;
        memory.set(storageKey, raw);
      }

      const entry = parseEntry(raw);
      if (!entry || (entry.expirationTimestamp !== undefined && now() >= entry.expirationTimestamp)) {
        removeKey(storageKey);
        return undefined;
      }
      return entry.value as T;
    },

    set<T>(key: string, value: T, ttlMs?: number): boolean {
      const storageKey = STORAGE_PREFIX + key;
      if (value === undefined || (ttlMs !== undefined && !(ttlMs > 0))) {
        removeKey(storageKey);
        return true;
      }
      // Infinity (or a ttl so large the sum overflows) means no expiry; JSON would turn it into null.
      const expirationTimestamp = ttlMs === undefined ? Number.NaN : now() + ttlMs;
      const entry: StoredEntry = Number.isFinite(expirationTimestamp)
        ? { value, expirationTimestamp }
        : { value };
      const raw = JSON.stringify(entry);
      memory.set(storageKey, raw);
      return backendWrite(storageKey, raw);
    },

    remove(key: string): void {
      removeKey(STORAGE_PREFIX + key);
    },

    forget(key: string): void {
      memory.delete(STORAGE_PREFIX + key);
    },

    clear(): void {
      for (const storageKey of memory.keys()) {
        if (storageKey.startsWith(STORAGE_PREFIX)) memory.delete(storageKey);
      }
      if (!storage) return;
      try {
        const ours: string[] = [];
        for (let index = 0; index < storage.length; index++) {
          const storageKey = storage.key(index);
          if (storageKey?.startsWith(STORAGE_PREFIX)) ours.push(storageKey);
        }
        for (const storageKey of ours) storage.removeItem(storageKey);
      } catch {
        // The backend is unusable; memory has been cleared, which is all this page will read.
      }
    },
  };
}
