import type { Channel } from '@/contract/enums.ts';
import { backToChatLink, chatName } from '@/lib/chat-links.ts';
import { PAYMENT_MESSAGES } from './payment-view.ts';
import { useChooseAnotherMethod } from './use-choose-another-method.ts';

type Props = {
  channel: Channel | null | undefined;
  /** The shop's WhatsApp number (the way back on that channel). */
  whatsApp: string | null | undefined;
};

/**
 * The payment's window has closed: a final state. No form is offered (every attempt would be
 * refused); the shopper may choose another method or go back to the chat. An expired payment was
 * never approved, so nothing was charged.
 */
export function PaymentExpired({ channel, whatsApp }: Props) {
  const { chooseAnotherMethod, changing } = useChooseAnotherMethod();
  const chat = backToChatLink(channel, whatsApp);
  return (
    <div className="message-page">
      <p role="alert">
        <strong>{PAYMENT_MESSAGES.expired}</strong>
      </p>
      <p>
        Este pagamento não pode mais ser concluído e nada foi cobrado. Escolha outra forma de pagamento ou
        volte para {chatName(channel)} para falar com a loja.
      </p>
      <div className="payment-page__actions">
        <button
          type="button"
          className="button"
          onClick={chooseAnotherMethod}
          disabled={changing}
          aria-busy={changing}
        >
          Alterar forma de pagamento
        </button>
        {chat && (
          <a className="button button--outline" href={chat.href} rel="noreferrer">
            {chat.label}
          </a>
        )}
      </div>
    </div>
  );
}
