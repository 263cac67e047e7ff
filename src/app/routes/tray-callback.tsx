import { useSearchParams } from 'react-router-dom';

/** Tray returns here with the store's authorization; linking it to a chatbot completes the flow. */
export default function TrayCallbackPage() {
  const [params] = useSearchParams();
  const store = params.get('store');
  return (
    <main id="conteudo" className="page page--bare">
      <section className="message-page" aria-labelledby="tray-callback-title">
        <h1 id="tray-callback-title">Vincular loja Tray</h1>
        {store ? (
          <p>Loja {store} autorizada.</p>
        ) : (
          <p role="alert">Autorização da Tray ausente. Abra esta página pelo painel da sua loja Tray.</p>
        )}
      </section>
    </main>
  );
}
