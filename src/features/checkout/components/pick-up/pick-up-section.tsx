import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { MaskInput } from '@/components/ui/masked-field.tsx';
import { CEP_INPUT } from '@/components/ui/masks.ts';
import { isValidCep } from '@/contract/br-docs.ts';
import {
  addressLine,
  type CheckoutFormValues,
  type LogisticOption,
  type StoreAddress,
} from '@/contract/checkout.ts';
import { LogisticFormValue } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { formatBRL } from '@/lib/format.ts';
import { logisticOptionsQuery } from '../../api/list-logistic-options.ts';
import { storesQuery } from '../../api/list-stores.ts';
import { useSetLogistic } from '../../api/set-logistic.ts';
import { useSetManualLogistic } from '../../api/set-manual-logistic.ts';
import type { CheckoutScreen } from '../../lib/checkout-sections.ts';
import { lookAtStore } from '../../lib/logistic-choices.ts';
import { useShowServerChoices } from '../../lib/show-server-choices.ts';
import { useLogisticType } from '../delivery-method/logistic-type.ts';
import { useLogisticChange } from '../delivery-method/use-logistic-change.ts';
import { LogisticError, ManualFreight, messageOf, priceText } from './logistic-kit.tsx';

const STORES_FAILED = 'Falha ao carregar lojas';
const OPTIONS_FAILED = 'Falha ao carregar opções de entrega';

/**
 * Section 3, 'Retirada em loja' (delivery method 0): a CEP search ('Buscar' only for a valid CEP),
 * the stores as radio cards (name, address, 'Taxa de serviço') nearest first, and the chosen store's
 * pick-up options (name, price or 'Grátis', 'Pedido mínimo', 'Máximo de itens diferentes', 'Máximo
 * de itens'); choosing one sets it on the order. With manual logistics, a store select and the
 * manual freight instead. Failed calls show the server's message in a red block.
 */
export function PickUpSection({ ctx }: { ctx: CheckoutScreen }) {
  const logisticType = useLogisticType(ctx);
  const titleId = useId();
  if (!ctx.sections.pickUp || logisticType !== LogisticFormValue.PickUp) return null;
  return (
    <section className="checkout-section pick-up" aria-labelledby={titleId}>
      <h2 id={titleId}>Retirada em loja</h2>
      {ctx.sections.manualLogistics ? <ManualPickUp order={ctx.order} /> : <PickUpSearch ctx={ctx} />}
    </section>
  );
}

function PickUpSearch({ ctx }: { ctx: CheckoutScreen }) {
  const { control, setValue } = useFormContext<CheckoutFormValues>();
  const searched = useWatch({ control, name: 'cep' });
  const pickupAddress = useWatch({ control, name: 'pickupAddress' });
  const selectedLogistic = useWatch({ control, name: 'selectedLogistic' });
  const [cep, setCep] = useState(searched ?? '');
  const cepId = useId();
  const storesId = useId();
  const optionsId = useId();
  const setLogistic = useSetLogistic();

  const logisticChange = useLogisticChange();
  const showServerChoices = useShowServerChoices();
  const storeId = pickupAddress ?? undefined;
  const wanted = Boolean(searched) || storeId !== undefined;

  const stores = useQuery({ ...storesQuery, enabled: wanted });
  const options = useQuery({
    ...logisticOptionsQuery({ type: LogisticFormValue.PickUp, code: searched || undefined }),
    enabled: wanted,
  });
  // A CEP that is not found lists no stores: its message says what to fix.
  const showStores = wanted && !options.isError;

  const sortedStores = showStores ? nearestFirst(stores.data ?? [], options.data ?? []) : [];
  const storeOptions = (options.data ?? []).filter(
    (option) => storeId !== undefined && option.storePickUpAddress?.providerId === storeId,
  );

  function search() {
    if (!isValidCep(cep)) return;
    setValue('cep', cep, { shouldDirty: true });
  }

  function chooseStore(id: string) {
    if (id === storeId) return;
    logisticChange.apply(lookAtStore(id, ctx.order, false), LogisticFormValue.PickUp);
  }

  function chooseOption(option: LogisticOption) {
    setValue('selectedLogistic', option.providerId, { shouldDirty: true });
    setLogistic.mutate(
      { providerId: option.providerId, type: LogisticFormValue.PickUp },
      { onError: showServerChoices },
    );
  }

  const error =
    (stores.isError && messageOf(stores.error, STORES_FAILED)) ||
    (options.isError && messageOf(options.error, OPTIONS_FAILED)) ||
    (setLogistic.isError && messageOf(setLogistic.error, OPTIONS_FAILED)) ||
    undefined;

  return (
    <>
      <div className="logistic-search">
        <div className="field">
          <label htmlFor={cepId}>CEP</label>
          <MaskInput
            id={cepId}
            mask={CEP_INPUT}
            value={cep}
            onAccept={setCep}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              search();
            }}
          />
        </div>
        <button type="button" className="button" disabled={!isValidCep(cep)} onClick={search}>
          Buscar
        </button>
      </div>

      {showStores && stores.isPending && <p className="logistic-status">Buscando...</p>}

      {sortedStores.length > 0 && (
        <fieldset className="logistic-options">
          <legend id={storesId}>Lojas</legend>
          {sortedStores.map((store) => (
            <StoreCard
              key={store.providerId}
              store={store}
              name={`${storesId}-store`}
              checked={store.providerId === storeId}
              onChoose={() => store.providerId && chooseStore(store.providerId)}
            />
          ))}
        </fieldset>
      )}

      {showStores && storeId !== undefined && options.isSuccess && (
        <fieldset className="logistic-options" aria-busy={setLogistic.isPending}>
          <legend id={optionsId}>Opções de retirada</legend>
          {storeOptions.length === 0 ? (
            <p className="logistic-status">Nenhuma opção de retirada para esta loja.</p>
          ) : (
            storeOptions.map((option) => (
              <PickUpOptionCard
                key={option.providerId}
                option={option}
                name={`${optionsId}-option`}
                checked={option.providerId === selectedLogistic}
                disabled={setLogistic.isPending || logisticChange.pending}
                onChoose={() => chooseOption(option)}
              />
            ))
          )}
        </fieldset>
      )}

      <LogisticError message={error} />
    </>
  );
}

/** Stores in the order of the first pick-up option of each (the options come nearest first). */
function nearestFirst(stores: readonly StoreAddress[], options: readonly LogisticOption[]): StoreAddress[] {
  const rank = new Map<string, number>();
  for (const option of options) {
    const id = option.storePickUpAddress?.providerId;
    if (id && !rank.has(id)) rank.set(id, rank.size);
  }
  const position = (store: StoreAddress) => rank.get(store.providerId ?? '') ?? Number.MAX_SAFE_INTEGER;
  return stores.filter((store) => store.providerId).sort((a, b) => position(a) - position(b));
}

type StoreWithTax = StoreAddress & { serviceTax?: number | null };

function StoreCard({
  store,
  name,
  checked,
  onChoose,
}: {
  store: StoreWithTax;
  name: string;
  checked: boolean;
  onChoose(): void;
}) {
  const serviceTax = store.serviceTax;
  return (
    <label className="logistic-card">
      <input
        type="radio"
        name={name}
        value={store.providerId ?? undefined}
        checked={checked}
        onChange={onChoose}
      />
      <span className="logistic-card__name">{store.name}</span>
      <span />
      <ul className="logistic-card__details">
        <li>{addressLine(store)}</li>
        <li>Taxa de serviço: {priceText(serviceTax)}</li>
      </ul>
    </label>
  );
}

function PickUpOptionCard({
  option,
  name,
  checked,
  disabled,
  onChoose,
}: {
  option: LogisticOption;
  name: string;
  checked: boolean;
  disabled: boolean;
  onChoose(): void;
}) {
  const details = [
    option.orderMinPrice ? `Pedido mínimo: ${formatBRL(option.orderMinPrice)}` : undefined,
    option.maxDistinctItems ? `Máximo de itens diferentes: ${option.maxDistinctItems}` : undefined,
    option.maxItemsAmout ? `Máximo de itens: ${option.maxItemsAmout}` : undefined,
  ].filter((detail) => detail !== undefined);
  return (
    <label className="logistic-card">
      <input
        type="radio"
        name={name}
        value={option.providerId}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
      />
      <span className="logistic-card__name">{option.name}</span>
      <span className="logistic-card__price">{priceText(option.price)}</span>
      {details.length > 0 && (
        <ul className="logistic-card__details">
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </label>
  );
}

/** Manual prices and no logistics configured: a store select and the manual freight. */
function ManualPickUp({ order }: { order: Order }) {
  const { control } = useFormContext<CheckoutFormValues>();
  const pickupAddress = useWatch({ control, name: 'pickupAddress' });
  const stores = useQuery(storesQuery);
  const setManual = useSetManualLogistic();
  const logisticChange = useLogisticChange();
  const showServerChoices = useShowServerChoices();
  const selectId = useId();

  function chooseStore(id: string | undefined) {
    logisticChange.apply(lookAtStore(id, order, true), LogisticFormValue.PickUp);
  }

  const error =
    (stores.isError && messageOf(stores.error, STORES_FAILED)) ||
    (setManual.isError && messageOf(setManual.error, OPTIONS_FAILED)) ||
    undefined;

  return (
    <>
      <div className="field">
        <label htmlFor={selectId}>Loja de retirada</label>
        <select
          id={selectId}
          className="logistic-select"
          value={pickupAddress ?? ''}
          aria-busy={stores.isPending}
          onChange={(event) => chooseStore(event.target.value || undefined)}
        >
          <option value="">{stores.isPending ? 'Buscando...' : 'Selecione a loja de retirada'}</option>
          {(stores.data ?? [])
            .filter((store) => store.providerId)
            .map((store) => (
              <option key={store.providerId} value={store.providerId ?? undefined}>
                {store.name}
              </option>
            ))}
        </select>
      </div>
      {pickupAddress && (
        <ManualFreight
          key={pickupAddress}
          pending={setManual.isPending}
          onApply={(price) =>
            setManual.mutate(
              { body: { logistic: { type: LogisticFormValue.PickUp, price, providerId: pickupAddress } } },
              { onError: showServerChoices },
            )
          }
        />
      )}
      <LogisticError message={error} />
    </>
  );
}
