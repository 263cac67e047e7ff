import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { PageTitle } from '@/components/ui/page-title.tsx';
import type { DebugCaptchaProps } from './recaptcha-widget.tsx';

/** Shown instead of the widget when its chunk cannot be fetched either. */
function ChunkUnavailable({ onUnavailable }: DebugCaptchaProps) {
  useEffect(() => onUnavailable(), [onUnavailable]);
  return null;
}

// Its own chunk, fetched only once the captcha is shown: react-google-recaptcha and Google's script
// stay off every other page and off this one until asked for.
const DebugCaptcha = lazy(
  (): Promise<{ default: ComponentType<DebugCaptchaProps> }> =>
    import('./recaptcha-widget.tsx').catch(() => ({ default: ChunkUnavailable })),
);

const UNAVAILABLE =
  'Não foi possível carregar o captcha do Google. Verifique a conexão (ou um bloqueador) e recarregue a página.';

/**
 * The debug captcha page of the spec: enter a site key, toggle the display, see the token.
 * Without network (or with Google's script blocked) the page stays usable and says so.
 */
export default function RecaptchaDebugPage() {
  const [siteKey, setSiteKey] = useState('');
  const [shown, setShown] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);

  function toggle() {
    setShown((was) => !was);
    setUnavailable(false);
  }

  return (
    <section className="message-page" aria-labelledby="recaptcha-title">
      <PageTitle>Teste de captcha</PageTitle>
      <h1 id="recaptcha-title">Teste de captcha</h1>
      <label className="field">
        <span>Chave do site</span>
        <input
          value={siteKey}
          onChange={(event) => {
            setSiteKey(event.target.value.trim());
            setToken(null);
            setUnavailable(false);
          }}
          autoComplete="off"
        />
      </label>
      <button
        type="button"
        className="button button--outline"
        onClick={toggle}
        disabled={!shown && siteKey === ''}
        aria-expanded={shown}
      >
        {shown ? 'Ocultar captcha' : 'Mostrar captcha'}
      </button>
      {shown && siteKey !== '' && !unavailable && (
        <Suspense fallback={<p role="status">Carregando captcha...</p>}>
          {/* A new key is a new widget: Google renders a widget once per key. */}
          <DebugCaptcha
            key={siteKey}
            siteKey={siteKey}
            onToken={setToken}
            onUnavailable={() => setUnavailable(true)}
          />
        </Suspense>
      )}
      {shown && unavailable && <p role="alert">{UNAVAILABLE}</p>}
      {token && <p style={{ overflowWrap: 'anywhere' }}>Token: {token}</p>}
    </section>
  );
}
