import { useQueryClient } from '@tanstack/react-query';
import type { LoadedSession } from '../session/start-session.ts';
import { sessionQuery } from '../session/use-session.ts';

/** Builds the WhatsApp link back to the shop's chat (digits only, per wa.me's rule). */
export function whatsAppLink(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : 'https://wa.me/';
}

/** The top-level error page: anything unexpected ends here instead of a blank screen. */
export function ErrorPage() {
  const queryClient = useQueryClient();
  const loaded = queryClient.getQueryData<LoadedSession>(sessionQuery.queryKey);
  return (
    <main id="conteudo" className="page page--bare">
      <section className="message-page" aria-labelledby="error-title">
        <h1 id="error-title">Ops! Algo de errado aconteceu</h1>
        <p>Tente abrir o link novamente ou fale com a loja pelo WhatsApp.</p>
        <a className="button" href={whatsAppLink(loaded?.settings?.whatsApp)} rel="noreferrer">
          Voltar para o WhatsApp
        </a>
      </section>
    </main>
  );
}
