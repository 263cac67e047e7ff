import { type ReactNode, useRef } from 'react';
import { formatBRL } from '@/lib/format.ts';
import { useKeepFieldInView } from './use-keep-field-in-view.ts';
import './window-bottom-bar.css';

type Props = {
  /** The page's own class for the bar (its columns, its look on wide screens). */
  className: string;
  /** The total shown at the bar's start; none while unknown. */
  total?: number | null;
  /** The page's own class for the total. */
  totalClassName: string;
  /** What the amount is: 'Total' (the checkout, the card page), 'Preço' (a product). */
  label?: string;
  children: ReactNode;
};

/**
 * The bar at the window's bottom on a phone (window-bottom-bar.css): 'Total' (or the page's label) and
 * its amount, then the page's action. The total is hidden from screen readers, which read it where the page states it.
 * While it covers the window's bottom, the field being typed is kept above it (use-keep-field-in-view.ts).
 */
export function WindowBottomBar({ className, total, totalClassName, label = 'Total', children }: Props) {
  const bar = useRef<HTMLDivElement>(null);
  useKeepFieldInView(bar);
  return (
    <div ref={bar} className={`window-bottom-bar ${className}`}>
      {total != null && (
        <p className={`window-bottom-bar__total ${totalClassName}`} aria-hidden="true">
          <span>{label}</span> <strong>{formatBRL(total)}</strong>
        </p>
      )}
      {children}
    </div>
  );
}
