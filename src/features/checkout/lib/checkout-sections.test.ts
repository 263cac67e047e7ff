import { orderFixture } from '@tests/msw.ts';
import { describe, expect, it } from 'vitest';
import { FlowStep, SaleMode } from '@/contract/enums.ts';
import type { Order, OrderItem } from '@/contract/order.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { type CheckoutSectionsInput, checkoutSections } from './checkout-sections.ts';

const item = (overrides: Partial<OrderItem> = {}): OrderItem => ({
  index: 0,
  providerId: 'p1',
  quantity: 1,
  ...overrides,
});
const baseOrder: Order = { id: 'o1', items: [item()], enableDelivery: true, enablePickUp: true };

const sectionsOf = (
  overrides: {
    order?: Partial<Order>;
    settings?: ShopSettings;
    isPlatformUser?: boolean;
    priceTableCount?: number;
  } = {},
) => {
  const input: CheckoutSectionsInput = {
    order: { ...baseOrder, ...overrides.order },
    settings: overrides.settings ?? {},
    isPlatformUser: overrides.isPlatformUser ?? false,
    priceTableCount: overrides.priceTableCount ?? 0,
  };
  return checkoutSections(input);
};

describe('checkoutSections: store', () => {
  it('is hidden for a plain shop', () => {
    expect(sectionsOf()).toMatchObject({ store: false, sellerSelect: false, priceTableSelect: false });
  });
  it('shows the seller select with showSellerOptions', () => {
    expect(sectionsOf({ settings: { showSellerOptions: true } })).toMatchObject({
      store: true,
      sellerSelect: true,
    });
  });
  it('shows the seller select with a Seller step', () => {
    expect(sectionsOf({ settings: { steps: [FlowStep.Seller] } })).toMatchObject({
      store: true,
      sellerSelect: true,
    });
  });
  it('shows the price-table select to a platform user when price tables exist', () => {
    expect(sectionsOf({ isPlatformUser: true, priceTableCount: 2 })).toMatchObject({
      store: true,
      sellerSelect: false,
      priceTableSelect: true,
    });
  });
  it('never shows the price-table select to a contact', () => {
    expect(sectionsOf({ priceTableCount: 2 })).toMatchObject({ store: false, priceTableSelect: false });
  });
  it('hides the price-table select without price tables', () => {
    expect(sectionsOf({ isPlatformUser: true })).toMatchObject({ priceTableSelect: false });
  });
});

describe('checkoutSections: delivery method', () => {
  it('is shown by default with both options', () => {
    expect(sectionsOf()).toMatchObject({
      deliveryMethod: true,
      delivery: 'enabled',
      pickUp: true,
      shippingRestrictionNote: false,
    });
  });
  it('is hidden with a Seller step', () => {
    expect(sectionsOf({ settings: { steps: [FlowStep.Seller] } }).deliveryMethod).toBe(false);
  });
  it('is hidden with an external logistic', () => {
    expect(sectionsOf({ settings: { externalLogistic: true } }).deliveryMethod).toBe(false);
  });
  it('hides delivery when the order does not enable it', () => {
    expect(sectionsOf({ order: { enableDelivery: false } }).delivery).toBe('hidden');
    expect(sectionsOf({ order: { enableDelivery: undefined } }).delivery).toBe('hidden');
  });
  it('disables delivery and shows the note when an item has a shipping restriction', () => {
    const sections = sectionsOf({
      order: { items: [item(), item({ index: 1, hasShippingRestriction: true })] },
    });
    expect(sections).toMatchObject({ delivery: 'disabled', shippingRestrictionNote: true });
  });
  it('keeps delivery enabled for restricted items when the shop allows them', () => {
    const sections = sectionsOf({
      order: { items: [item({ hasShippingRestriction: true })] },
      settings: { allowShippingRestrictedProducts: true },
    });
    expect(sections).toMatchObject({ delivery: 'enabled', shippingRestrictionNote: false });
  });
  it('hides delivery for a platform user when express delivery is disabled for assisted sale', () => {
    const settings = { disableExpressDeliveryLogistic: SaleMode.AssistedSale };
    expect(sectionsOf({ settings, isPlatformUser: true }).delivery).toBe('hidden');
    expect(sectionsOf({ settings, isPlatformUser: false }).delivery).toBe('enabled');
  });
  it('hides delivery for everyone when express delivery is disabled for both', () => {
    const settings = { disableExpressDeliveryLogistic: SaleMode.Both };
    expect(sectionsOf({ settings, isPlatformUser: true }).delivery).toBe('hidden');
    expect(sectionsOf({ settings }).delivery).toBe('hidden');
  });
  it.each([SaleMode.None, SaleMode.AutomatedSale])(
    'keeps delivery for disableExpressDeliveryLogistic %d',
    (mode) => {
      expect(
        sectionsOf({ settings: { disableExpressDeliveryLogistic: mode }, isPlatformUser: true }).delivery,
      ).toBe('enabled');
    },
  );
  it('hides a hidden delivery rather than disabling it (no note)', () => {
    const sections = sectionsOf({
      order: { enableDelivery: false, items: [item({ hasShippingRestriction: true })] },
    });
    expect(sections).toMatchObject({ delivery: 'hidden', shippingRestrictionNote: false });
  });
  it('hides pick-up only when the order says enablePickUp false', () => {
    expect(sectionsOf({ order: { enablePickUp: false } }).pickUp).toBe(false);
    expect(sectionsOf({ order: { enablePickUp: undefined } }).pickUp).toBe(true);
  });
});

describe('checkoutSections: manual logistics', () => {
  it('is on for a platform user with manual prices and no logistics configured', () => {
    expect(sectionsOf({ settings: { enableManualPrices: true }, isPlatformUser: true }).manualLogistics).toBe(
      true,
    );
    expect(
      sectionsOf({ settings: { enableManualPrices: true, logistics: [] }, isPlatformUser: true })
        .manualLogistics,
    ).toBe(true);
  });
  it('is off when logistics are configured', () => {
    expect(
      sectionsOf({ settings: { enableManualPrices: true, logistics: [{ id: 1 }] }, isPlatformUser: true })
        .manualLogistics,
    ).toBe(false);
  });
  it('is off for a contact and without manual prices', () => {
    expect(sectionsOf({ settings: { enableManualPrices: true } }).manualLogistics).toBe(false);
    expect(sectionsOf({ isPlatformUser: true }).manualLogistics).toBe(false);
  });
});

describe('checkoutSections: schedule, coupon, summary, payment', () => {
  it('shows the schedule only with a Schedule step', () => {
    expect(sectionsOf().schedule).toBe(false);
    expect(sectionsOf({ settings: { steps: [FlowStep.Catalog, FlowStep.Schedule] } }).schedule).toBe(true);
  });
  it('shows no coupon field unless coupons are allowed', () => {
    expect(sectionsOf({ settings: { enableManualPrices: true }, isPlatformUser: true }).coupon).toBeNull();
  });
  it('shows the coupon field when coupons are allowed', () => {
    expect(sectionsOf({ settings: { canUseCoupon: true } }).coupon).toBe('coupon');
    expect(sectionsOf({ settings: { canUseCoupon: true, enableManualPrices: true } }).coupon).toBe('coupon');
  });
  it('shows the manual discount to a platform user with manual prices', () => {
    expect(
      sectionsOf({ settings: { canUseCoupon: true, enableManualPrices: true }, isPlatformUser: true }).coupon,
    ).toBe('manual-discount');
  });
  it('shows the payment method only when the order has non-gift items', () => {
    expect(sectionsOf().paymentMethod).toBe(true);
    expect(sectionsOf({ order: { items: [] } }).paymentMethod).toBe(false);
    expect(sectionsOf({ order: { items: [item({ isGift: true })] } }).paymentMethod).toBe(false);
  });
});

describe('manual freight in a shop without logistics', () => {
  it('offers delivery and pick-up to the operator even though the order enables neither', () => {
    const sections = checkoutSections({
      order: orderFixture({ enableDelivery: false, enablePickUp: false, items: [] }),
      settings: { enableManualPrices: true, logistics: [] },
      isPlatformUser: true,
      priceTableCount: 0,
    });
    expect(sections.manualLogistics).toBe(true);
    expect(sections.delivery).toBe('enabled');
    expect(sections.pickUp).toBe(true);
  });
});
