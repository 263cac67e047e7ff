// The second actor: another tab of the same shopper (same link, same browser, its own handle), or
// anyone changing the order through the API, between the shopper's steps. It changes quantities,
// the coupon and the pay-on-delivery choice; the screen under test hears of it only when it reads
// the order again (a 'notice' step: the tab regains focus, or the other tab's message arrives).
import { setSessionHandle } from '../../src/lib/api-client.ts';
import type { Order } from '../../src/contract/order.ts';
import { applyCoupon } from '../../src/features/checkout/api/apply-coupon.ts';
import { listPaymentOptions } from '../../src/features/checkout/api/list-payment-options.ts';
import { setPaymentOnDelivery } from '../../src/features/checkout/api/set-payment-on-delivery.ts';
import { getCurrentOrder } from '../../src/order/api/get-current-order.ts';
import { updateOrderItem } from '../../src/order/api/update-order-item.ts';
import { openSession } from '../../src/session/api.ts';
import type { OtherChange } from './actions.ts';

export const OTHER_TAB_COUPONS = ['BEMVINDO10', 'FEIRA15', ''] as const;

export class OtherTab {
  private readonly handle: string;
  private readonly screenHandle: string;

  private constructor(handle: string, screenHandle: string) {
    this.handle = handle;
    this.screenHandle = screenHandle;
  }

  /** Opens the same link in another tab of the same browser. */
  static async open(code: string, screenHandle: string): Promise<OtherTab> {
    const opened = await openSession({ code });
    setSessionHandle(screenHandle);
    return new OtherTab(opened.handle ?? '', screenHandle);
  }

  /** Runs `work` as the other tab (its handle on every call), then hands the client back to the screen. */
  private async asOtherTab<T>(work: () => Promise<T>): Promise<T> {
    setSessionHandle(this.handle);
    try {
      return await work();
    } finally {
      setSessionHandle(this.screenHandle);
    }
  }

  /** Makes the change; answers what it did, for the log ('refused' when the server said no). */
  async change(change: OtherChange, pick: number): Promise<string> {
    return this.asOtherTab(async () => {
      try {
        const order = await getCurrentOrder();
        switch (change) {
          case 'quantity':
            return describe('quantidade', await this.changeQuantity(order, pick));
          case 'coupon': {
            const coupon = OTHER_TAB_COUPONS[pick % OTHER_TAB_COUPONS.length] ?? '';
            return describe(`cupom '${coupon}'`, await applyCoupon(coupon));
          }
          case 'payOnDelivery': {
            const options = await listPaymentOptions();
            const means = options.find((o) => o.payOnDelivery && o.group !== 'Dinheiro' && o.providerId);
            if (!means?.group || !means.providerId) return 'sem pagamento na entrega';
            return describe(
              `na entrega ${means.group}`,
              await setPaymentOnDelivery({ type: means.group, providerId: means.providerId }),
            );
          }
        }
      } catch (error) {
        return `refused (${(error as Error).message})`;
      }
    });
  }

  private async changeQuantity(order: Order, pick: number): Promise<Order> {
    const items = order.items.filter((item) => item.isGift !== true);
    const item = items[pick % Math.max(items.length, 1)];
    if (!item) return order;
    const delta = [3, 1, -1][pick % 3] ?? 1;
    return updateOrderItem({
      index: String(item.index),
      providerId: item.providerId,
      quantity: Math.max(1, item.quantity + delta),
      ...(item.sku ? { sku: item.sku } : {}),
    });
  }
}

const describe = (what: string, order: Order) => `${what}: ok, total ${order.totalAmout}`;
