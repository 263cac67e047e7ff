import { PageTitle } from '@/components/ui/page-title.tsx';
import { StoreLinkForm } from './components/store-link-form.tsx';
import { useTrayAuthorizationOnce } from './lib/callback-query.ts';

/**
 * Tray returns here with the store's authorization (store, adm_user, code, api_address,
 * store_host); linking the store to a chatbot completes the flow. The query is read once and then
 * removed from the address bar.
 */
export default function TrayCallbackPage() {
  const authorization = useTrayAuthorizationOnce();
  return (
    <main id="conteudo" className="page page--bare">
      <PageTitle>Vincular loja Tray</PageTitle>
      <section className="message-page" aria-labelledby="tray-callback-title">
        <h1 id="tray-callback-title">Vincular loja Tray</h1>
        {authorization ? (
          <StoreLinkForm authorization={authorization} />
        ) : (
          <p role="alert">
            Autorização da Tray ausente ou incompleta. Abra esta página pelo painel da sua loja Tray.
          </p>
        )}
      </section>
    </main>
  );
}
