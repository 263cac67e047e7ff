import ReCAPTCHA from 'react-google-recaptcha';

export type DebugCaptchaProps = {
  siteKey: string;
  /** A solved challenge's token; null when it expired. */
  onToken(token: string | null): void;
  /** Google's script could not load (offline, blocked) or the widget hit a network error. */
  onUnavailable(): void;
};

/**
 * Google reCAPTCHA v2 in Portuguese, for the debug captcha page only. This module is the lazy chunk
 * that pulls in react-google-recaptcha, which in turn loads Google's script when it mounts.
 */
export default function DebugCaptcha({ siteKey, onToken, onUnavailable }: DebugCaptchaProps) {
  return (
    <ReCAPTCHA
      sitekey={siteKey}
      hl="pt-BR"
      onChange={(token) => onToken(token)}
      onExpired={() => onToken(null)}
      onErrored={onUnavailable}
      // react-async-script passes its state ({ loaded, errored }), which the types leave out.
      asyncScriptOnLoad={(...args: unknown[]) => {
        const state = args[0] as { errored?: boolean } | undefined;
        if (state?.errored) onUnavailable();
      }}
    />
  );
}
