import { describe, expect, it } from 'vitest';
import { createTabStorage, STORAGE_PREFIX } from '@/session/tab-storage.ts';
import {
  CONTACT_DRAFT_TTL_MS,
  clearContactDraft,
  contactDraftKey,
  loadContactDraft,
  saveContactDraft,
} from './contact-draft.ts';
import type { ContactFormValues } from './contact-form.ts';

/** A Web Storage in memory (Map-backed), as localStorage behaves. */
class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const typed: ContactFormValues = {
  name: 'Mariana Souza Oliveira',
  email: 'mariana@',
  document: '529.982.247-25',
  isCorporate: false,
  corporateDocument: '',
  corporateName: '',
  tradeName: '',
  stateInscription: '',
};

const setup = () => {
  const backend = new MemoryStorage();
  const clock = { now: 1_000_000 };
  return { backend, clock, storage: createTabStorage(backend, () => clock.now) };
};

describe('contact draft', () => {
  it('gives back what was typed, invalid values included, for the same user only', () => {
    const { storage } = setup();
    saveContactDraft('user-1', typed, storage);
    expect(loadContactDraft('user-1', storage)).toEqual(typed);
    expect(loadContactDraft('user-2', storage)).toBeUndefined();
  });

  it('survives a reload under contact_draft:<userId>, for a day', () => {
    const { backend, clock, storage } = setup();
    saveContactDraft('user-1', typed, storage);
    expect(contactDraftKey('user-1')).toBe('contact_draft:user-1');
    const raw = JSON.parse(backend.items.get(`${STORAGE_PREFIX}contact_draft:user-1`) ?? 'null');
    expect(raw).toEqual({ value: typed, expirationTimestamp: 1_000_000 + CONTACT_DRAFT_TTL_MS });
    const reloaded = createTabStorage(backend, () => clock.now);
    expect(loadContactDraft('user-1', reloaded)).toEqual(typed);
    clock.now += CONTACT_DRAFT_TTL_MS;
    expect(loadContactDraft('user-1', reloaded)).toBeUndefined();
  });

  it('drops an entry edited into something else, and keeps only the form’s fields', () => {
    const { storage } = setup();
    storage.set(contactDraftKey('user-1'), { name: 42 });
    expect(loadContactDraft('user-1', storage)).toBeUndefined();
    expect(storage.get(contactDraftKey('user-1'))).toBeUndefined();
    storage.set(contactDraftKey('user-1'), { ...typed, cardNumber: '4111' });
    expect(loadContactDraft('user-1', storage)).toEqual(typed);
  });

  it('is forgotten on request, and never written without a user', () => {
    const { backend, storage } = setup();
    saveContactDraft('user-1', typed, storage);
    clearContactDraft('user-1', storage);
    expect(loadContactDraft('user-1', storage)).toBeUndefined();
    saveContactDraft('', typed, storage);
    expect(backend.items.size).toBe(0);
  });
});
