import { PageTitle } from '@/components/ui/page-title.tsx';
import { WHATSAPP_HOME } from '@/lib/whatsapp-link.ts';

/**
 * A chat link the backend does not know (or answers without a shop). Nothing here knows the shop, so
 * the way back is the chat itself, where a new link can be asked for.
 */
export default function InvalidSessionPage() {
  return (
    <main id="conteudo" className="page page--bare">
      <PageTitle>Sessão Inválida</PageTitle>
      <section className="message-page" aria-labelledby="invalid-session-title">
        <h1 id="invalid-session-title">Sessão Inválida</h1>
        <p>Este link não é mais válido. Volte para a conversa e peça um novo link do catálogo.</p>
        <a className="button" href={WHATSAPP_HOME} rel="noreferrer">
          Voltar para o WhatsApp
        </a>
      </section>
    </main>
  );
}
