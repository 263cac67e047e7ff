import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { retryingImport } from '@/lib/retrying-import.ts';
import type { MercadoPagoBrickProps } from './mercado-pago-props.ts';
import { ProviderUnavailable } from './provider-unavailable.tsx';
import { useProviderLoad } from './use-provider-load.ts';

export type { MercadoPagoBrickProps } from './mercado-pago-props.ts';

/** The spec's delay before the brick loads. */
export const BRICK_DELAY_MS = 200;

export const BRICK_UNAVAILABLE = 'Não foi possível carregar o formulário de pagamento do Mercado Pago';
export const BRICK_UNAVAILABLE_TEXT =
  'Confira sua conexão com a internet ou desative o bloqueador de anúncios e toque em “Tentar novamente”. Se preferir, escolha outra forma de pagamento.';

// The SDK (and Mercado Pago's script it injects) loads only on this page, in its own chunk.
const MercadoPagoCard = lazy(retryingImport(() => import('./mercado-pago-card.tsx')));

/** When the chunk itself cannot be fetched: reported as the brick being unavailable. */
class BrickBoundary extends Component<{ children: ReactNode; onFailure(): void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onFailure();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The Mercado Pago card brick (600 px wide), mounted 200 ms after the page. When Mercado Pago's SDK
 * cannot load (blocked, offline) or the brick is not ready within a few seconds, the page says so
 * and offers 'Tentar novamente' (loads it again) and 'Alterar forma de pagamento'.
 */
export function MercadoPagoBrick({ onChangeMethod, changingMethod, ...brick }: MercadoPagoBrickProps) {
  const [mounted, setMounted] = useState(false);
  const load = useProviderLoad();
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
      {load.status === 'unavailable' && (
        <ProviderUnavailable
          title={BRICK_UNAVAILABLE}
          text={BRICK_UNAVAILABLE_TEXT}
          onRetry={load.retry}
          onChangeMethod={onChangeMethod}
          changingMethod={changingMethod}
        />
      )}
      {load.status === 'loading' && loading}
      {/* Kept mounted while unavailable: a brick that arrives late still replaces the message. */}
      {mounted && (
        <BrickBoundary key={load.attempt} onFailure={load.unavailable}>
          <Suspense fallback={null}>
            <MercadoPagoCard {...brick} onReady={load.ready} onUnavailable={load.unavailable} />
          </Suspense>
        </BrickBoundary>
      )}
    </div>
  );
}
