import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { MercadoPagoPayment } from '../../../contract/checkout.ts';

export type MercadoPagoBrickProps = {
  /** The shop's Mercado Pago public key (settings.payment.publicKey). */
  publicKey: string;
  /** The order's total (order.totalAmout). */
  amount: number;
  /** The brick's form data; a rejection shows the brick's error state. */
  onSubmit(form: MercadoPagoPayment): Promise<void>;
};

/** The spec's delay before the brick loads. */
export const BRICK_DELAY_MS = 200;

export const BRICK_UNAVAILABLE =
  'Não foi possível carregar o formulário de pagamento do Mercado Pago. Tente novamente mais tarde.';

// The SDK (and Mercado Pago's script it injects) loads only on this page, in its own chunk.
const MercadoPagoCard = lazy(() => import('./mercado-pago-card.tsx'));

class BrickBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed) return <p role="alert">{BRICK_UNAVAILABLE}</p>;
    return this.props.children;
  }
}

/**
 * The Mercado Pago card brick (600 px wide), mounted 200 ms after the page. The boundary: when the
 * SDK's chunk cannot load, a message shows and the page goes on.
 */
export function MercadoPagoBrick(props: MercadoPagoBrickProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), BRICK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const loading = <Spinner label="Carregando o formulário de pagamento..." />;
  return (
    <div
      className="mercado-pago-brick"
      data-testid="mercado-pago-brick"
      style={{ width: '100%', maxWidth: 600 }}
    >
      {mounted ? (
        <BrickBoundary>
          <Suspense fallback={loading}>
            <MercadoPagoCard {...props} />
          </Suspense>
        </BrickBoundary>
      ) : (
        loading
      )}
    </div>
  );
}
