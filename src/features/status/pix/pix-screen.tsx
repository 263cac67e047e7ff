import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { CopyCode } from '@/components/ui/copy-code.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import type { Channel } from '@/contract/enums.ts';
import { type ChatLink, chatName } from '@/lib/chat-links.ts';
import { formatBRL } from '@/lib/format.ts';
import { brCodeMerchantName } from '@/order/pix/br-code.ts';
import { OperatorPixPanel } from '@/order/pix/operator-pix-panel.tsx';
import { hasNoCharge, type ReadPixCharge, usePixCharge, useRenewPixCharge } from '@/order/pix/pix-charge.ts';
import { PixQr } from '@/order/pix/pix-qr.tsx';
import { countdownAnnouncement, formatCountdown, useCountdown } from '@/order/pix/use-countdown.ts';
import { useBackToChat } from '@/session/use-back-to-chat.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import './pix-screen.css';

type View = 'pending' | 'paid' | 'expired' | 'canceled';

const TITLES: Readonly<Record<View, string>> = {
  pending: 'Pague com Pix',
  paid: 'Pagamento recebido',
  expired: 'Pix expirado',
  canceled: 'Pedido cancelado',
};

/**
 * The Pix page (issue 36): the order's charge where the shopper is. On a phone 'Copiar código Pix'
 * comes first and the QR code second; on a wide screen the QR code first. The charge is read on load
 * (a reload, or the chat link opened again, shows the same charge and the same countdown) and polled
 * while payable; paid → 'Pagamento recebido' and the way back to the chat; expired → 'Gerar novo Pix'.
 * The operator sees the charge's status and sends the code to the chat. Without a charge (a backend
 * without the extension) this is the spec's 'Pedido finalizado' page.
 */
export function PixPage() {
  const { isPlatformUser } = useLoadedSession();
  const charge = usePixCharge();
  const data = charge.data;

  if (!data) {
    if (charge.error && hasNoCharge(charge.error)) return <Navigate to="/finish" replace />;
    if (charge.error) {
      return (
        <section className="message-page" aria-labelledby="pix-title">
          <h1 id="pix-title">Pix</h1>
          <p role="alert">{charge.error.message}</p>
          <button type="button" className="button" onClick={charge.readNow}>
            Tentar novamente
          </button>
        </section>
      );
    }
    return <PageSpinner label="Carregando o Pix..." />;
  }
  if (isPlatformUser) {
    return (
      <section className="pix-page" aria-labelledby="pix-title">
        <PageTitle>Pix do pedido</PageTitle>
        <h1 id="pix-title">Pix do pedido</h1>
        <OperatorPixPanel title="Status do Pix" />
      </section>
    );
  }
  return <ShopperPix charge={data} readNow={charge.readNow} orderChanged={charge.orderChanged} />;
}

type ShopperProps = {
  charge: ReadPixCharge;
  readNow(): void;
  orderChanged(): void;
};

function ShopperPix({ charge, readNow, orderChanged }: ShopperProps) {
  // The way back to the session's own chat: WhatsApp, Messenger, Instagram or the site's chat.
  const { chat, channel } = useBackToChat();
  const left = useCountdown(charge, readNow);
  // Run out on the phone (on the server's clock): not payable any more, while the server is read again.
  const view: View = charge.status === 'pending' && left === 0 ? 'expired' : charge.status;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownBefore = useRef<View>(view);
  useEffect(() => {
    if (shownBefore.current === view) return;
    shownBefore.current = view;
    // The page changed under the shopper: its heading says how, and takes the focus.
    headingRef.current?.focus();
    if (view === 'paid' || view === 'canceled') orderChanged();
  }, [view, orderChanged]);

  const shop = brCodeMerchantName(charge.brCode);
  const amount = formatBRL(charge.amount);

  return (
    <section className={`pix-page pix-page--${view}`} aria-labelledby="pix-title">
      <PageTitle>{TITLES[view]}</PageTitle>
      <h1 id="pix-title" ref={headingRef} tabIndex={-1}>
        {TITLES[view]}
      </h1>
      {view === 'pending' && left !== undefined && (
        <PendingPix charge={charge} amount={amount} shop={shop} left={left} chat={chat} />
      )}
      {view === 'paid' && (
        <>
          <p className="pix-page__lead">
            {shop ?? 'A loja'} recebeu o seu pagamento de <strong>{amount}</strong>. Obrigado!
          </p>
          <BackToChat chat={chat} channel={channel} />
        </>
      )}
      {view === 'expired' && <ExpiredPix amount={amount} chat={chat} />}
      {view === 'canceled' && (
        <>
          <p className="pix-page__lead">Este pedido foi cancelado e não pode mais ser pago.</p>
          <BackToChat chat={chat} channel={channel} />
        </>
      )}
    </section>
  );
}

function PendingPix({
  charge,
  amount,
  shop,
  left,
  chat,
}: {
  charge: ReadPixCharge;
  amount: string;
  shop: string | undefined;
  left: number;
  chat: ChatLink | undefined;
}) {
  return (
    <>
      <p className="pix-page__amount">
        <span className="pix-page__value">{amount}</span>
        {shop && (
          <span>
            {' '}
            para <strong>{shop}</strong>
          </span>
        )}
      </p>
      <p className="pix-page__time">
        Expira em <span className="pix-page__clock">{formatCountdown(left)}</span>
        <span className="visually-hidden" aria-live="polite">
          {countdownAnnouncement(left)}
        </span>
      </p>
      <div className="pix-page__pay">
        <div className="pix-page__copy">
          <CopyCode code={charge.brCode} buttonLabel="Copiar código Pix" fieldLabel="Código Pix copia e cola">
            <p className="pix-page__hint">
              Abra o app do seu banco, escolha Pix copia e cola e cole o código. Esta página mostra quando o
              pagamento chegar.
            </p>
            {chat && (
              <a className="button button--outline pix-page__chat" href={chat.href} rel="noreferrer">
                {chat.label}
              </a>
            )}
          </CopyCode>
        </div>
        <figure className="pix-page__qr">
          <PixQr brCode={charge.brCode} />
          <figcaption>Ou escaneie o QR Code com o app do banco.</figcaption>
        </figure>
      </div>
    </>
  );
}

function ExpiredPix({ amount, chat }: { amount: string; chat: ChatLink | undefined }) {
  const renew = useRenewPixCharge();
  return (
    <>
      <p className="pix-page__lead">
        O código deste Pix não pode mais ser pago e nada foi cobrado. Gere um novo Pix para pagar{' '}
        <strong>{amount}</strong>.
      </p>
      <button
        type="button"
        className="button pix-page__renew"
        disabled={renew.isPending}
        aria-busy={renew.isPending}
        onClick={() => renew.mutate()}
      >
        Gerar novo Pix
      </button>
      {renew.error && <p role="alert">{renew.error.message}</p>}
      {chat && (
        <a className="button button--outline pix-page__chat" href={chat.href} rel="noreferrer">
          {chat.label}
        </a>
      )}
    </>
  );
}

function BackToChat({ chat, channel }: { chat: ChatLink | undefined; channel: Channel | null | undefined }) {
  return chat ? (
    <a className="button pix-page__chat" href={chat.href} rel="noreferrer">
      {chat.label}
    </a>
  ) : (
    <p>Você já pode fechar esta aba e voltar para {chatName(channel)}.</p>
  );
}

/** The route's screen (features/status/finish-screen.tsx loads it lazily on /finish/pix). */
export default function PixRoute() {
  return <PixPage />;
}
