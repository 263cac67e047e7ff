import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Channel } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { retryingImport } from '@/lib/retrying-import.ts';
import { whatsAppLink } from '@/lib/whatsapp-link.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import { closedOrderState } from '../closed-order.ts';
import { pixChargeStatus } from '../pix/carries-pix-charge.ts';
import './closed-order-notice.css';

/** The operator's Pix panel: its own chunk, loaded only for an order that carries a charge. */
const OperatorPixPanel = lazy(
  retryingImport(() =>
    import('../pix/operator-pix-panel.tsx').then((module) => ({ default: module.OperatorPixPanel })),
  ),
);

/**
 * In place of the cart or the checkout form when the order is closed (see closed-order.ts): its
 * state, why nothing can be changed, and the way on. A new order starts from a new chat link, so the
 * way on is the conversation: the WhatsApp link when the session came from WhatsApp, else the words.
 */
export function ClosedOrderNotice({ order }: { order: Order }) {
  const { session, settings, isPlatformUser } = useLoadedSession();
  const state = closedOrderState(order);
  if (!state) return null;
  const chat = session.channelType === Channel.WhatsApp ? whatsAppLink(settings?.whatsApp) : undefined;
  const pix = pixChargeStatus(order);
  return (
    <div className="closed-order">
      <h2 className="closed-order__title">{state.title}</h2>
      <p>{state.explanation}</p>
      {isPlatformUser ? (
        <p>Para vender de novo a este contato, comece um novo atendimento pela conversa.</p>
      ) : (
        <p>Para fazer um novo pedido ou mudar algo, fale com a loja pela conversa.</p>
      )}
      {isPlatformUser && pix !== undefined && (
        <Suspense fallback={null}>
          <OperatorPixPanel />
        </Suspense>
      )}
      <div className="closed-order__actions">
        {pix === 'pending' && !isPlatformUser && (
          <Link className="button" to="/finish/pix">
            Pagar com Pix
          </Link>
        )}
        {chat && !isPlatformUser && (
          <a className="button" href={chat} rel="noreferrer">
            Voltar para o WhatsApp
          </a>
        )}
        <Link className="button button--outline" to="/catalog">
          Ver o catálogo
        </Link>
      </div>
    </div>
  );
}
