import { type ComponentType, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { CaptchaWidgetProps } from '@/components/recaptcha-widget.tsx';
import { PageTitle } from '@/components/ui/page-title.tsx';

/** Shown instead of the widget when its chunk cannot be fetched either. */
function ChunkUnavailable({ onUnavailable }: CaptchaWidgetProps) {
  useEffect(() => onUnavailable(), [onUnavailable]);
  return null;
}

// The payment's widget, in a chunk fetched only once the captcha is shown: react-google-recaptcha and
// Google's script stay off every other page and off this one until asked for.
const RecaptchaWidget = lazy(
  (): Promise<{ default: ComponentType<CaptchaWidgetProps> }> =>
    import('@/components/recaptcha-widget.tsx').then(
      (module) => ({ default: module.RecaptchaWidget }),
      () => ({ default: ChunkUnavailable }),
    ),
);

const LOADING = 'Carregando captcha...';
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
  const [ready, setReady] = useState(false);
  // Stable, so the widget loads Google's script once per mount.
  const onReady = useCallback(() => setReady(true), []);
  const onUnavailable = useCallback(() => setUnavailable(true), []);

  function toggle() {
    setShown((was) => !was);
    setUnavailable(false);
    setReady(false);
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
            setReady(false);
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
        <Suspense fallback={<p role="status">{LOADING}</p>}>
          {!ready && <p role="status">{LOADING}</p>}
          {/* A new key is a new widget: Google renders a widget once per key. */}
          <RecaptchaWidget
            key={siteKey}
            siteKey={siteKey}
            onToken={setToken}
            onReady={onReady}
            onUnavailable={onUnavailable}
          />
        </Suspense>
      )}
      {shown && unavailable && <p role="alert">{UNAVAILABLE}</p>}
      {token && <p style={{ overflowWrap: 'anywhere' }}>Token: {token}</p>}
    </section>
  );
}
