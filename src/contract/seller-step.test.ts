import { describe, expect, it } from 'vitest';
import { FlowStep } from './enums.ts';
import { CHOOSE_STORE_FIRST, canChangeQuantity, storeNotChosen } from './seller-step.ts';

const withSellerStep = { steps: [FlowStep.Catalog, FlowStep.Seller] };
const seller = { providerId: 'loja-1', name: 'Loja Pinheiros' };

describe('products locked until the store is chosen (the seller step)', () => {
  it('for an operator whose shop has the seller step and whose order has no store yet', () => {
    expect(storeNotChosen(withSellerStep, true, { seller: null })).toBe(true);
    expect(storeNotChosen(withSellerStep, true, {})).toBe(true);
  });

  it('not once the store is chosen, nor without the step, nor for a contact, nor before the order loads', () => {
    expect(storeNotChosen(withSellerStep, true, { seller })).toBe(false);
    expect(storeNotChosen({ steps: [FlowStep.Catalog] }, true, { seller: null })).toBe(false);
    expect(storeNotChosen(null, true, { seller: null })).toBe(false);
    expect(storeNotChosen(withSellerStep, false, { seller: null })).toBe(false);
    expect(storeNotChosen(withSellerStep, true, undefined)).toBe(false);
  });

  it('says so in the spec’s words', () => {
    expect(CHOOSE_STORE_FIRST).toBe('Selecione a loja que deseja comprar para liberar os produtos');
  });
});

describe('a quantity change while the store is not chosen', () => {
  it('may not add a line or more units', () => {
    expect(canChangeQuantity(true, 0, 1)).toBe(false);
    expect(canChangeQuantity(true, 2, 3)).toBe(false);
    expect(canChangeQuantity(true, 1, 999)).toBe(false);
  });

  it('may take units out, take the line out, or keep it as it is', () => {
    expect(canChangeQuantity(true, 3, 2)).toBe(true);
    expect(canChangeQuantity(true, 1, 0)).toBe(true);
    expect(canChangeQuantity(true, 2, 2)).toBe(true);
  });

  it('may do anything once the store is chosen (or without the step)', () => {
    expect(canChangeQuantity(false, 0, 1)).toBe(true);
    expect(canChangeQuantity(false, 2, 30)).toBe(true);
    expect(canChangeQuantity(false, 2, 0)).toBe(true);
  });
});
