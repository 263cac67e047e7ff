import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
  /** The payload carries the total shown when the shopper paid (`expectedTotal`). */
  onSubmit(payload: CardPayload): void;
  onInstallmentsChange(choice: { providerId: string; installments: number }): void;
};

/**
 * The shop's own card form, with the card options the server offers for the order's total. When the
 * total changes, the options are read again; meanwhile the page keeps showing the previous total
 * with its own plans (never a total with another total's plans) and the pay button waits.
 */
export function CardView({ order, enableCnpj, busy, onSubmit, onInstallmentsChange }: CardViewProps) {
  const options = useQuery({ ...cardOptionsQuery(order.totalAmout), placeholderData: keepPreviousData });
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
  const { total, options: cardOptions } = options.data;
  if (cardOptions.length === 0) {
    return <p role="alert">Nenhuma opção de cartão está disponível para este pedido.</p>;
  }
  return (
    <>
      {total != null && <OrderTotal total={total} />}
      <CardForm
        order={{ ...order, totalAmout: total }}
        cardOptions={cardOptions}
        enableCnpj={enableCnpj}
        busy={busy}
        refreshing={options.isPlaceholderData}
        onInstallmentsChange={onInstallmentsChange}
        onSubmit={(payload) => onSubmit(total == null ? payload : { ...payload, expectedTotal: total })}
      />
    </>
  );
}
