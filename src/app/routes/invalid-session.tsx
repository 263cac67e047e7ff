export default function InvalidSessionPage() {
  return (
    <main id="conteudo" className="page page--bare">
      <section className="message-page" aria-labelledby="invalid-session-title">
        <h1 id="invalid-session-title">Sessão Inválida</h1>
        <p>Este link não é mais válido. Volte para a conversa e peça um novo link do catálogo.</p>
      </section>
    </main>
  );
}
