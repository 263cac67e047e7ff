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

/** A payment provider's form that could not load: what happened and the two ways on. */
export function ProviderUnavailable({ title, text, onRetry, onChangeMethod, changingMethod }: Props) {
  return (
    <div className="provider-unavailable">
      <div role="alert">
        <p>
          <strong>{title}</strong>
        </p>
        <p>{text}</p>
      </div>
      <div className="payment-page__actions">
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
      </div>
    </div>
  );
}
