import { useState } from 'react';

/**
 * The debug captcha page of the spec: enter a site key, toggle the display, see the token.
 * The widget itself arrives with the card payment page (it loads Google's script, which only
 * that page and this one may do).
 */
export default function RecaptchaDebugPage() {
  const [siteKey, setSiteKey] = useState('');
  return (
    <section className="message-page" aria-labelledby="recaptcha-title">
      <h1 id="recaptcha-title">Teste de captcha</h1>
      <label className="field">
        <span>Chave do site</span>
        <input
          value={siteKey}
          onChange={(event) => setSiteKey(event.target.value.trim())}
          autoComplete="off"
        />
      </label>
    </section>
  );
}
