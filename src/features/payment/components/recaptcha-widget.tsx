import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';
import { loadRecaptchaScript } from '../lib/provider-scripts.ts';

/** What the modal needs of a captcha widget: start over after a failed attempt (tokens are single-use). */
export type CaptchaHandle = { reset(): void };

export type CaptchaWidgetProps = {
  siteKey: string;
  /** A solved challenge's token. */
  onToken(token: string): void;
  /** The challenge is on the screen. */
  onReady(): void;
  /** Google's script could not load, or the widget lost the network. */
  onUnavailable(): void;
  ref?: Ref<CaptchaHandle>;
};

/**
 * Google reCAPTCHA v2 in Portuguese. Google's script is loaded first (loadRecaptchaScript), so a
 * blocked script is reported instead of leaving an empty dialog; react-google-recaptcha then finds
 * `window.grecaptcha` and only renders the challenge. Mounted only inside the captcha modal.
 */
export function RecaptchaWidget({ siteKey, onToken, onReady, onUnavailable, ref }: CaptchaWidgetProps) {
  const widget = useRef<ReCAPTCHA>(null);
  const [loaded, setLoaded] = useState(false);
  useImperativeHandle(ref, () => ({ reset: () => widget.current?.reset() }), []);

  useEffect(() => {
    let live = true;
    loadRecaptchaScript().then(
      () => {
        if (!live) return;
        setLoaded(true);
        onReady();
      },
      () => {
        if (live) onUnavailable();
      },
    );
    return () => {
      live = false;
    };
  }, [onReady, onUnavailable]);

  if (!loaded) return null;
  return (
    <ReCAPTCHA
      ref={widget}
      sitekey={siteKey}
      hl="pt-BR"
      onErrored={onUnavailable}
      onChange={(token) => {
        // null: the token expired; the widget asks again by itself.
        if (token) onToken(token);
      }}
    />
  );
}
