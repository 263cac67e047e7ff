import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { envelope, orderFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { delay, http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { OrderState, SessionType } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { type CheckoutScreen, checkoutSections } from '../../lib/checkout-sections.ts';
import { CheckoutFooter } from './checkout-footer.tsx';

const order = orderFixture({ status: OrderState.Creating, isInSemiAutomatic: false });
const screenOf = (current: Order): CheckoutScreen => ({
  order: current,
  settings: {},
  isPlatformUser: true,
  session: { sessionType: SessionType.PlatformUser, userShop: { id: 'user-shop-1' } },
  sections: checkoutSections({ order: current, settings: {}, isPlatformUser: true, priceTableCount: 0 }),
});

/** The footer over the cached order, as the page shows it. */
function Footer() {
  const { data } = useQuery(currentOrderQuery);
  return (
    <CheckoutFooter
      ctx={screenOf(data ?? order)}
      problems={[]}
      finishLabel="Receber pedido"
      onFinish={() => {}}
      sending={false}
      onOrderClosed={() => {}}
    />
  );
}

/** Answers the switch only when `release` is called, counting the calls. */
function heldSwitch() {
  const held = { calls: 0, release: () => {} };
  const answered = new Promise<void>((resolve) => {
    held.release = resolve;
  });
  let stored = order;
  server.use(
    http.get('/api/order/current', () => envelope(stored)),
    http.post('/api/order/semiautomatic', async () => {
      held.calls += 1;
      await answered;
      await delay(0);
      stored = { ...stored, isInSemiAutomatic: !stored.isInSemiAutomatic };
      return envelope({ isInSemiAutomatic: stored.isInSemiAutomatic });
    }),
  );
  return held;
}

function renderFooter() {
  const queryClient = seededQueryClient({ platformUser: true, order });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the flow switch', () => {
  it('says Atualizando fluxo... and is disabled while switching, then shows the new flow', async () => {
    const held = heldSwitch();
    renderFooter();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para fluxo semiautomático' }));
    const busy = await screen.findByRole('button', { name: 'Atualizando fluxo...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await act(async () => held.release());
    expect(await screen.findByRole('button', { name: 'Voltar para fluxo assistido' })).toBeEnabled();
  });

  it('sends one switch for a double tap in the same instant', async () => {
    const held = heldSwitch();
    renderFooter();
    const button = screen.getByRole('button', { name: 'Enviar para fluxo semiautomático' });
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByRole('button', { name: 'Atualizando fluxo...' });
    await act(async () => held.release());
    await screen.findByRole('button', { name: 'Voltar para fluxo assistido' });
    expect(held.calls).toBe(1);
  });
});
