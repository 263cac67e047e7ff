import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import type { CardPaymentPayload } from '@/contract/checkout.ts';
import type { Order } from '@/contract/order.ts';
import { cardOptionsQuery } from '../api/list-card-options.ts';
import { CardForm } from './card-form/card-form.tsx';
import { OrderTotal } from './order-total.tsx';

type CardPayload = Omit<CardPaymentPayload, 'recaptchaKey' | 'recaptchaToken'>;

export type CardViewProps = {
  order: Order;
  enableCnpj: boolean;
  busy: boolean;
  onSubmit(payload: CardPayload): void;
  onInstallmentsChange(choice: { providerId: string; installments: number }): void;
};

/** The shop's own card form, with the card options the server offers for the order. */
export function CardView({ order, enableCnpj, busy, onSubmit, onInstallmentsChange }: CardViewProps) {
  const options = useQuery(cardOptionsQuery);
  if (options.isPending) return <PageSpinner label="Carregando as opções de cartão..." />;
  if (!options.data) {
    return (
      <div className="message-page">
        <p role="alert">{options.error?.message ?? 'Falha ao carregar as opções de cartão'}</p>
        <button type="button" className="button" onClick={() => void options.refetch()}>
          Tentar novamente
        </button>
      </div>
    );
  }
  if (options.data.length === 0) {
    return <p role="alert">Nenhuma opção de cartão está disponível para este pedido.</p>;
  }
  return (
    <>
      {order.totalAmout != null && <OrderTotal total={order.totalAmout} />}
      <CardForm
        order={order}
        cardOptions={options.data}
        enableCnpj={enableCnpj}
        busy={busy}
        onInstallmentsChange={onInstallmentsChange}
        onSubmit={onSubmit}
      />
    </>
  );
}
