import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { axeViolations } from '@tests/axe.ts';
import { orderFixture } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { describe, expect, it } from 'vitest';
import { OrderState, RecurrenceType } from '@/contract/enums.ts';
import type { UseQuantityQueue } from '@/order/quantity/use-quantity-queue.ts';
import { ItemsSection } from './items-section.tsx';

const queue: UseQuantityQueue = {
  quantityOf: (item) => item.quantity,
  setQuantity: () => {},
  setNote: () => {},
  noteStatus: () => undefined,
  flush: async () => true,
  pending: false,
};

const order = orderFixture({
  status: OrderState.Creating,
  items: [
    {
      index: 0,
      providerId: '1001',
      quantity: 1,
      name: 'Arroz Tio João 5kg',
      unitPrice: 27.9,
      totalAmout: 27.9,
    },
    {
      index: 1,
      providerId: '1008',
      quantity: 1,
      name: 'Café Torrado e Moído Pilão 500g',
      unitPrice: 16.49,
      totalAmout: 16.49,
      subscription: { recurrence: { type: RecurrenceType.Weekly, frequency: 2 } },
    },
  ],
});

describe('Itens do pedido', () => {
  it('marks a subscription item with its frequency, and only that item (axe clean)', async () => {
    const { container } = render(
      <QueryClientProvider client={seededQueryClient({ order })}>
        <ItemsSection order={order} queue={queue} />
      </QueryClientProvider>,
    );
    const lines = within(screen.getByRole('list', { name: 'Itens do pedido' })).getAllByRole('listitem');
    expect(within(lines[1] as HTMLElement).getByText('Assinatura: a cada 2 Semanas')).toBeInTheDocument();
    expect(within(lines[0] as HTMLElement).queryByText(/Assinatura/)).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });
});
