import { type ComponentType, type Ref, useImperativeHandle, useRef } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';
import { Modal } from '../../../components/ui/modal.tsx';

/** What the modal needs of a captcha widget: start over after a failed attempt (tokens are single-use). */
export type CaptchaHandle = { reset(): void };

export type CaptchaWidgetProps = {
  siteKey: string;
  /** A solved challenge's token. */
  onToken(token: string): void;
  ref?: Ref<CaptchaHandle>;
};

/** Google reCAPTCHA v2 in Portuguese. It loads Google's script: mounted only inside the captcha modal. */
export function RecaptchaWidget({ siteKey, onToken, ref }: CaptchaWidgetProps) {
  const widget = useRef<ReCAPTCHA>(null);
  useImperativeHandle(ref, () => ({ reset: () => widget.current?.reset() }), []);
  return (
    <ReCAPTCHA
      ref={widget}
      sitekey={siteKey}
      hl="pt-BR"
      onChange={(token) => {
        // null: the token expired; the widget asks again by itself.
        if (token) onToken(token);
      }}
    />
  );
}

type Props = {
  /** The site key the payment's answer gave. */
  siteKey: string;
  /** The retry is under way. */
  busy: boolean;
  /** Retries the payment with the token; resolves false when it failed (the widget is then reset). */
  onToken(token: string): Promise<boolean>;
  onClose(): void;
  /** The widget; tests replace Google's (no network there). */
  Captcha?: ComponentType<CaptchaWidgetProps>;
};

/** The anti-fraud asks for a captcha: once solved, the payment is sent again with the key and token. */
export function CaptchaModal({ siteKey, busy, onToken, onClose, Captcha = RecaptchaWidget }: Props) {
  const widget = useRef<CaptchaHandle>(null);

  async function handleToken(token: string) {
    const done = await onToken(token);
    if (!done) widget.current?.reset();
  }

  return (
    <Modal
      title="Confirme que você não é um robô"
      onClose={() => {
        if (!busy) onClose();
      }}
      actions={
        <button type="button" className="button button--outline" onClick={onClose} disabled={busy}>
          Cancelar
        </button>
      }
    >
      <p>Para concluir o pagamento, resolva a verificação abaixo.</p>
      <Captcha ref={widget} siteKey={siteKey} onToken={(token) => void handleToken(token)} />
      {busy && <p role="status">Processando...</p>}
    </Modal>
  );
}
