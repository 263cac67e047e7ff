import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { CEP_MASK } from '../../../../components/ui/masks.ts';
import { isValidCep } from '../../../../contract/br-docs.ts';
import {
  addressLine,
  type CheckoutFormValues,
  type LogisticOption,
  type StoreAddress,
} from '../../../../contract/checkout.ts';
import { LogisticFormValue, LogisticType } from '../../../../contract/enums.ts';
import { formatBRL } from '../../../../lib/format.ts';
import { logisticOptionsQuery } from '../../api/list-logistic-options.ts';
import { storesQuery } from '../../api/list-stores.ts';
import { useSetLogistic } from '../../api/set-logistic.ts';
import { useSetManualLogistic } from '../../api/set-manual-logistic.ts';
import type { CheckoutScreen } from '../../lib/checkout-sections.ts';
import { useLogisticType } from '../delivery-method/logistic-type.ts';
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
      {ctx.sections.manualLogistics ? <ManualPickUp /> : <PickUpSearch ctx={ctx} />}
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

  const orderPickUp = ctx.order.logistic?.type === LogisticType.StorePickUp ? ctx.order.logistic : undefined;
  const storeId = pickupAddress ?? orderPickUp?.storePickUpAddress?.providerId ?? undefined;
  const showStores = Boolean(searched) || storeId !== undefined;

  const stores = useQuery({ ...storesQuery, enabled: showStores });
  const options = useQuery({
    ...logisticOptionsQuery({ type: LogisticFormValue.PickUp, code: searched || undefined }),
    enabled: showStores,
  });

  const chosenOption = selectedLogistic ?? orderPickUp?.providerId ?? undefined;
  const sortedStores = nearestFirst(stores.data ?? [], options.data ?? []);
  const storeOptions = (options.data ?? []).filter(
    (option) => storeId !== undefined && option.storePickUpAddress?.providerId === storeId,
  );

  function search() {
    if (!isValidCep(cep)) return;
    setValue('cep', cep, { shouldDirty: true });
  }

  function chooseStore(id: string) {
    setValue('pickupAddress', id, { shouldDirty: true });
  }

  function chooseOption(option: LogisticOption) {
    setValue('selectedLogistic', option.providerId, { shouldDirty: true });
    setLogistic.mutate(
      { providerId: option.providerId, type: LogisticFormValue.PickUp },
      {
        onError: () =>
          setValue('selectedLogistic', orderPickUp?.providerId ?? undefined, { shouldDirty: true }),
      },
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
          <IMaskInput
            id={cepId}
            mask={CEP_MASK}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            value={cep}
            onAccept={(value: string) => setCep(value)}
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

      {storeId !== undefined && options.isSuccess && (
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
                checked={option.providerId === chosenOption}
                disabled={setLogistic.isPending}
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
function ManualPickUp() {
  const { control, setValue } = useFormContext<CheckoutFormValues>();
  const pickupAddress = useWatch({ control, name: 'pickupAddress' });
  const stores = useQuery(storesQuery);
  const setManual = useSetManualLogistic();
  const selectId = useId();

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
          onChange={(event) =>
            setValue('pickupAddress', event.target.value || undefined, { shouldDirty: true })
          }
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
            setManual.mutate({
              body: { logistic: { type: LogisticFormValue.PickUp, price, providerId: pickupAddress } },
            })
          }
        />
      )}
      <LogisticError message={error} />
    </>
  );
}
