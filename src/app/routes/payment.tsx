import { PaymentPage } from '../../features/payment/components/payment-page.tsx';

export default function PaymentRoute() {
  return <PaymentPage />;
}
