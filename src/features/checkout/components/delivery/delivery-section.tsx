import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { CheckoutFormValues, LogisticOption } from '@/contract/checkout.ts';
import { LogisticFormValue } from '@/contract/enums.ts';
import type { Address } from '@/contract/session.ts';
import { retryingImport } from '@/lib/retrying-import.ts';
import { toast } from '@/lib/toast.ts';
import { whenPageSettles } from '@/lib/when-page-settles.ts';
import { logisticOptionsQuery } from '../../api/list-logistic-options.ts';
import { useSetLogistic } from '../../api/set-logistic.ts';
import { useSetManualLogistic } from '../../api/set-manual-logistic.ts';
import type { CheckoutScreen } from '../../lib/checkout-sections.ts';
import { lookAtAddress } from '../../lib/logistic-choices.ts';
import { useShowServerChoices } from '../../lib/show-server-choices.ts';
import { useLogisticType } from '../delivery-method/logistic-type.ts';
import { useLogisticChange } from '../delivery-method/use-logistic-change.ts';
import type { NewAddressModal } from '../new-address/new-address-modal.tsx';
import { LogisticError, ManualFreight, messageOf, priceText } from '../pick-up/logistic-kit.tsx';
import { RenderLater } from '../render-later.tsx';
import './delivery.css';

// 'Novo endereço' is opened by few shoppers: its code comes after the checkout's first paint, not
// in the checkout's own script (issue 34 measured it at ~0.7 KB of the route's budget, growing).
const loadNewAddressModal = retryingImport(() => import('../new-address/new-address-modal.tsx'));
const MODAL_UNAVAILABLE =
  'Não foi possível abrir o formulário de endereço. Verifique sua conexão e tente novamente.';

const OPTIONS_FAILED = 'Falha ao carregar opções de entrega';

/** 'name - street, number', as the address select shows an address. */
export const addressOptionLabel = (address: Address): string => {
  const streetAndNumber = [address.street, address.number].filter(Boolean).join(', ');
  return [address.name, streetAndNumber].filter(Boolean).join(' - ');
};

/** A key for an address: the server refuses two with the same CEP, street, number and complement. */
const addressKey = (address: Address): string =>
  [address.zipCode, address.street, address.number, address.complement, address.name].join('|');

/**
 * Section 4, 'Entrega' (delivery method 1): the customer's addresses ('Adicionar endereço' opens
 * 'Novo endereço') and the delivery options for the chosen one (name, 'Em até ...', price or
 * 'Grátis', store name); choosing one sets it on the order. With manual logistics, the manual
 * freight instead of the options. Failed calls show the server's message in a red block.
 */
export function DeliverySection({ ctx }: { ctx: CheckoutScreen }) {
  const logisticType = useLogisticType(ctx);
  const titleId = useId();
  if (ctx.sections.delivery !== 'enabled' || logisticType !== LogisticFormValue.Delivery) return null;
  return (
    <section className="checkout-section delivery" aria-labelledby={titleId}>
      <h2 id={titleId}>Entrega</h2>
      <DeliveryChoices ctx={ctx} />
    </section>
  );
}

function DeliveryChoices({ ctx }: { ctx: CheckoutScreen }) {
  const { control } = useFormContext<CheckoutFormValues>();
  const addressIndex = useWatch({ control, name: 'deliveryAddressIndex' });
  const [adding, setAdding] = useState(false);
  const [AddressModal, setAddressModal] = useState<typeof NewAddressModal>();
  const selectId = useId();
  // Fetched once the shopper first acts on the page (or a few seconds in), out of the first paint's
  // way, so a tap on 'Adicionar endereço' opens it at once.
  useEffect(
    () =>
      whenPageSettles(() => {
        loadNewAddressModal().then(
          (module) => setAddressModal(() => module.NewAddressModal),
          () => {},
        );
      }),
    [],
  );

  async function openNewAddress() {
    try {
      const module = await loadNewAddressModal();
      setAddressModal(() => module.NewAddressModal);
      setAdding(true);
    } catch {
      toast.error(MODAL_UNAVAILABLE);
    }
  }
  const addresses = ctx.session.userShop?.addresses ?? [];
  const address = addressIndex == null ? undefined : addresses[addressIndex];
  const logisticChange = useLogisticChange();

  // Another address has options of its own: the order forgets the one quoted for the previous address.
  function chooseAddress(index: number | undefined) {
    logisticChange.apply(lookAtAddress(index, ctx.order), LogisticFormValue.Delivery);
  }

  return (
    <>
      <div className="delivery__address">
        <div className="field">
          <label htmlFor={selectId}>Endereço de entrega</label>
          <select
            id={selectId}
            className="logistic-select"
            value={address ? String(addressIndex) : ''}
            disabled={logisticChange.pending}
            onChange={(event) =>
              chooseAddress(event.target.value === '' ? undefined : Number(event.target.value))
            }
          >
            <option value="">Selecione o endereço</option>
            {addresses.map((item, index) => (
              <option key={addressKey(item)} value={index}>
                {addressOptionLabel(item)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="delivery__add" onClick={() => void openNewAddress()}>
          Adicionar endereço
        </button>
      </div>

      {address &&
        addressIndex != null &&
        (ctx.sections.manualLogistics ? (
          <ManualDelivery key={addressIndex} addressIndex={addressIndex} address={address} />
        ) : (
          // Asked for in the pass after the first paint (render-later.tsx): the call is then not made
          // in the first paint's long task. They would be searched for meanwhile anyway.
          <RenderLater placeholder={address.zipCode ? <Searching /> : null}>
            <DeliveryOptions addressIndex={addressIndex} address={address} />
          </RenderLater>
        ))}

      {adding && AddressModal && (
        <AddressModal
          onClose={() => setAdding(false)}
          onAdded={(index) => {
            setAdding(false);
            chooseAddress(index);
          }}
        />
      )}
    </>
  );
}

function DeliveryOptions({ addressIndex, address }: { addressIndex: number; address: Address }) {
  const { control, setValue } = useFormContext<CheckoutFormValues>();
  const selectedLogistic = useWatch({ control, name: 'selectedLogistic' });
  const legendId = useId();
  const setLogistic = useSetLogistic();
  const options = useQuery({
    ...logisticOptionsQuery({
      type: LogisticFormValue.Delivery,
      code: address.zipCode || undefined,
      number: address.number || undefined,
    }),
    enabled: Boolean(address.zipCode),
  });

  const showServerChoices = useShowServerChoices();

  function choose(option: LogisticOption) {
    setValue('selectedLogistic', option.providerId, { shouldDirty: true });
    setLogistic.mutate(
      { providerId: option.providerId, type: LogisticFormValue.Delivery, addressIndex },
      { onError: showServerChoices },
    );
  }

  const error = !address.zipCode
    ? 'Este endereço não tem CEP. Adicione um endereço com CEP.'
    : (options.isError && messageOf(options.error, OPTIONS_FAILED)) ||
      (setLogistic.isError && messageOf(setLogistic.error, OPTIONS_FAILED)) ||
      undefined;

  return (
    <>
      {options.isPending && address.zipCode && <Searching />}
      {options.isSuccess && (
        <fieldset className="logistic-options" aria-busy={setLogistic.isPending}>
          <legend id={legendId}>Opções de entrega</legend>
          {options.data.length === 0 ? (
            <p className="logistic-status">Nenhuma opção de entrega para este endereço.</p>
          ) : (
            options.data.map((option) => (
              <label key={option.providerId} className="logistic-card">
                <input
                  type="radio"
                  name={`${legendId}-option`}
                  value={option.providerId}
                  checked={option.providerId === selectedLogistic}
                  disabled={setLogistic.isPending}
                  onChange={() => choose(option)}
                />
                <span className="logistic-card__name">{option.name}</span>
                <span className="logistic-card__price">{priceText(option.price)}</span>
                <ul className="logistic-card__details">
                  {option.shippingTimeEstimative != null && option.shippingTimeEstimative !== '' && (
                    <li>Em até {option.shippingTimeEstimative}</li>
                  )}
                  {option.storeName && <li>{option.storeName}</li>}
                </ul>
              </label>
            ))
          )}
        </fieldset>
      )}
      <LogisticError message={error} />
    </>
  );
}

/**
 * While the options are asked for: as tall as the usual answer (the legend and one option), so the
 * items below do not move when it comes.
 */
function Searching() {
  return <p className="logistic-status delivery__searching">Buscando...</p>;
}

function ManualDelivery({ addressIndex, address }: { addressIndex: number; address: Address }) {
  const setManual = useSetManualLogistic();
  const showServerChoices = useShowServerChoices();
  return (
    <>
      <ManualFreight
        pending={setManual.isPending}
        onApply={(price) =>
          setManual.mutate(
            {
              code: address.zipCode || undefined,
              body: { addressIndex, logistic: { type: LogisticFormValue.Delivery, price } },
            },
            { onError: showServerChoices },
          )
        }
      />
      <LogisticError message={setManual.isError ? messageOf(setManual.error, OPTIONS_FAILED) : undefined} />
    </>
  );
}
