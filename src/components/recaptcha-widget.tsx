// Google reCAPTCHA v2, for the two screens that show it: the card payment's captcha modal and the
// debug captcha page (/recaptcha).
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';
import { loadScript } from '@/lib/load-script.ts';

/** Google calls this global once reCAPTCHA is usable (explicit rendering, in Portuguese). */
export const RECAPTCHA_CALLBACK = 'onRecaptchaScriptReady';
const RECAPTCHA_SCRIPT = `https://www.google.com/recaptcha/api.js?onload=${RECAPTCHA_CALLBACK}&render=explicit&hl=pt-BR`;

type RecaptchaWindow = Window & { grecaptcha?: { render?: unknown } };

function loadRecaptchaScript(): Promise<void> {
  return loadScript(RECAPTCHA_SCRIPT, {
    isReady: () => typeof (window as RecaptchaWindow).grecaptcha?.render === 'function',
    callbackName: RECAPTCHA_CALLBACK,
  });
}

/** Start over after a failed attempt (tokens are single-use). */
export type CaptchaHandle = { reset(): void };

export type CaptchaWidgetProps = {
  siteKey: string;
  /** A solved challenge's token; null once it has expired (the widget then asks again by itself). */
  onToken(token: string | null): void;
  /** The challenge is on the screen. */
  onReady(): void;
  /** Google's script could not load, or the widget lost the network. */
  onUnavailable(): void;
  ref?: Ref<CaptchaHandle>;
};

/**
 * Google reCAPTCHA v2 in Portuguese. Google's script is loaded first (lib/load-script.ts), so a
 * blocked script is reported, and tried again on the next mount, instead of leaving an empty box:
 * react-google-recaptcha's own loader remembers a failure for the page's lifetime. The package then
 * finds `window.grecaptcha` and only renders the challenge.
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
      onChange={onToken}
      onExpired={() => onToken(null)}
    />
  );
}
