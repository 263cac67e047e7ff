import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { AuthorizeStore } from './components/authorize-store.tsx';

/**
 * Tray opens this page inside its admin with `url` (the store's address). Authorize sends the
 * browser to the store's authorization page, whose address the server builds from configuration.
 */
export default function TrayRegisterPage() {
  const [params] = useSearchParams();
  const storeUrl = params.get('url') ?? '';
  return (
    <main id="conteudo" className="page page--bare">
      <PageTitle>Vincular loja Tray</PageTitle>
      <section className="message-page" aria-labelledby="tray-title">
        <h1 id="tray-title">Vincular loja Tray</h1>
        {storeUrl ? (
          <AuthorizeStore storeUrl={storeUrl} />
        ) : (
          <p role="alert">Abra esta página pelo painel da sua loja Tray.</p>
        )}
      </section>
    </main>
  );
}
