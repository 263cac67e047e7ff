import { useEffect, useId, useRef, useState } from 'react';
import { InfoIcon } from '@/components/ui/icons.tsx';
import type { Order } from '@/contract/order.ts';
import { formatBRL } from '@/lib/format.ts';

/** The order-limits dropdown of the top bar: shown only when the order has a limit. */
export function OrderLimits({ logistic }: { logistic: Order['logistic'] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event instanceof MouseEvent && wrapper.current?.contains(event.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const rows: string[] = [];
  if (logistic?.maxDistinctItems) rows.push(`Máximo de itens distintos: ${logistic.maxDistinctItems}`);
  if (logistic?.maxItemsAmout) rows.push(`Máximo de itens: ${logistic.maxItemsAmout}`);
  if (logistic?.orderMinPrice) rows.push(`Valor mínimo: ${formatBRL(logistic.orderMinPrice)}`);
  if (rows.length === 0) return null;

  return (
    <div className="order-limits" ref={wrapper}>
      <button
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Limites do pedido"
        onClick={() => setOpen((value) => !value)}
      >
        <InfoIcon />
      </button>
      {open && (
        <ul id={panelId} className="order-limits__panel">
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
