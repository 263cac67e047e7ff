import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { LogisticFormValue, LogisticType } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { DeliveryMethodSection } from './delivery-method-section.tsx';
import { renderSection } from './section-test-kit.tsx';

const NOTE = 'Alguns itens do pedido só estão disponíveis para a modalidade de retirada em loja';

describe('DeliveryMethodSection', () => {
  it("shows 'Entregamos para você' and 'Retirada em loja' under 'Forma de entrega', delivery chosen by default", async () => {
    const { form } = renderSection((ctx) => <DeliveryMethodSection ctx={ctx} />);
    const group = screen.getByRole('group', { name: 'Forma de entrega' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forma de entrega' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Entregamos para você' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Retirada em loja' })).not.toBeChecked();
    await waitFor(() => expect(form().getValues('logisticType')).toBe(LogisticFormValue.Delivery));
  });

  it("starts on 'Retirada em loja' when the order's logistic is a store pick-up", () => {
    renderSection((ctx) => <DeliveryMethodSection ctx={ctx} />, {
      order: orderFixture({ logistic: { type: LogisticType.StorePickUp, providerId: 'r1' } }),
    });
    expect(screen.getByRole('radio', { name: 'Retirada em loja' })).toBeChecked();
  });

  it('disables delivery with the shipping-restriction note and forces pick-up', async () => {
    const { form } = renderSection((ctx) => <DeliveryMethodSection ctx={ctx} />, {
      sections: { delivery: 'disabled', shippingRestrictionNote: true },
      values: { logisticType: LogisticFormValue.Delivery },
    });
    const delivery = screen.getByRole('radio', { name: 'Entregamos para você' });
    expect(delivery).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Retirada em loja' })).toBeChecked();
    expect(screen.getByText(NOTE)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Forma de entrega' })).toHaveAccessibleDescription(NOTE);
    await waitFor(() => expect(form().getValues('logisticType')).toBe(LogisticFormValue.PickUp));
  });

  it('leaves delivery out when it is hidden', () => {
    renderSection((ctx) => <DeliveryMethodSection ctx={ctx} />, { sections: { delivery: 'hidden' } });
    expect(screen.queryByRole('radio', { name: 'Entregamos para você' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Retirada em loja' })).toBeChecked();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it('renders nothing when the flow has no delivery-method choice', () => {
    const { container } = renderSection((ctx) => <DeliveryMethodSection ctx={ctx} />, {
      sections: { deliveryMethod: false },
    });
    expect(container.querySelector('section')).toBeNull();
  });

  it('changing the method resets address, pick-up store, seller, logistic and CEP', async () => {
    server.use(http.post('/api/order/logistic/', () => envelope(orderFixture())));
    const { form } = renderSection((ctx) => <DeliveryMethodSection ctx={ctx} />, {
      values: {
        logisticType: LogisticFormValue.Delivery,
        deliveryAddressIndex: 1,
        selectedSeller: 's1',
        selectedLogistic: 'entrega-1',
        cep: '01001-000',
        paymentMethod: 3,
      },
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Retirada em loja' }));
    const values = form().getValues();
    expect(values.logisticType).toBe(LogisticFormValue.PickUp);
    expect(values.deliveryAddressIndex).toBeUndefined();
    expect(values.selectedSeller).toBeUndefined();
    expect(values.selectedLogistic).toBeUndefined();
    expect(values.cep).toBeUndefined();
    expect(values.paymentMethod).toBe(3);
  });

  it('a switch of method takes the previous choice off the order', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/order/logistic/', async ({ request }) => {
        sent.push(await request.json());
        return envelope(orderFixture());
      }),
    );
    const { queryClient } = renderSection((ctx) => <DeliveryMethodSection ctx={ctx} />, {
      order: orderFixture({
        logistic: { type: LogisticType.StorePickUp, providerId: 'retirada-centro', price: 0 },
      }),
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Entregamos para você' }));
    await waitFor(() => expect(sent).toEqual([{ type: LogisticFormValue.Delivery }]));
    await waitFor(() =>
      expect(queryClient.getQueryData<Order>(['order', 'current'])?.logistic?.providerId ?? null).toBeNull(),
    );
  });

  it('a switch the server refuses goes back to the method the order holds', async () => {
    server.use(http.post('/api/order/logistic/', () => failure('Pedido indisponível.', 503)));
    const { form } = renderSection((ctx) => <DeliveryMethodSection ctx={ctx} />, {
      order: orderFixture({
        logistic: { type: LogisticType.StorePickUp, providerId: 'retirada-centro', price: 0 },
      }),
    });
    expect(screen.getByRole('radio', { name: 'Retirada em loja' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Entregamos para você' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Retirada em loja' })).toBeChecked());
    expect(form().getValues('selectedLogistic')).toBe('retirada-centro');
  });
});
