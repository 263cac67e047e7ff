import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { WHATSAPP_HOME } from '@/lib/chat-links.ts';
import { InvalidSessionError, SessionEndedError } from '@/session/start-session.ts';
import { sessionQuery } from '@/session/use-session.ts';
import { ErrorPage } from '../shell/error-pages/error-page.tsx';
import { RETURN_PARAM, safeReturnPath } from './return-path.ts';

export const TRANSFER_REFUSED_TEXT = 'Este link para abrir no navegador já foi usado ou expirou.';

/**
 * `/abrir/<token>`: the phone's own browser continues the session of the chat app's webview
 * ('Abrir no navegador', decision 0024). The page's first script opens the session with the token
 * through the one session path (session/start-session.ts), never the anonymous session; once it has
 * opened, the shopper lands on the page they were on (a same-origin path only), and the token leaves
 * the address (the navigation replaces it). A token that opens nothing (spent, expired, forged) gets a
 * page that says so, and no session.
 */
export default function TransferPage() {
  const { data, error, isError, refetch } = useQuery(sessionQuery);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const target = safeReturnPath(search.get(RETURN_PARAM), window.location.origin);

  useEffect(() => {
    if (data) navigate(target, { replace: true });
  }, [data, navigate, target]);

  if (error instanceof InvalidSessionError || error instanceof SessionEndedError) return <TransferRefused />;
  if (isError) return <ErrorPage retry={() => void refetch()} />;
  return <PageSpinner label="Abrindo sua sessão..." />;
}

/** The clear page of a transfer link that opens nothing: the way back is the chat, where it came from. */
export function TransferRefused() {
  return (
    <main id="conteudo" className="page page--bare">
      <PageTitle>Link expirado</PageTitle>
      <section className="message-page" aria-labelledby="transfer-refused-title">
        <h1 id="transfer-refused-title">Link expirado</h1>
        <p>{TRANSFER_REFUSED_TEXT}</p>
        <p>Volte para a conversa e toque em 'Abrir no navegador' de novo, ou continue comprando por lá.</p>
        <a className="button" href={WHATSAPP_HOME} rel="noreferrer">
          Voltar para o WhatsApp
        </a>
      </section>
    </main>
  );
}
