import { PageTitle } from '@/components/ui/page-title.tsx';
import { WHATSAPP_HOME } from '@/lib/whatsapp-link.ts';

/**
 * The tab's session is no longer in this browser: its cookie was dropped for newer chat links (a
 * browser keeps the 30 most recently used) or its 12 hours are over. The link itself may be fine, so
 * this is not 'Sessão Inválida': opening it again from the chat starts the session anew.
 */
export default function SessionEndedPage() {
  return (
    <main id="conteudo" className="page page--bare">
      <PageTitle>Abra o link do chat novamente</PageTitle>
      <section className="message-page" aria-labelledby="session-ended-title">
        <h1 id="session-ended-title">Abra o link do chat novamente</h1>
        <p>
          A sessão desta aba foi encerrada. Volte para a conversa e toque no link que você recebeu para
          continuar de onde parou.
        </p>
        <a className="button" href={WHATSAPP_HOME} rel="noreferrer">
          Voltar para o WhatsApp
        </a>
      </section>
    </main>
  );
}
