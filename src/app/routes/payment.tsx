import { OrderPage } from '../../features/cart/components/order-page.tsx';

export default function PaymentPage() {
  return <OrderPage title="Pagamento" />;
}
