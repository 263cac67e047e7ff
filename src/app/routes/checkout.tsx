import { PageTitle } from '@/components/ui/page-title.tsx';
import { CheckoutPage } from '@/features/checkout/checkout-page.tsx';

export default function CheckoutRoute() {
  return (
    <>
      <PageTitle>Finalizar pedido</PageTitle>
      <CheckoutPage />
    </>
  );
}
