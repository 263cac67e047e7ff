import { PageTitle } from '@/components/ui/page-title.tsx';
import { useToastOnce } from './use-toast-once.ts';

export default function ChangePaymentPage() {
  useToastOnce('warning', 'Você pode fechar essa aba para alterar a forma de pagamento', 'change-payment');
  return (
    <section className="message-page" aria-labelledby="change-payment-title">
      <PageTitle>Aguardando alteração...</PageTitle>
      <h1 id="change-payment-title">Aguardando alteração...</h1>
    </section>
  );
}
