type Props = {
  /** What could not load, as a sentence ('Não foi possível carregar …'). */
  title: string;
  text: string;
  /** 'Tentar novamente': loads the provider again (absent when trying again cannot help). */
  onRetry?(): void;
  /** 'Alterar forma de pagamento'. */
  onChangeMethod(): void;
  /** The change of payment method is under way: both choices wait. */
  changingMethod: boolean;
};

/** What could not load, said once for the payment page and the captcha dialog. */
export function ProviderUnavailableMessage({ title, text }: Pick<Props, 'title' | 'text'>) {
  return (
    <div role="alert">
      <p>
        <strong>{title}</strong>
      </p>
      <p>{text}</p>
    </div>
  );
}

/** The two ways on: 'Alterar forma de pagamento' and, when it can help, 'Tentar novamente'. */
export function ProviderUnavailableActions({
  onRetry,
  onChangeMethod,
  changingMethod,
}: Omit<Props, 'title' | 'text'>) {
  return (
    <>
      <button
        type="button"
        className="button button--outline"
        onClick={onChangeMethod}
        disabled={changingMethod}
        aria-busy={changingMethod}
      >
        Alterar forma de pagamento
      </button>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry} disabled={changingMethod}>
          Tentar novamente
        </button>
      )}
    </>
  );
}

/** A payment provider's form that could not load: what happened and the two ways on. */
export function ProviderUnavailable({ title, text, ...actions }: Props) {
  return (
    <div className="provider-unavailable">
      <ProviderUnavailableMessage title={title} text={text} />
      <div className="payment-page__actions">
        <ProviderUnavailableActions {...actions} />
      </div>
    </div>
  );
}
