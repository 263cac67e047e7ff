// The lazily loaded chunk of the Mercado Pago brick: the SDK itself. Default export for React.lazy.
import { CardPayment, initMercadoPago } from '@mercadopago/sdk-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MercadoPagoPayment } from '@/contract/checkout.ts';
import { loadMercadoPagoScript } from '../lib/mercado-pago-script.ts';
import type { MercadoPagoCardProps } from './mercado-pago-props.ts';

type CardPaymentProps = Parameters<typeof CardPayment>[0];
type BrickFormData = Parameters<CardPaymentProps['onSubmit']>[0];
type BrickError = Parameters<NonNullable<CardPaymentProps['onError']>>[0];

let initializedKey: string | undefined;

/** initMercadoPago once per public key (the SDK keeps one instance). */
function ensureInitialized(publicKey: string): void {
  if (initializedKey === publicKey) return;
  initMercadoPago(publicKey, { locale: 'pt-BR' });
  initializedKey = publicKey;
}

/** The brick's default onBinChange logs the card's BIN: this one does nothing with it. */
const ignoreBin = (_bin: string): void => {};

function toPayment(data: BrickFormData): MercadoPagoPayment {
  return {
    token: data.token,
    payment_method_id: data.payment_method_id,
    issuer_id: data.issuer_id,
    installments: data.installments,
    transaction_amount: data.transaction_amount,
    payer: data.payer,
  };
}

/**
 * Mercado Pago's script is loaded here first: the SDK's own loader rejects a promise nobody awaits
 * when the script is blocked, and the brick then never appears nor calls onError (issue 20, defect
 * 6: a blank page). The brick is rendered once the script is here.
 */
export default function MercadoPagoCard({
  publicKey,
  amount,
  onSubmit,
  onReady,
  onUnavailable,
}: MercadoPagoCardProps) {
  const [scriptLoaded, setScriptLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    loadMercadoPagoScript().then(
      () => {
        if (live) setScriptLoaded(true);
      },
      () => {
        if (live) onUnavailable();
      },
    );
    return () => {
      live = false;
    };
  }, [onUnavailable]);

  if (!scriptLoaded) return null;
  return (
    <Brick
      publicKey={publicKey}
      amount={amount}
      onSubmit={onSubmit}
      onReady={onReady}
      onUnavailable={onUnavailable}
    />
  );
}

function Brick({ publicKey, amount, onSubmit, onReady, onUnavailable }: MercadoPagoCardProps) {
  // Before the brick's own effect runs (children's effects run first); idempotent.
  ensureInitialized(publicKey);
  const submitRef = useRef(onSubmit);
  submitRef.current = onSubmit;

  // The brick is rebuilt whenever an object or function prop changes identity: all are stable.
  const initialization = useMemo(() => ({ amount }), [amount]);
  const handleSubmit = useCallback((data: BrickFormData) => submitRef.current(toPayment(data)), []);
  const handleError = useCallback(
    (error: BrickError) => {
      if (error.type === 'critical') onUnavailable();
    },
    [onUnavailable],
  );

  return (
    <CardPayment
      initialization={initialization}
      locale="pt-BR"
      onSubmit={handleSubmit}
      onReady={onReady}
      onError={handleError}
      onBinChange={ignoreBin}
    />
  );
}

/** For tests: forget the initialized key. */
export function resetMercadoPagoForTests(): void {
  initializedKey = undefined;
}
