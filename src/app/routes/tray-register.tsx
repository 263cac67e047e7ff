import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getTrayAuthorizeUrl } from '../../features/tray/api/get-authorize-url.ts';

/**
 * Tray opens this page inside its admin with `url` (the store's address). Authorize sends the
 * browser to the store's authorization page, whose address the server builds from configuration.
 */
export default function TrayRegisterPage() {
  const [params] = useSearchParams();
  const storeUrl = params.get('url') ?? '';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function authorize() {
    setBusy(true);
    setError(undefined);
    try {
      window.location.assign(await getTrayAuthorizeUrl(storeUrl));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <main id="conteudo" className="page page--bare">
      <section className="message-page" aria-labelledby="tray-title">
        <h1 id="tray-title">Vincular loja Tray</h1>
        {storeUrl ? (
          <>
            <p>
              Loja: <strong>{storeUrl}</strong>
            </p>
            <button type="button" className="button" onClick={authorize} disabled={busy}>
              {busy ? 'Redirecionando...' : 'Autorizar'}
            </button>
            {error && <p role="alert">{error}</p>}
          </>
        ) : (
          <p role="alert">Abra esta página pelo painel da sua loja Tray.</p>
        )}
      </section>
    </main>
  );
}
