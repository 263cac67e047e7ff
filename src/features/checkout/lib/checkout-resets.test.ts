import { describe, expect, it } from 'vitest';
import { afterLogisticTypeChange, afterSellerChange } from './checkout-resets.ts';

describe('afterSellerChange', () => {
  it('clears logistic, day, schedule and every payment choice', () => {
    const reset = afterSellerChange();
    expect(Object.keys(reset).sort()).toEqual(
      [
        'cashAmount',
        'paymentMethod',
        'paymentOptionGroup',
        'paymentOptionId',
        'selectedDay',
        'selectedLogistic',
        'selectedSchedule',
      ].sort(),
    );
    expect(Object.values(reset).every((value) => value === undefined)).toBe(true);
  });
  it('keeps the delivery method, address and contact-independent choices', () => {
    const reset = afterSellerChange();
    for (const kept of [
      'logisticType',
      'deliveryAddressIndex',
      'pickupAddress',
      'selectedSeller',
      'coupon',
    ]) {
      expect(reset).not.toHaveProperty(kept);
    }
  });
});

describe('afterLogisticTypeChange', () => {
  it('clears address, pick-up store, seller, logistic and the CEP search', () => {
    const reset = afterLogisticTypeChange();
    expect(Object.keys(reset).sort()).toEqual(
      [
        'cep',
        'cepNumber',
        'deliveryAddressIndex',
        'pickupAddress',
        'selectedLogistic',
        'selectedSeller',
      ].sort(),
    );
    expect(Object.values(reset).every((value) => value === undefined)).toBe(true);
  });
  it('keeps the new logistic type and the payment choices', () => {
    const reset = afterLogisticTypeChange();
    for (const kept of ['logisticType', 'paymentMethod', 'selectedDay'])
      expect(reset).not.toHaveProperty(kept);
  });
  it('returns a fresh object each time', () => {
    expect(afterLogisticTypeChange()).not.toBe(afterLogisticTypeChange());
  });
});
