import type { ComponentType } from 'react';
import type { MercadoPagoPayment } from '@/contract/checkout.ts';
import type { Order } from '@/contract/order.ts';
import { BRICK_UNAVAILABLE, type MercadoPagoBrickProps } from './mercado-pago-brick.tsx';
import { OrderTotal } from './order-total.tsx';
import { ProviderUnavailable } from './provider-unavailable.tsx';

export type MercadoPagoViewProps = {
  order: Order;
  publicKey: string | null | undefined;
  Brick: ComponentType<MercadoPagoBrickProps>;
  onSubmit(form: MercadoPagoPayment): Promise<void>;
  onChangeMethod(): void;
  changingMethod: boolean;
};

/** The order's total and the Mercado Pago brick, or why the brick cannot show. */
export function MercadoPagoView({
  order,
  publicKey,
  Brick,
  onSubmit,
  onChangeMethod,
  changingMethod,
}: MercadoPagoViewProps) {
  if (order.totalAmout == null) {
    return <p role="alert">Não foi possível carregar o total do pedido. Tente novamente.</p>;
  }
  return (
    <>
      <OrderTotal total={order.totalAmout} />
      {publicKey ? (
        <Brick
          publicKey={publicKey}
          amount={order.totalAmout}
          onSubmit={onSubmit}
          onChangeMethod={onChangeMethod}
          changingMethod={changingMethod}
        />
      ) : (
        // Without the shop's public key the brick cannot load, whatever the network.
        <ProviderUnavailable
          title={BRICK_UNAVAILABLE}
          text="A loja ainda não concluiu a configuração do Mercado Pago. Escolha outra forma de pagamento."
          onChangeMethod={onChangeMethod}
          changingMethod={changingMethod}
        />
      )}
    </>
  );
}
