import { describe, expect, it } from 'vitest';
import { FlowStep } from '@/contract/enums.ts';
import { storeNotChosen } from './seller-step.ts';

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
});
