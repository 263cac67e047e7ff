type Props = {
  title: string;
  text: string;
  /** The way back to the session's chat, when it has an address (WhatsApp). */
  chat: { href: string; label: string } | undefined;
};

/** The order cannot be paid here ('Método de pagamento não encontrado', '… não é cartão de crédito'). */
export function MethodProblem({ title, text, chat }: Props) {
  return (
    <div className="message-page">
      <p role="alert">
        <strong>{title}</strong>
      </p>
      <p>{text}</p>
      {chat && (
        <a className="button" href={chat.href} rel="noreferrer">
          {chat.label}
        </a>
      )}
    </div>
  );
}
