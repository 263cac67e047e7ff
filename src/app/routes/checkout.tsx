import { OrderPage } from '../../features/cart/components/order-page.tsx';

export default function CheckoutPage() {
  return <OrderPage title="Resumo do pedido" />;
}
