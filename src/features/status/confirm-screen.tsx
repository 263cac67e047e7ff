import { PageTitle } from '@/components/ui/page-title.tsx';
export default function ConfirmPage() {
  return (
    <section className="message-page" aria-labelledby="confirm-title">
      <PageTitle>Pedido confirmado</PageTitle>
      <h1 id="confirm-title">Pedido confirmado, você pode fechar essa aba</h1>
      <p>Itens adicionados ao pedido</p>
    </section>
  );
}
