import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { type CheckoutFormValues, NO_PRICE_TABLE_ID } from '@/contract/checkout.ts';
import { LogisticFormValue } from '@/contract/enums.ts';
import { toast } from '@/lib/toast.ts';
import { currentOrderQuery } from '@/order/api/get-current-order.ts';
import { priceTablesQuery } from '../../api/list-price-tables.ts';
import { sellersQuery } from '../../api/list-sellers.ts';
import { useSetPriceTable } from '../../api/set-price-table.ts';
import { useSetSeller } from '../../api/set-seller.ts';
import { afterSellerChange } from '../../lib/checkout-resets.ts';
import type { CheckoutScreen } from '../../lib/checkout-sections.ts';
import { useShowServerChoices } from '../../lib/show-server-choices.ts';
import { useLogisticType } from '../delivery-method/logistic-type.ts';
import './store.css';

const SELLERS_FAILED = 'Falha ao carregar lojas';
export const PRICE_TABLE_FAILED = 'Falha ao alterar a tabela de preço';

/**
 * Section 1, 'Loja': the seller select ('Selecione a loja desejada'; choosing one resets the
 * logistic, schedule and payment choices) and, for platform users with price tables, the price-table
 * select ('Sem Tabela de preço'; a failed change goes back to none).
 */
export function StoreSection({ ctx }: { ctx: CheckoutScreen }) {
  const titleId = useId();
  if (!ctx.sections.store) return null;
  return (
    <section className="checkout-section store" aria-labelledby={titleId}>
      <h2 id={titleId}>Loja</h2>
      <div className="store__fields">
        {ctx.sections.sellerSelect && <SellerSelect ctx={ctx} />}
        {ctx.sections.priceTableSelect && <PriceTableSelect ctx={ctx} />}
      </div>
    </section>
  );
}

function SellerSelect({ ctx }: { ctx: CheckoutScreen }) {
  const { control, setValue } = useFormContext<CheckoutFormValues>();
  const selectedSeller = useWatch({ control, name: 'selectedSeller' });
  const addressIndex = useWatch({ control, name: 'deliveryAddressIndex' });
  const logisticType = useLogisticType(ctx);
  const [failure, setFailure] = useState<string>();
  const selectId = useId();
  const errorId = useId();
  const setSeller = useSetSeller();
  const showServerChoices = useShowServerChoices();

  const address = addressIndex == null ? undefined : ctx.session.userShop?.addresses?.[addressIndex];
  const code = logisticType === LogisticFormValue.Delivery ? address?.zipCode || undefined : undefined;
  const sellers = useQuery(sellersQuery({ type: logisticType ?? LogisticFormValue.Delivery, code }));

  const orderSeller = ctx.order.seller?.providerId ?? undefined;
  const value = selectedSeller ?? orderSeller ?? '';
  const list = (sellers.data ?? []).filter((seller) => seller.providerId);
  // The chosen seller stays visible while the list is loading or does not hold it.
  const chosenMissing = value !== '' && !list.some((seller) => seller.providerId === value);

  function choose(providerId: string) {
    if (!providerId || providerId === value) return;
    setFailure(undefined);
    for (const [name, reset] of Object.entries(afterSellerChange())) {
      setValue(name as keyof CheckoutFormValues, reset, { shouldDirty: true });
    }
    setValue('selectedSeller', providerId, { shouldDirty: true });
    setSeller.mutate(providerId, {
      onError: (error) => {
        setFailure(error.message || 'Falha ao alterar a loja');
        // Nothing changed on the order: its seller, logistic, schedule and payment come back.
        showServerChoices();
      },
    });
  }

  const described = [failure && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field">
      <label htmlFor={selectId}>Loja</label>
      <select
        id={selectId}
        className="store__select"
        value={value}
        disabled={setSeller.isPending}
        aria-busy={sellers.isFetching || setSeller.isPending}
        aria-invalid={failure ? true : undefined}
        aria-describedby={described}
        onChange={(event) => choose(event.target.value)}
      >
        <option value="" disabled={value !== ''}>
          {sellers.isPending ? 'Buscando...' : 'Selecione a loja desejada'}
        </option>
        {chosenMissing && <option value={value}>{ctx.order.seller?.name ?? value}</option>}
        {list.map((seller) => (
          <option key={seller.providerId} value={seller.providerId ?? undefined}>
            {seller.name}
          </option>
        ))}
      </select>
      {failure && (
        <span id={errorId} className="store__error" role="alert">
          {failure}
        </span>
      )}
      {sellers.isError && (
        <span className="store__warning" role="alert">
          {SELLERS_FAILED}
          {sellers.error.message && sellers.error.message !== SELLERS_FAILED
            ? `: ${sellers.error.message}`
            : ''}
        </span>
      )}
    </div>
  );
}

function PriceTableSelect({ ctx }: { ctx: CheckoutScreen }) {
  const { control, setValue } = useFormContext<CheckoutFormValues>();
  const priceTableId = useWatch({ control, name: 'priceTableId' });
  const tables = useQuery({ ...priceTablesQuery, enabled: ctx.sections.priceTableSelect });
  const setPriceTable = useSetPriceTable();
  const showServerChoices = useShowServerChoices();
  const queryClient = useQueryClient();
  const reloadOrder = () =>
    queryClient.refetchQueries({ queryKey: currentOrderQuery.queryKey }).catch(() => undefined);
  const selectId = useId();

  const value = priceTableId || ctx.order.providerPriceTableId || NO_PRICE_TABLE_ID;

  // A failed change goes back to none (spec section 4) on the order too, so the prices shown are the
  // ones charged; if even that fails, the select shows the table the order still holds.
  function choose(id: string) {
    if (id === value) return;
    setValue('priceTableId', id, { shouldDirty: true });
    setPriceTable.mutate(id, {
      onError: () => {
        toast.error(PRICE_TABLE_FAILED);
        setValue('priceTableId', NO_PRICE_TABLE_ID, { shouldDirty: true });
        setPriceTable.mutate(NO_PRICE_TABLE_ID, {
          onError: () => void reloadOrder().then(showServerChoices),
        });
      },
    });
  }

  return (
    <div className="field">
      <label htmlFor={selectId}>Tabela de preço</label>
      <select
        id={selectId}
        className="store__select"
        value={value}
        disabled={setPriceTable.isPending}
        aria-busy={tables.isFetching || setPriceTable.isPending}
        onChange={(event) => choose(event.target.value)}
      >
        <option value={NO_PRICE_TABLE_ID}>Sem Tabela de preço</option>
        {(tables.data ?? [])
          .filter((table) => table.id !== NO_PRICE_TABLE_ID)
          .map((table) => (
            <option key={table.id} value={table.id}>
              {table.name ?? table.id}
            </option>
          ))}
      </select>
    </div>
  );
}
