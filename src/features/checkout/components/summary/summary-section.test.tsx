import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { http } from 'msw';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { CheckoutFormValues } from '@/contract/checkout.ts';
import { SessionType } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { checkoutSections } from '../../lib/checkout-sections.ts';
import { SummarySection } from './summary-section.tsx';

const base: Partial<Order> = {
  items: [{ index: 0, providerId: 'arroz', quantity: 2, unitPrice: 30, totalAmout: 60 }],
  itemsAmout: 60,
  discountAmout: 0,
  totalAmout: 60,
  logistic: { maxItemsAmout: 50 },
};

type Setup = {
  order?: Partial<Order>;
  settings?: ShopSettings;
  platformUser?: boolean;
  values?: CheckoutFormValues;
};

/** The summary as the page shows it: ctx built from the cached order, inside the choices form. */
function renderSummary({ order = base, settings = {}, platformUser = false, values = {} }: Setup) {
  const queryClient = seededQueryClient({ settings, order: orderFixture(order), platformUser });
  const form: { current?: UseFormReturn<CheckoutFormValues> } = {};
  function Harness() {
    const methods = useForm<CheckoutFormValues>({ defaultValues: values });
    form.current = methods;
    const { data } = useQuery({ ...currentOrderQuery, staleTime: Number.POSITIVE_INFINITY });
    if (!data) return null;
    const ctx = {
      order: data,
      settings,
      isPlatformUser: platformUser,
      session: {
        sessionType: platformUser ? SessionType.PlatformUser : SessionType.Contact,
        userShop: { id: 'user-shop-1' },
      },
      sections: checkoutSections({ order: data, settings, isPlatformUser: platformUser, priceTableCount: 0 }),
    };
    return (
      <FormProvider {...methods}>
        <SummarySection ctx={ctx} />
      </FormProvider>
    );
  }
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  return {
    ...view,
    queryClient,
    formValue: (name: keyof CheckoutFormValues) => form.current?.getValues(name),
  };
}

/** The summary's rows as [term, value] pairs. */
function rows(): [string, string][] {
  const list = document.querySelector('.summary-section__rows');
  const terms = [...(list?.querySelectorAll('dt') ?? [])];
  return terms.map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']);
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const brl = (text: string) => text.replace(' ', '\u00A0');

describe('SummarySection', () => {
  it('shows Subtotal, Descontos and Total from the order, no coupon field unless coupons are allowed (axe clean)', async () => {
    const { container } = renderSummary({});
    expect(screen.getByRole('heading', { name: 'Resumo' })).toBeInTheDocument();
    expect(rows()).toEqual([
      ['Subtotal', brl('R$ 60,00')],
      ['Descontos', brl('R$ 0,00')],
      ['Total', brl('R$ 60,00')],
    ]);
    expect(screen.queryByLabelText('Cupom de desconto')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Desconto')).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows the coupon, the discount, the delivery price and the total', () => {
    renderSummary({
      order: {
        ...base,
        coupon: 'BEMVINDO10',
        discountAmout: 6,
        logistic: { providerId: 'expressa', price: 9.9 },
        totalAmout: 63.9,
      },
    });
    expect(rows()).toEqual([
      ['Cupom', 'BEMVINDO10'],
      ['Subtotal', brl('R$ 60,00')],
      ['Descontos', brl('-R$ 6,00')],
      ['Entrega', brl('R$ 9,90')],
      ['Total', brl('R$ 63,90')],
    ]);
  });

  it('reads ‘Grátis’ for a free delivery', () => {
    renderSummary({ order: { ...base, logistic: { providerId: 'retirada', price: 0 } } });
    expect(rows()).toContainEqual(['Entrega', 'Grátis']);
  });

  it('shows ‘Taxa de serviço’ only when the order has a seller', () => {
    const { unmount } = renderSummary({});
    expect(rows().map(([term]) => term)).not.toContain('Taxa de serviço');
    unmount();

    renderSummary({
      order: { ...base, seller: { providerId: 'loja-1', name: 'Pinheiros', serviceTax: 2.5 } },
    });
    expect(rows()).toContainEqual(['Taxa de serviço', brl('R$ 2,50')]);
  });

  it('shows the pick-up store’s service tax, so the rows add up to the total', () => {
    renderSummary({
      order: {
        ...base,
        itemsAmout: 65.7,
        discountAmout: 4.82,
        totalAmout: 62.88,
        logistic: { providerId: 'retirada-centro', price: 0, serviceTax: 2 },
      },
    });
    expect(rows()).toEqual([
      ['Subtotal', brl('R$ 65,70')],
      ['Descontos', brl('-R$ 4,82')],
      ['Entrega', 'Grátis'],
      ['Taxa de serviço', brl('R$ 2,00')],
      ['Total', brl('R$ 62,88')],
    ]);
  });

  it('shows ‘Grátis’ for a seller without service tax', () => {
    renderSummary({ order: { ...base, seller: { providerId: 'loja-1', name: 'Pinheiros', serviceTax: 0 } } });
    expect(rows()).toContainEqual(['Taxa de serviço', 'Grátis']);
  });

  it('applies a coupon, reads ‘Recalculando...’ meanwhile, and shows the answered order', async () => {
    const { opened, open } = gate();
    const queries: (string | null)[] = [];
    server.use(
      http.post('/api/order/coupon/', async ({ request }) => {
        queries.push(new URL(request.url).searchParams.get('coupon'));
        await opened;
        return envelope(orderFixture({ ...base, coupon: 'BEMVINDO10', discountAmout: 6, totalAmout: 54 }));
      }),
    );
    const { formValue } = renderSummary({ settings: { canUseCoupon: true } });
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Cupom de desconto'), 'bemvindo10');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));

    expect(await screen.findByText('Recalculando...')).toBeInTheDocument();
    open();
    await waitFor(() => expect(screen.queryByText('Recalculando...')).not.toBeInTheDocument());
    expect(queries).toEqual(['bemvindo10']);
    expect(rows()).toContainEqual(['Cupom', 'BEMVINDO10']);
    expect(rows()).toContainEqual(['Total', brl('R$ 54,00')]);
    expect(formValue('coupon')).toBe('BEMVINDO10');
  });

  it('a refused coupon opens the ‘Cupom’ dialog with the server’s message and clears the field', async () => {
    server.use(http.post('/api/order/coupon/', () => failure('O cupom XPTO é inválido ou expirou.', 400)));
    const { formValue } = renderSummary({ settings: { canUseCoupon: true } });
    const field = screen.getByLabelText('Cupom de desconto');
    await userEvent.type(field, 'XPTO{Enter}');

    const dialog = await screen.findByRole('alertdialog', { name: 'Cupom' });
    expect(within(dialog).getByText('O cupom XPTO é inválido ou expirou.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(formValue('coupon')).toBe('');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('an operator with manual prices gets the manual ‘Desconto’, sent in reais', async () => {
    const discounts: (string | null)[] = [];
    server.use(
      http.post('/api/order/discount', ({ request }) => {
        discounts.push(new URL(request.url).searchParams.get('discount'));
        return envelope(orderFixture({ ...base, discountAmout: 10.5, totalAmout: 49.5 }));
      }),
    );
    renderSummary({ settings: { canUseCoupon: true, enableManualPrices: true }, platformUser: true });
    expect(screen.queryByLabelText('Cupom de desconto')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Desconto'), '10,50');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(rows()).toContainEqual(['Descontos', brl('-R$ 10,50')]));
    expect(discounts).toEqual(['10.50']);
  });

  it('a contact of a shop with manual prices gets the coupon field, not the manual discount', () => {
    renderSummary({ settings: { canUseCoupon: true, enableManualPrices: true } });
    expect(screen.getByLabelText('Cupom de desconto')).toBeInTheDocument();
    expect(screen.queryByLabelText('Desconto')).not.toBeInTheDocument();
  });

  it('a refused manual discount opens the ‘Cupom’ dialog and clears the field', async () => {
    server.use(
      http.post('/api/order/discount', () =>
        failure('O desconto não pode passar do valor dos itens (R$ 60,00).', 400),
      ),
    );
    const { formValue } = renderSummary({
      settings: { canUseCoupon: true, enableManualPrices: true },
      platformUser: true,
    });
    const field = screen.getByLabelText('Desconto');
    await userEvent.type(field, '100{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cupom' });
    expect(dialog).toHaveTextContent('O desconto não pode passar do valor dos itens (R$ 60,00).');
    expect(field).toHaveValue('');
    expect(formValue('manualDiscount')).toBeUndefined();
  });

  it('a refused coupon keeps the one applied: the field shows it again and the dialog says why', async () => {
    server.use(http.post('/api/order/coupon/', () => failure('O cupom XPTO é inválido ou expirou.', 400)));
    const { formValue } = renderSummary({
      settings: { canUseCoupon: true },
      order: { ...base, coupon: 'BEMVINDO10', discountAmout: 6, totalAmout: 54 },
      values: { coupon: 'BEMVINDO10' },
    });
    const field = screen.getByLabelText('Cupom de desconto');
    await userEvent.clear(field);
    await userEvent.type(field, 'XPTO{Enter}');

    const dialog = await screen.findByRole('alertdialog', { name: 'Cupom' });
    expect(dialog).toHaveTextContent('O cupom XPTO é inválido ou expirou.');
    expect(field).toHaveValue('BEMVINDO10');
    expect(formValue('coupon')).toBe('BEMVINDO10');
    expect(rows()).toContainEqual(['Cupom', 'BEMVINDO10']);
  });

  it('‘Remover cupom’ sends an empty coupon and empties the field (axe clean)', async () => {
    const queries: (string | null)[] = [];
    server.use(
      http.post('/api/order/coupon/', ({ request }) => {
        queries.push(new URL(request.url).searchParams.get('coupon'));
        return envelope(orderFixture({ ...base }));
      }),
    );
    const { container, formValue } = renderSummary({
      settings: { canUseCoupon: true },
      order: { ...base, coupon: 'BEMVINDO10', discountAmout: 6, totalAmout: 54 },
      values: { coupon: 'BEMVINDO10' },
    });
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remover cupom' }));

    await waitFor(() => expect(rows().map(([term]) => term)).not.toContain('Cupom'));
    expect(queries).toEqual(['']);
    expect(screen.getByLabelText('Cupom de desconto')).toHaveValue('');
    expect(formValue('coupon')).toBe('');
    expect(screen.queryByRole('button', { name: 'Remover cupom' })).not.toBeInTheDocument();
  });

  it('a coupon longer than 100 characters says so under the field and cannot be applied', async () => {
    renderSummary({ settings: { canUseCoupon: true } });
    const field = screen.getByLabelText('Cupom de desconto');
    await userEvent.click(field);
    await userEvent.paste('X'.repeat(101));
    expect(field).toHaveAccessibleDescription('Use no máximo 100 caracteres.');
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
  });

  it('a refused manual discount shows the discount applied before again', async () => {
    let calls = 0;
    server.use(
      http.post('/api/order/discount', () => {
        calls += 1;
        return calls === 1
          ? envelope(orderFixture({ ...base, discountAmout: 5, totalAmout: 55 }))
          : failure('O desconto não pode passar do valor dos itens (R$ 60,00).', 400);
      }),
    );
    const { formValue } = renderSummary({
      settings: { canUseCoupon: true, enableManualPrices: true },
      platformUser: true,
    });
    const field = screen.getByLabelText('Desconto');
    await userEvent.type(field, '5{Enter}');
    await waitFor(() => expect(rows()).toContainEqual(['Descontos', brl('-R$ 5,00')]));
    await userEvent.clear(field);
    await userEvent.type(field, '100{Enter}');
    await screen.findByRole('alertdialog', { name: 'Cupom' });
    expect(field).toHaveValue('5,00');
    expect(formValue('manualDiscount')).toBe(5);
  });

  it('a server message naming a field key is told in Portuguese in the dialog', async () => {
    server.use(http.post('/api/order/coupon/', () => failure('O parâmetro coupon é inválido.', 400)));
    renderSummary({ settings: { canUseCoupon: true } });
    await userEvent.type(screen.getByLabelText('Cupom de desconto'), 'XPTO{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cupom' });
    expect(dialog).toHaveTextContent('Um valor informado não foi aceito. Confira o que foi digitado.');
    expect(dialog).not.toHaveTextContent('coupon');
  });
});
