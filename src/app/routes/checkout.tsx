import { CheckoutPage } from '../../features/checkout/checkout-page.tsx';

export default function CheckoutRoute() {
  return <CheckoutPage />;
}
