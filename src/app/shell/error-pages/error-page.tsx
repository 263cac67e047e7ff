import { useQueryClient } from '@tanstack/react-query';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { WHATSAPP_HOME, whatsAppLink } from '@/lib/whatsapp-link.ts';
import type { LoadedSession } from '@/session/start-session.ts';
import { sessionQuery } from '@/session/use-session.ts';

/**
 * The top-level error page: anything unexpected ends here instead of a blank screen. With `retry`
 * (the session could not be loaded: no connection, the backend down) it offers to try again too.
 */
export function ErrorPage({ retry }: { retry?: () => void }) {
  const queryClient = useQueryClient();
  const loaded = queryClient.getQueryData<LoadedSession>(sessionQuery.queryKey);
  return (
    <main id="conteudo" className="page page--bare">
      <PageTitle>Ops! Algo de errado aconteceu</PageTitle>
      <section className="message-page" aria-labelledby="error-title">
        <h1 id="error-title">Ops! Algo de errado aconteceu</h1>
        <p>Tente abrir o link novamente ou fale com a loja pelo WhatsApp.</p>
        {retry && (
          <button type="button" className="button" onClick={retry}>
            Tentar novamente
          </button>
        )}
        <a
          className="button"
          href={whatsAppLink(loaded?.settings?.whatsApp) ?? WHATSAPP_HOME}
          rel="noreferrer"
        >
          Voltar para o WhatsApp
        </a>
      </section>
    </main>
  );
}
