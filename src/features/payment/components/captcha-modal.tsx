import { type ComponentType, useRef } from 'react';
import {
  type CaptchaHandle,
  type CaptchaWidgetProps,
  RecaptchaWidget,
} from '@/components/recaptcha-widget.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { ProviderUnavailableActions, ProviderUnavailableMessage } from './provider-unavailable.tsx';
import { useProviderLoad } from './use-provider-load.ts';

export type { CaptchaWidgetProps } from '@/components/recaptcha-widget.tsx';

export const CAPTCHA_UNAVAILABLE_TITLE = 'Não foi possível carregar a verificação de segurança';
export const CAPTCHA_UNAVAILABLE_TEXT =
  'Confira sua conexão com a internet ou desative o bloqueador de anúncios e toque em “Tentar novamente”. Se preferir, escolha outra forma de pagamento.';

type Props = {
  /** The site key the payment's answer gave. */
  siteKey: string;
  /** The retry is under way. */
  busy: boolean;
  /** Retries the payment with the token; resolves false when it failed (the widget is then reset). */
  onToken(token: string): Promise<boolean>;
  onClose(): void;
  /** 'Alterar forma de pagamento', offered when the captcha cannot load. */
  onChangeMethod(): void;
  /** The change of payment method is under way. */
  changingMethod: boolean;
  /** The widget; tests replace Google's (no network there). */
  Captcha?: ComponentType<CaptchaWidgetProps>;
};

/**
 * The anti-fraud asks for a captcha: once solved, the payment is sent again with the key and token.
 * When the widget does not show up (Google's script blocked or too slow), the modal says so and
 * offers to try again or to change the payment method, instead of an empty dialog.
 */
export function CaptchaModal({
  siteKey,
  busy,
  onToken,
  onClose,
  onChangeMethod,
  changingMethod,
  Captcha = RecaptchaWidget,
}: Props) {
  const widget = useRef<CaptchaHandle>(null);
  const load = useProviderLoad();
  const unavailable = load.status === 'unavailable';

  async function handleToken(token: string) {
    const done = await onToken(token);
    if (!done) widget.current?.reset();
  }

  const cancel = (
    <button
      type="button"
      className="button button--outline"
      onClick={onClose}
      disabled={busy || changingMethod}
    >
      Cancelar
    </button>
  );

  return (
    <Modal
      title="Confirme que você não é um robô"
      onClose={() => {
        if (!busy && !changingMethod) onClose();
      }}
      actions={
        unavailable ? (
          <>
            {cancel}
            <ProviderUnavailableActions
              onRetry={load.retry}
              onChangeMethod={onChangeMethod}
              changingMethod={changingMethod}
            />
          </>
        ) : (
          cancel
        )
      }
    >
      {unavailable ? (
        <ProviderUnavailableMessage title={CAPTCHA_UNAVAILABLE_TITLE} text={CAPTCHA_UNAVAILABLE_TEXT} />
      ) : (
        <p>Para concluir o pagamento, resolva a verificação abaixo.</p>
      )}
      {load.status === 'loading' && <p role="status">Carregando a verificação...</p>}
      {/* Kept mounted while unavailable: a widget that arrives late still replaces the message. */}
      <Captcha
        key={load.attempt}
        ref={widget}
        siteKey={siteKey}
        onToken={(token) => {
          // null: the token expired; the widget asks again by itself.
          if (token) void handleToken(token);
        }}
        onReady={load.ready}
        onUnavailable={load.unavailable}
      />
      {busy && <p role="status">Processando...</p>}
    </Modal>
  );
}
