import { useEffect, useRef } from 'react';
import { formatBRL } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { hasNoCharge, PIX_STATUS_TEXT, usePixCharge, useSendPixCharge } from './pix-charge.ts';
import { formatCountdown, useCountdown } from './use-countdown.ts';
import './pix.css';

export const PIX_SENT_MESSAGE = 'Código Pix enviado para o contato.';

/**
 * The operator's view of the order's Pix charge: its status, live (the same polling as the shopper's
 * page), the amount, the time left, and 'Enviar código Pix' (the backend sends the code to the
 * contact's chat) while it is payable. Nothing when the backend has no charge for the order.
 */
export function OperatorPixPanel({ title = 'Pix do pedido' }: { title?: string }) {
  const charge = usePixCharge();
  const send = useSendPixCharge();
  const data = charge.data;
  const left = useCountdown(data, charge.readNow);
  const settled = data !== undefined && data.status !== 'pending';
  const { orderChanged } = charge;
  const announced = useRef(false);
  useEffect(() => {
    // Paid or canceled: the order changed too (the checkout shows its new state).
    if (settled && !announced.current) {
      announced.current = true;
      orderChanged();
    }
  }, [settled, orderChanged]);

  if (!data) {
    if (charge.error && !hasNoCharge(charge.error)) {
      return (
        <p className="operator-pix" role="alert">
          {charge.error.message}
        </p>
      );
    }
    return null;
  }
  // Run out here: expired, while the server is read again.
  const shown = data.status === 'pending' && left === 0 ? 'expired' : data.status;
  const pending = shown === 'pending';
  return (
    <section className="operator-pix" aria-labelledby="operator-pix-title">
      <h2 id="operator-pix-title">{title}</h2>
      <p role="status">
        Status: <strong>{PIX_STATUS_TEXT[shown]}</strong>
      </p>
      <p>
        Valor: <strong>{formatBRL(data.amount)}</strong>
      </p>
      {pending && left !== undefined && (
        <p>
          Expira em <span className="operator-pix__time">{formatCountdown(left)}</span>
        </p>
      )}
      {pending && (
        <button
          type="button"
          className="button"
          disabled={send.isPending}
          aria-busy={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: () => toast.success(PIX_SENT_MESSAGE, { id: 'pix-code-sent' }),
            })
          }
        >
          Enviar código Pix
        </button>
      )}
      {send.error && <p role="alert">{send.error.message}</p>}
    </section>
  );
}
