import { OrderPage } from '../../features/cart/components/order-page.tsx';

export default function CartPage() {
  return <OrderPage title="Meu carrinho" />;
}
