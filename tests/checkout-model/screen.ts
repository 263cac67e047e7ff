// The checkout screen at the state level: the form values and the cached order the sections render,
// changed by each action the way the section components change them (the same reset rules, the same
// API functions, the same "back to what the server holds" after a failure). No React: the screen's
// logic lives in src/features/checkout/lib and its calls in src/features/*/api, and both are used here.
import type { CheckoutFormValues, LogisticOption } from '../../src/contract/checkout.ts';
import { NO_PRICE_TABLE_ID } from '../../src/contract/checkout.ts';
import { LogisticFormValue, PaymentMethod, SessionType } from '../../src/contract/enums.ts';
import type { Order } from '../../src/contract/order.ts';
import type { Session } from '../../src/contract/session.ts';
import { isManualPayment, type ShopSettings } from '../../src/contract/shop-settings.ts';
import { applyCoupon } from '../../src/features/checkout/api/apply-coupon.ts';
import { applyDiscount } from '../../src/features/checkout/api/apply-discount.ts';
import { listLogisticOptions } from '../../src/features/checkout/api/list-logistic-options.ts';
import { listPaymentOptions } from '../../src/features/checkout/api/list-payment-options.ts';
import { listPriceTables } from '../../src/features/checkout/api/list-price-tables.ts';
import { listSellers } from '../../src/features/checkout/api/list-sellers.ts';
import { listStores } from '../../src/features/checkout/api/list-stores.ts';
import { getManualPixKey } from '../../src/features/checkout/api/manual-pix-key.ts';
import { getSchedule, setSchedule } from '../../src/features/checkout/api/schedule.ts';
import { setLogistic } from '../../src/features/checkout/api/set-logistic.ts';
import { setManualLogistic } from '../../src/features/checkout/api/set-manual-logistic.ts';
import { setPaymentOnDelivery } from '../../src/features/checkout/api/set-payment-on-delivery.ts';
import { setPriceTable } from '../../src/features/checkout/api/set-price-table.ts';
import { setSeller } from '../../src/features/checkout/api/set-seller.ts';
import { checkoutProblems } from '../../src/features/checkout/lib/checkout-complete.ts';
import { afterSellerChange } from '../../src/features/checkout/lib/checkout-resets.ts';
import {
  type CheckoutSections,
  checkoutSections,
} from '../../src/features/checkout/lib/checkout-sections.ts';
import { type ContactFormValues, contactFromCustomer } from '../../src/features/checkout/lib/contact-form.ts';
import { initialCheckoutValues } from '../../src/features/checkout/lib/initial-values.ts';
import {
  type LogisticChange,
  lookAtAddress,
  lookAtStore,
  switchMethod,
} from '../../src/features/checkout/lib/logistic-choices.ts';
import { effectiveLogisticType } from '../../src/features/checkout/lib/logistic-method.ts';
import {
  cashAmountError,
  isCashGroup,
  onDeliveryGroups,
  onDeliveryOptionsOf,
  visiblePaymentMethods,
} from '../../src/features/checkout/lib/payment-methods.ts';
import { finishGate } from '../../src/features/checkout/lib/finish-gate.ts';
import { switchPayment } from '../../src/features/checkout/lib/payment-choices.ts';
import { heldOnDeliveryValues, serverHeldValues } from '../../src/features/checkout/lib/server-held.ts';
import { setSessionHandle } from '../../src/lib/api-client.ts';
import { getCurrentOrder } from '../../src/order/api/get-current-order.ts';
import { updateOrderItem } from '../../src/order/api/update-order-item.ts';
import { createQuantityQueue, type QuantityQueue } from '../../src/order/quantity/quantity-queue.ts';
import { getShopSettings, openSession } from '../../src/session/api.ts';
import type { Action, OtherChange } from './actions.ts';
import { ModelClock } from './clock.ts';
import { OtherTab } from './other-tab.ts';

/** A valid contact for shoppers whose customer record lacks some field (the autosave would send it). */
const VALID_CONTACT: ContactFormValues = {
  name: 'Cliente Modelo',
  email: 'cliente.modelo@exemplo.com.br',
  document: '529.982.247-25',
  isCorporate: false,
  corporateDocument: '',
  corporateName: '',
  tradeName: '',
  stateInscription: '',
};

/** CEPs a shopper may type in the pick-up search: known ones and one that does not exist. */
export const PICK_UP_CEPS = ['01001-000', '05422-001', '20040-020', '30130-010', '99999-999'] as const;
export const COUPONS = ['BEMVINDO10', 'FRETEGRATIS', 'NATAL2024', 'CUPOMQUENAOEXISTE'] as const;

export class Screen {
  order: Order;
  values: CheckoutFormValues;
  readonly contact: ContactFormValues;
  /** What happened, step by step, printed with a failing sequence. */
  readonly log: string[] = [];
  private priceTableCount = 0;

  readonly session: Session;
  readonly settings: ShopSettings;
  /** The time the cart queue's pauses run on. */
  readonly clock = new ModelClock();
  /** The items step's quantity picker: the cart's own queue, its pause on the model's clock. */
  readonly queue: QuantityQueue;
  /** Sends of the queue still waiting for their answer. */
  private sendsInFlight = 0;
  /** The second actor changed the order since this screen last read it: it may show an older order. */
  changedElsewhere = false;
  private code = '';
  private handle = '';
  private otherTab: OtherTab | undefined;

  private constructor(session: Session, settings: ShopSettings, order: Order) {
    this.session = session;
    this.settings = settings;
    this.order = order;
    this.queue = createQuantityQueue({
      send: async (update) => {
        this.sendsInFlight += 1;
        try {
          return await updateOrderItem(update);
        } finally {
          this.sendsInFlight -= 1;
        }
      },
      onOrder: (answer) => this.showOrder(answer),
      onFailure: (line, message) => this.log.push(`tap ${line.providerId}: refused (${message})`),
      timers: this.clock,
    });
    this.values = initialCheckoutValues(order, undefined, session.userShop?.addresses ?? []);
    const customer = contactFromCustomer(session.userShop?.customer ?? {});
    this.contact = { ...VALID_CONTACT, ...(customer.name ? { name: customer.name } : {}) };
  }

  /** Opens the checkout of a fresh session (what the tab does: session, settings, order). */
  static async open(code: string): Promise<Screen> {
    const opened = await openSession({ code });
    setSessionHandle(opened.handle);
    const settings = await getShopSettings();
    const screen = new Screen(opened.session, settings, await getCurrentOrder());
    screen.code = code;
    screen.handle = opened.handle ?? '';
    if (screen.isPlatformUser) screen.priceTableCount = (await listPriceTables().catch(() => [])).length;
    return screen;
  }

  get isPlatformUser(): boolean {
    return this.session.sessionType === SessionType.PlatformUser;
  }

  get sections(): CheckoutSections {
    return checkoutSections({
      order: this.order,
      settings: this.settings,
      isPlatformUser: this.isPlatformUser,
      priceTableCount: this.priceTableCount,
    });
  }

  get method(): LogisticFormValue {
    return effectiveLogisticType({ order: this.order, sections: this.sections }, this.values.logisticType);
  }

  get addresses() {
    return this.session.userShop?.addresses ?? [];
  }

  /** An order read by this screen (an answer or a re-read): it is now the server's latest. */
  showOrder(order: Order) {
    this.order = order;
    this.changedElsewhere = false;
  }

  /** The quantity a line shows: the one waiting in the queue, or the order's. */
  shownQuantity(index: number): number | undefined {
    return this.queue.pendingQuantity(index) ?? this.order.items.find((i) => i.index === index)?.quantity;
  }

  /** Time passes on the model's clock; the sends that then go out are answered before the next step. */
  async wait(ms: number) {
    this.clock.advance(ms);
    await this.settle();
  }

  /** Waits (in real time) for the queue's sends in flight to be answered. */
  async settle() {
    for (let waited = 0; this.sendsInFlight > 0 && waited < 10_000; waited += 5) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** The second actor changes the order; this screen does not know yet. */
  async other(change: OtherChange, pick: number) {
    this.otherTab ??= await OtherTab.open(this.code, this.handle);
    this.log.push(`other tab: ${await this.otherTab.change(change, pick)}`);
    this.changedElsewhere = true;
  }

  /** 'Finalizar e enviar ...' can be tapped: nothing is missing and the order is not being updated. */
  finishOffered(): boolean {
    const gate = finishGate({
      sending: false,
      waiting: this.queue.hasPendingQuantity(),
      orderMutating: false,
    });
    return this.problems().length === 0 && gate === 'ready';
  }

  /** What useOrderStaysFresh does when the tab regains focus or hears another tab: read the order again. */
  async notice() {
    this.showOrder(await getCurrentOrder());
    this.log.push(`notice: total ${this.order.totalAmout}`);
  }

  /** The problems behind the footer: empty means 'Finalizar e enviar ...' is offered. */
  problems() {
    return checkoutProblems({
      values: this.values,
      contact: this.contact,
      order: this.order,
      settings: this.settings,
      sections: this.sections,
    });
  }

  private set(values: Partial<CheckoutFormValues>) {
    this.values = { ...this.values, ...values };
  }

  /** After any failed change: the choices the server holds (useShowServerChoices). */
  private showServerChoices() {
    this.set(serverHeldValues(this.order));
  }

  /** Runs one order change; on failure the screen shows the server's choices again. */
  private async change(what: string, call: () => Promise<Order>, onError?: () => void | Promise<void>) {
    try {
      this.showOrder(await call());
      this.log.push(`${what}: ok, total ${this.order.totalAmout}`);
      return true;
    } catch (error) {
      this.log.push(`${what}: refused (${(error as Error).message})`);
      if (onError) await onError();
      else this.showServerChoices();
      return false;
    }
  }

  /** useLogisticChange: the form values, then the order forgets what the screen no longer shows. */
  private async applyLogisticChange(what: string, change: LogisticChange, method: LogisticFormValue) {
    this.set(change.values);
    if (change.clearOrder) await this.change(what, () => setLogistic({ type: method }));
  }

  private shows(section: 'pickUp' | 'delivery'): boolean {
    const sections = this.sections;
    if (section === 'pickUp') return sections.pickUp && this.method === LogisticFormValue.PickUp;
    return sections.delivery === 'enabled' && this.method === LogisticFormValue.Delivery;
  }

  async act(action: Action): Promise<void> {
    this.log.push(`> ${JSON.stringify(action)}`);
    const sections = this.sections;
    switch (action.kind) {
      case 'method':
        return this.chooseMethod(
          action.pick % 2 === 0 ? LogisticFormValue.PickUp : LogisticFormValue.Delivery,
        );
      case 'address':
        return this.chooseAddress(action.pick);
      case 'deliveryOption':
        return this.chooseDeliveryOption(action.pick);
      case 'pickUpCep':
        if (this.shows('pickUp') && !sections.manualLogistics) {
          this.set({ cep: PICK_UP_CEPS[action.pick % PICK_UP_CEPS.length] });
        }
        return;
      case 'store':
        return this.chooseStore(action.pick);
      case 'pickUpOption':
        return this.choosePickUpOption(action.pick);
      case 'manualFreight':
        return this.applyManualFreight(action.cents);
      case 'seller':
        return this.chooseSeller(action.pick);
      case 'day':
        return this.chooseDay(action.pick);
      case 'slot':
        return this.chooseSlot(action.pick);
      case 'priceTable':
        return this.choosePriceTable(action.pick);
      case 'coupon':
        return this.applyCoupon(action.pick);
      case 'discount':
        return this.applyDiscount(action.cents);
      case 'payment':
        return this.choosePayment(action.pick);
      case 'manualText':
        return this.typeManualText(action.pick);
      case 'onDeliveryGroup':
        return this.chooseOnDeliveryGroup(action.pick);
      case 'onDeliveryMeans':
        return this.chooseOnDeliveryMeans(action.pick);
      case 'cash':
        return this.typeCash(action.centsOverTotal);
      case 'quantity':
        return this.changeQuantity(action.pick, action.delta);
      case 'tap':
        return this.tap(action.pick, action.delta);
      case 'wait':
        return this.wait(action.ms);
      case 'other':
        return this.other(action.change, action.pick);
      case 'notice':
        return this.notice();
      case 'progress':
        return this.progress(action.pick);
    }
  }

  /**
   * What a shopper does next to finish: the first thing the footer says is missing, done with one
   * of the choices offered. Sequences mix these with the other actions so they reach the finish
   * often, and change their mind on the way.
   */
  private async progress(pick: number) {
    const [missing] = this.problems();
    switch (missing) {
      case 'seller':
        return this.chooseSeller(pick);
      case 'logistic':
        if (this.sections.manualLogistics) {
          if (this.shows('pickUp') && !this.values.pickupAddress) return this.chooseStore(pick);
          if (this.shows('delivery') && this.values.deliveryAddressIndex == null)
            return this.chooseAddress(pick);
          return this.applyManualFreight(pick % 2 === 0 ? 0 : 990);
        }
        if (this.shows('pickUp')) {
          if (!this.values.cep && !this.values.pickupAddress) {
            this.set({ cep: PICK_UP_CEPS[pick % 3] });
            return;
          }
          if (!this.values.pickupAddress) return this.chooseStore(pick);
          return this.choosePickUpOption(pick);
        }
        if (this.deliveryAddress()?.zipCode) return this.chooseDeliveryOption(pick);
        return this.chooseAddress(pick);
      case 'schedule':
        if (!this.values.selectedDay) return this.chooseDay(pick);
        return this.chooseSlot(pick);
      case 'paymentMethod':
        return this.choosePayment(pick);
      case 'paymentOption':
        if (!this.values.paymentOptionGroup) return this.chooseOnDeliveryGroup(pick);
        return this.chooseOnDeliveryMeans(pick);
      case 'cashAmount':
        return this.typeCash(pick % 2 === 0 ? 0 : 5000);
      case 'manualPayment':
        return this.typeManualText(pick % 2 === 0 ? 0 : 2);
      case 'items':
        return this.changeQuantity(pick, -1);
      default:
        return;
    }
  }

  // DeliveryMethodSection.choose
  private async chooseMethod(next: LogisticFormValue) {
    const sections = this.sections;
    if (!sections.deliveryMethod || next === this.method) return;
    if (next === LogisticFormValue.Delivery && sections.delivery !== 'enabled') return;
    if (next === LogisticFormValue.PickUp && !sections.pickUp) return;
    await this.applyLogisticChange(`method ${next}`, switchMethod(next), next);
  }

  // DeliveryChoices.chooseAddress
  private async chooseAddress(pick: number) {
    if (!this.shows('delivery') || this.addresses.length === 0) return;
    const index = pick % this.addresses.length;
    if (index === this.values.deliveryAddressIndex) return;
    await this.applyLogisticChange(
      `address ${index}`,
      lookAtAddress(index, this.order),
      LogisticFormValue.Delivery,
    );
  }

  private deliveryAddress() {
    const index = this.values.deliveryAddressIndex;
    return index == null ? undefined : this.addresses[index];
  }

  // DeliveryOptions.choose
  private async chooseDeliveryOption(pick: number) {
    const address = this.deliveryAddress();
    const addressIndex = this.values.deliveryAddressIndex;
    if (!this.shows('delivery') || this.sections.manualLogistics || !address?.zipCode || addressIndex == null)
      return;
    const options = await listLogisticOptions({
      type: LogisticFormValue.Delivery,
      code: address.zipCode,
      number: address.number || undefined,
    }).catch(() => [] as LogisticOption[]);
    const option = options[pick % Math.max(options.length, 1)];
    if (!option) return;
    this.set({ selectedLogistic: option.providerId });
    await this.change(`delivery option ${option.providerId}`, () =>
      setLogistic({ providerId: option.providerId, type: LogisticFormValue.Delivery, addressIndex }),
    );
  }

  /** The pick-up search as PickUpSearch shows it: stores and options, or nothing for a bad CEP. */
  private async pickUpLists() {
    const storeId = this.values.pickupAddress ?? undefined;
    if (!this.values.cep && storeId === undefined) return undefined;
    try {
      const options = await listLogisticOptions({
        type: LogisticFormValue.PickUp,
        code: this.values.cep || undefined,
      });
      return { stores: await listStores(), options };
    } catch {
      return undefined;
    }
  }

  // PickUpSearch.chooseStore and ManualPickUp.chooseStore
  private async chooseStore(pick: number) {
    if (!this.shows('pickUp')) return;
    const manual = this.sections.manualLogistics;
    const stores = manual ? await listStores().catch(() => []) : (await this.pickUpLists())?.stores;
    const store = stores?.filter((s) => s.providerId)[pick % Math.max(stores.length, 1)];
    if (!store?.providerId || store.providerId === this.values.pickupAddress) return;
    const change = lookAtStore(store.providerId, this.order, manual);
    await this.applyLogisticChange(`store ${store.providerId}`, change, LogisticFormValue.PickUp);
  }

  // PickUpSearch.chooseOption
  private async choosePickUpOption(pick: number) {
    const storeId = this.values.pickupAddress;
    if (!this.shows('pickUp') || this.sections.manualLogistics || !storeId) return;
    const lists = await this.pickUpLists();
    const options = (lists?.options ?? []).filter((o) => o.storePickUpAddress?.providerId === storeId);
    const option = options[pick % Math.max(options.length, 1)];
    if (!option) return;
    this.set({ selectedLogistic: option.providerId });
    await this.change(`pick-up option ${option.providerId}`, () =>
      setLogistic({ providerId: option.providerId, type: LogisticFormValue.PickUp }),
    );
  }

  // ManualFreight's onApply in ManualPickUp and ManualDelivery
  private async applyManualFreight(cents: number) {
    if (!this.sections.manualLogistics) return;
    const price = cents / 100;
    if (this.shows('pickUp') && this.values.pickupAddress) {
      const providerId = this.values.pickupAddress;
      await this.change(`manual pick-up freight ${price}`, () =>
        setManualLogistic({ body: { logistic: { type: LogisticFormValue.PickUp, price, providerId } } }),
      );
    } else if (this.shows('delivery') && this.deliveryAddress() && this.values.deliveryAddressIndex != null) {
      const addressIndex = this.values.deliveryAddressIndex;
      await this.change(`manual delivery freight ${price}`, () =>
        setManualLogistic({
          code: this.deliveryAddress()?.zipCode || undefined,
          body: { addressIndex, logistic: { type: LogisticFormValue.Delivery, price } },
        }),
      );
    }
  }

  // SellerSelect.choose
  private async chooseSeller(pick: number) {
    if (!this.sections.sellerSelect) return;
    const method = this.method;
    const code =
      method === LogisticFormValue.Delivery ? this.deliveryAddress()?.zipCode || undefined : undefined;
    const sellers = (await listSellers({ type: method, code }).catch(() => [])).filter((s) => s.providerId);
    const seller = sellers[pick % Math.max(sellers.length, 1)];
    const shown = this.values.selectedSeller ?? this.order.seller?.providerId ?? undefined;
    if (!seller?.providerId || seller.providerId === shown) return;
    const providerId = seller.providerId;
    this.set({ ...afterSellerChange(), selectedSeller: providerId });
    await this.change(`seller ${providerId}`, () => setSeller(providerId));
  }

  private async scheduleDays() {
    const schedule = await getSchedule().catch(() => undefined);
    return (schedule?.times ?? []).filter(
      (day) => (day.date || day.header) && (day.options ?? []).some((slot) => slot.enabled && slot.startTime),
    );
  }

  // ScheduleChoices.chooseDay
  private async chooseDay(pick: number) {
    if (!this.sections.schedule) return;
    const days = await this.scheduleDays();
    const day = days[pick % Math.max(days.length, 1)];
    if (!day) return;
    this.set({ selectedDay: day.date || day.header || undefined, selectedSchedule: undefined });
    this.log.push(`day ${this.values.selectedDay}`);
  }

  // ScheduleChoices.chooseSlot: the answer is not the order, which is reloaded.
  private async chooseSlot(pick: number) {
    if (!this.sections.schedule || !this.values.selectedDay) return;
    const day = (await this.scheduleDays()).find((d) => (d.date || d.header) === this.values.selectedDay);
    const slots = (day?.options ?? []).filter((slot) => slot.enabled && slot.startTime);
    const slot = slots[pick % Math.max(slots.length, 1)];
    if (!slot?.startTime) return;
    const startTime = slot.startTime;
    const chosenDay = this.values.selectedDay;
    this.set({ selectedSchedule: startTime });
    await this.change(`slot ${chosenDay} ${startTime}`, async () => {
      await setSchedule({ day: chosenDay, startTime, ...(slot.endTime ? { endTime: slot.endTime } : {}) });
      return getCurrentOrder();
    });
  }

  // PriceTableSelect.choose: a table that fails (here, one that does not exist) reverts to none.
  private async choosePriceTable(pick: number) {
    if (!this.sections.priceTableSelect) return;
    const tables = await listPriceTables().catch(() => []);
    const ids = [NO_PRICE_TABLE_ID, ...tables.map((t) => t.id), 'tabela-que-falha'];
    const id = ids[pick % ids.length] ?? NO_PRICE_TABLE_ID;
    const shown = this.values.priceTableId || this.order.providerPriceTableId || NO_PRICE_TABLE_ID;
    if (id === shown) return;
    this.set({ priceTableId: id });
    await this.change(
      `price table ${id}`,
      () => setPriceTable(id),
      async () => {
        this.set({ priceTableId: NO_PRICE_TABLE_ID });
        await this.change(
          'price table back to none',
          () => setPriceTable(NO_PRICE_TABLE_ID),
          async () => {
            this.order = await getCurrentOrder();
            this.showServerChoices();
          },
        );
      },
    );
  }

  // CouponField.submit
  private async applyCoupon(pick: number) {
    if (this.sections.coupon !== 'coupon') return;
    const code = COUPONS[pick % COUPONS.length] ?? '';
    this.set({ coupon: code });
    await this.change(
      `coupon ${code}`,
      async () => {
        const order = await applyCoupon(code);
        this.set({ coupon: order.coupon ?? '' });
        return order;
      },
      () => this.set({ coupon: '' }),
    );
  }

  // ManualDiscountField.submit
  private async applyDiscount(cents: number) {
    if (this.sections.coupon !== 'manual-discount') return;
    const amount = cents / 100;
    this.set({ manualDiscount: amount });
    await this.change(
      `discount ${amount}`,
      () => applyDiscount(amount),
      () => this.set({ manualDiscount: undefined }),
    );
  }

  // PaymentMethodChoice.choose (and ManualPixKey's prefill)
  private async choosePayment(pick: number) {
    if (!this.sections.paymentMethod) return;
    const options = await listPaymentOptions().catch(() => undefined);
    const methods = visiblePaymentMethods({
      order: this.order,
      settings: this.settings,
      paymentOptions: options,
    });
    const entry = methods[pick % Math.max(methods.length, 1)];
    if (!entry) return;
    const manual = isManualPayment(this.settings);
    const custom = manual && entry.method === PaymentMethod.Custom ? entry.label : undefined;
    const change = switchPayment(entry.method, this.values.paymentMethod, this.order, custom);
    this.set(change.values);
    if (change.clearOnDelivery) {
      await this.change(
        'pay on delivery cleared',
        () => setPaymentOnDelivery({}),
        () => {
          this.set(heldOnDeliveryValues(this.order));
        },
      );
    }
    if (manual && entry.method === PaymentMethod.Pix) {
      const key = await getManualPixKey().catch(() => null);
      if (key && !this.values.manualPaymentOption) this.set({ manualPaymentOption: key });
    }
    this.log.push(`payment method ${entry.method}`);
  }

  // ManualPixKey / ManualCardLink typing
  private typeManualText(pick: number) {
    const method = this.values.paymentMethod;
    if (
      !isManualPayment(this.settings) ||
      (method !== PaymentMethod.Pix && method !== PaymentMethod.CreditCard)
    )
      return;
    const texts = ['https://pag.ae/modelo', 'pag.ae/sem-protocolo', 'chave-pix@exemplo.com.br', '  '];
    this.set({ manualPaymentOption: texts[pick % texts.length] });
  }

  // PayOnDelivery.chooseGroup
  private async chooseOnDeliveryGroup(pick: number) {
    if (this.values.paymentMethod !== PaymentMethod.OnDelivery) return;
    const groups = onDeliveryGroups(await listPaymentOptions().catch(() => []));
    const group = groups[pick % Math.max(groups.length, 1)];
    if (!group) return;
    this.set({ paymentOptionGroup: group, paymentOptionId: undefined, cashAmount: undefined });
  }

  // PayOnDelivery.chooseMeans
  private async chooseOnDeliveryMeans(pick: number) {
    const group = this.values.paymentOptionGroup;
    if (this.values.paymentMethod !== PaymentMethod.OnDelivery || !group || isCashGroup(group)) return;
    const means = onDeliveryOptionsOf(await listPaymentOptions().catch(() => []), group).filter(
      (o) => o.providerId,
    );
    const option = means[pick % Math.max(means.length, 1)];
    if (!option?.providerId) return;
    const providerId = option.providerId;
    this.set({ paymentOptionId: providerId });
    await this.change(
      `on delivery ${group} ${providerId}`,
      () => setPaymentOnDelivery({ type: group, providerId }),
      () => {},
    );
  }

  // CashAmount typing, sent when valid (PayOnDelivery.sendCash)
  private async typeCash(centsOverTotal: number) {
    const group = this.values.paymentOptionGroup;
    if (this.values.paymentMethod !== PaymentMethod.OnDelivery || !group || !isCashGroup(group)) return;
    const amount = Math.max(0, Math.round((this.order.totalAmout ?? 0) * 100) + centsOverTotal) / 100;
    this.set({ cashAmount: amount });
    if (cashAmountError(amount, this.order.totalAmout)) {
      this.log.push(`cash ${amount}: below the total, not sent`);
      return;
    }
    const options = await listPaymentOptions().catch(() => []);
    const providerId = onDeliveryOptionsOf(options, group)[0]?.providerId;
    await this.change(
      `cash ${amount}`,
      () => setPaymentOnDelivery({ type: group, cashAmount: amount, ...(providerId ? { providerId } : {}) }),
      () => {},
    );
  }

  // A tap on the quantity picker: the queue waits for its pause, then sends the line's last quantity.
  private tap(pick: number, delta: number) {
    const items = this.order.items.filter((item) => item.isGift !== true);
    const item = items[pick % Math.max(items.length, 1)];
    if (!item) return;
    const shown = this.shownQuantity(item.index) ?? item.quantity;
    const quantity = Math.max(0, shown + delta);
    this.queue.set(
      { index: item.index, providerId: item.providerId, sku: item.sku ?? undefined, quantity: item.quantity },
      quantity,
    );
    this.log.push(`tap ${item.providerId} → ${quantity} (waiting)`);
  }

  // The items list's quantity picker (its queue sends the last quantity)
  private async changeQuantity(pick: number, delta: number) {
    const items = this.order.items.filter((item) => item.isGift !== true);
    const item = items[pick % Math.max(items.length, 1)];
    if (!item) return;
    const quantity = Math.max(0, item.quantity + delta);
    await this.change(`quantity ${item.providerId} ${quantity}`, () =>
      updateOrderItem({
        index: String(item.index),
        providerId: item.providerId,
        quantity,
        ...(item.sku ? { sku: item.sku } : {}),
      }),
    );
  }
}
