import { chatName } from '@/lib/chat-links.ts';
import { useBackToChat } from '@/session/use-back-to-chat.ts';
import { PAYMENT_MESSAGES } from './payment-view.ts';
import { useChooseAnotherMethod } from './use-choose-another-method.ts';

/**
 * The payment's window has closed: a final state. No form is offered (every attempt would be
 * refused); the shopper may choose another method or go back to the chat. An expired payment was
 * never approved, so nothing was charged. The way back leads to the session's own chat.
 */
export function PaymentExpired() {
  const { chooseAnotherMethod, changing } = useChooseAnotherMethod();
  const { chat, channel } = useBackToChat();
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
