import { describe, expect, it } from 'vitest';
import type { CheckoutDraft } from '@/contract/checkout.ts';
import { PaymentMethod } from '@/contract/enums.ts';
import { createTabStorage, STORAGE_PREFIX } from '@/session/tab-storage.ts';
import { clearDraft, DRAFT_TTL_MS, draftKey, loadDraft, saveDraft } from './checkout-draft.ts';

/** A Web Storage in memory; `failing` makes every call throw as a disabled or full storage does. */
class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  readonly failing: 'none' | 'write' | 'all';
  constructor(failing: 'none' | 'write' | 'all' = 'none') {
    this.failing = failing;
  }
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    if (this.failing === 'all') throw new Error('SecurityError');
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failing !== 'none') throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    if (this.failing === 'all') throw new Error('SecurityError');
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const setup = (failing: 'none' | 'write' | 'all' = 'none') => {
  const backend = new MemoryStorage(failing);
  const clock = { now: 1_000_000 };
  const storage = createTabStorage(backend, () => clock.now);
  return { backend, clock, storage };
};

const draft: CheckoutDraft = {
  logisticType: 1,
  deliveryAddressIndex: 0,
  selectedLogistic: 'moto',
  paymentMethod: PaymentMethod.OnDelivery,
  paymentOptionGroup: 'Dinheiro',
  cashAmount: 100,
  coupon: 'PROMO10',
};

describe('checkout draft', () => {
  it('gives back what was saved for the same user', () => {
    const { storage } = setup();
    saveDraft('user-1', draft, storage);
    expect(loadDraft('user-1', storage)).toEqual(draft);
  });
  it("keeps each user's draft apart", () => {
    const { storage } = setup();
    saveDraft('user-1', draft, storage);
    saveDraft('user-2', { coupon: 'OUTRO' }, storage);
    expect(loadDraft('user-1', storage)).toEqual(draft);
    expect(loadDraft('user-2', storage)).toEqual({ coupon: 'OUTRO' });
    expect(loadDraft('user-3', storage)).toBeUndefined();
  });
  it('stores { value, expirationTimestamp } 7 days ahead under checkout_data:<userId>', () => {
    const { backend, storage } = setup();
    saveDraft('user-1', draft, storage);
    const raw = backend.items.get(`${STORAGE_PREFIX}checkout_data:user-1`);
    expect(draftKey('user-1')).toBe('checkout_data:user-1');
    expect(JSON.parse(raw ?? 'null')).toEqual({
      value: draft,
      expirationTimestamp: 1_000_000 + DRAFT_TTL_MS,
    });
    expect(DRAFT_TTL_MS).toBe(604_800_000);
  });
  it('survives a reload (a new storage on the same backend)', () => {
    const { backend, storage } = setup();
    saveDraft('user-1', draft, storage);
    const raw = backend.items.get(`${STORAGE_PREFIX}checkout_data:user-1`) ?? '';
    const reloaded = new MemoryStorage();
    reloaded.items.set(`${STORAGE_PREFIX}checkout_data:user-1`, raw);
    expect(
      loadDraft(
        'user-1',
        createTabStorage(reloaded, () => 1_000_000),
      ),
    ).toEqual(draft);
  });
  it('drops a draft once 7 days have passed', () => {
    const { backend, clock, storage } = setup();
    saveDraft('user-1', draft, storage);
    clock.now += DRAFT_TTL_MS - 1;
    expect(loadDraft('user-1', storage)).toEqual(draft);
    clock.now += 1;
    expect(loadDraft('user-1', storage)).toBeUndefined();
    expect(backend.items.size).toBe(0);
  });
  it('drops broken JSON', () => {
    const { backend, storage } = setup();
    backend.items.set(`${STORAGE_PREFIX}checkout_data:user-1`, '{"value": {"coupon": ');
    expect(loadDraft('user-1', storage)).toBeUndefined();
    expect(backend.items.size).toBe(0);
  });
  it('drops an entry that is not a draft', () => {
    const { backend, storage } = setup();
    backend.items.set(`${STORAGE_PREFIX}checkout_data:user-1`, JSON.stringify({ value: ['a'] }));
    backend.items.set(
      `${STORAGE_PREFIX}checkout_data:user-2`,
      JSON.stringify({ value: { paymentMethod: 99 } }),
    );
    backend.items.set(`${STORAGE_PREFIX}checkout_data:user-3`, JSON.stringify({ coupon: 'sem envelope' }));
    expect(loadDraft('user-1', storage)).toBeUndefined();
    expect(loadDraft('user-2', storage)).toBeUndefined();
    expect(loadDraft('user-3', storage)).toBeUndefined();
    expect(backend.items.size).toBe(0);
  });
  it('never stores contact data or the CEP search fields, and leaves out nulls', () => {
    const { backend, storage } = setup();
    saveDraft(
      'user-1',
      {
        coupon: 'PROMO10',
        selectedSeller: null,
        cep: '01310-100',
        cepNumber: '10',
        name: 'Ana',
        document: '52998224725',
      },
      storage,
    );
    expect(loadDraft('user-1', storage)).toEqual({ coupon: 'PROMO10' });
    expect(backend.items.get(`${STORAGE_PREFIX}checkout_data:user-1`)).not.toMatch(/Ana|52998224725|01310/);
  });
  it('reads back only the draft fields of an entry written by another build', () => {
    const { backend, storage } = setup();
    backend.items.set(
      `${STORAGE_PREFIX}checkout_data:user-1`,
      JSON.stringify({ value: { coupon: 'X', email: 'ana@exemplo.com', priceTableId: null } }),
    );
    expect(loadDraft('user-1', storage)).toEqual({ coupon: 'X' });
  });
  it('forgets the draft on clear', () => {
    const { backend, storage } = setup();
    saveDraft('user-1', draft, storage);
    saveDraft('user-2', draft, storage);
    clearDraft('user-1', storage);
    expect(loadDraft('user-1', storage)).toBeUndefined();
    expect(loadDraft('user-2', storage)).toEqual(draft);
    expect([...backend.items.keys()]).toEqual([`${STORAGE_PREFIX}checkout_data:user-2`]);
  });
  it('does nothing without a user id', () => {
    const { backend, storage } = setup();
    saveDraft('', draft, storage);
    expect(backend.items.size).toBe(0);
    expect(loadDraft('', storage)).toBeUndefined();
    expect(() => clearDraft('', storage)).not.toThrow();
  });
  it('never throws when the storage refuses writes (quota), keeping the draft for this page', () => {
    const { storage } = setup('write');
    expect(() => saveDraft('user-1', draft, storage)).not.toThrow();
    expect(loadDraft('user-1', storage)).toEqual(draft);
    expect(() => clearDraft('user-1', storage)).not.toThrow();
  });
  it('never throws when the storage is disabled', () => {
    const { storage } = setup('all');
    expect(() => saveDraft('user-1', draft, storage)).not.toThrow();
    expect(() => loadDraft('user-2', storage)).not.toThrow();
    expect(loadDraft('user-2', storage)).toBeUndefined();
    expect(() => clearDraft('user-1', storage)).not.toThrow();
  });
  it('never throws when the storage object itself throws', () => {
    const throwing = {
      get: () => {
        throw new Error('boom');
      },
      set: () => {
        throw new Error('boom');
      },
      remove: () => {
        throw new Error('boom');
      },
      forget: () => {
        throw new Error('boom');
      },
      clear: () => {
        throw new Error('boom');
      },
    };
    expect(loadDraft('user-1', throwing)).toBeUndefined();
    expect(() => saveDraft('user-1', draft, throwing)).not.toThrow();
    expect(() => clearDraft('user-1', throwing)).not.toThrow();
  });
  it('works with the default storage (memory only where localStorage is missing)', () => {
    saveDraft('default-user', { coupon: 'PADRAO' });
    expect(loadDraft('default-user')).toEqual({ coupon: 'PADRAO' });
    clearDraft('default-user');
    expect(loadDraft('default-user')).toBeUndefined();
  });
});
