import { useQueryClient } from '@tanstack/react-query';
import { whatsAppLink } from '../lib/chat-links.ts';
import type { LoadedSession } from '../session/start-session.ts';
import { sessionQuery } from '../session/use-session.ts';

/** The top-level error page: anything unexpected ends here instead of a blank screen. */
export function ErrorPage() {
  const queryClient = useQueryClient();
  const loaded = queryClient.getQueryData<LoadedSession>(sessionQuery.queryKey);
  return (
    <main id="conteudo" className="page page--bare">
      <section className="message-page" aria-labelledby="error-title">
        <h1 id="error-title">Ops! Algo de errado aconteceu</h1>
        <p>Tente abrir o link novamente ou fale com a loja pelo WhatsApp.</p>
        <a
          className="button"
          href={whatsAppLink(loaded?.settings?.whatsApp) ?? 'https://wa.me/'}
          rel="noreferrer"
        >
          Voltar para o WhatsApp
        </a>
      </section>
    </main>
  );
}
