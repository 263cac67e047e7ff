import { PageTitle } from '@/components/ui/page-title.tsx';
import { PaymentPage } from '@/features/payment/components/payment-page.tsx';

export default function PaymentRoute() {
  return (
    <>
      <PageTitle>Pagamento</PageTitle>
      <PaymentPage />
    </>
  );
}
