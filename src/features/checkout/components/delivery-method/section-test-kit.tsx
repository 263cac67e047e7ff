// Test helper of the SECTIONS-A components: renders one section inside a checkout form, as the page
// does, with a query cache holding the session and the order. Not shipped (only tests import it).
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { orderFixture } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import type { ReactElement } from 'react';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { Toaster } from 'react-hot-toast';
import type { CheckoutFormValues } from '@/contract/checkout.ts';
import { SessionType } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { Address, Session } from '@/contract/session.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import type { CheckoutScreen, CheckoutSections } from '../../lib/checkout-sections.ts';
import { initialCheckoutValues } from '../../lib/initial-values.ts';

export const baseSections: CheckoutSections = {
  store: false,
  sellerSelect: false,
  priceTableSelect: false,
  deliveryMethod: true,
  delivery: 'enabled',
  shippingRestrictionNote: false,
  pickUp: true,
  manualLogistics: false,
  schedule: false,
  coupon: null,
  paymentMethod: true,
};

export type SectionSetup = {
  order?: Order;
  settings?: ShopSettings;
  sections?: Partial<CheckoutSections>;
  isPlatformUser?: boolean;
  addresses?: Address[];
  values?: CheckoutFormValues;
};

/** Renders `section(ctx)` inside a FormProvider; `form()` gives the checkout form to inspect. */
export function renderSection(section: (ctx: CheckoutScreen) => ReactElement, setup: SectionSetup = {}) {
  const order = setup.order ?? orderFixture();
  const settings = setup.settings ?? {};
  const isPlatformUser = setup.isPlatformUser ?? false;
  const session: Session = {
    sessionType: isPlatformUser ? SessionType.PlatformUser : SessionType.Contact,
    userShop: { id: 'user-shop-1', addresses: setup.addresses ?? [] },
  };
  const ctx: CheckoutScreen = {
    order,
    settings,
    isPlatformUser,
    session,
    sections: { ...baseSections, ...setup.sections },
  };
  const queryClient = seededQueryClient({ platformUser: isPlatformUser, settings, order });
  let formRef: UseFormReturn<CheckoutFormValues> | undefined;

  function Harness() {
    // As the checkout page opens its form: the values given (as a draft), then what the order holds.
    const form = useForm<CheckoutFormValues>({
      defaultValues: initialCheckoutValues(order, setup.values, setup.addresses ?? []),
    });
    formRef = form;
    return <FormProvider {...form}>{section(ctx)}</FormProvider>;
  }

  const view = render(
    <QueryClientProvider client={queryClient}>
      <Harness />
      <Toaster />
    </QueryClientProvider>,
  );
  const form = () => {
    if (!formRef) throw new Error('form not rendered');
    return formRef;
  };
  return { ...view, queryClient, ctx, form };
}
