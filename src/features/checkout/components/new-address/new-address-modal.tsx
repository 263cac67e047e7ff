import { useId, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { MaskedInput } from '@/components/ui/masked-field.tsx';
import { CEP_INPUT } from '@/components/ui/masks.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isValidCep } from '@/contract/br-docs.ts';
import { type AddressInput, MAX_ADDRESS_NUMBER } from '@/contract/checkout.ts';
import type { Neighborhood } from '@/contract/session.ts';
import { MAX_SHORT_TEXT } from '@/contract/shared.ts';
import { toast } from '@/lib/toast.ts';
import { useAddAddress } from '../../api/add-address.ts';
import { lookupCep } from '../../api/lookup-cep.ts';
import { tooLongMessage } from '../../lib/server-message.ts';
import './new-address.css';

export const REQUIRED_FIELDS_MESSAGE = 'Preencha os campos obrigatórios';

const ADDRESS_TYPES = ['Casa', 'Trabalho', 'Outro'] as const;
type AddressKind = (typeof ADDRESS_TYPES)[number];

type NewAddressValues = {
  type: AddressKind;
  name: string;
  zipCode: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  neighborhoodId: string;
  city: string;
  state: string;
};

const EMPTY: NewAddressValues = {
  type: 'Casa',
  name: 'Casa',
  zipCode: '',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  neighborhoodId: '',
  city: '',
  state: '',
};

const required = (value: string) => value.trim() !== '';

/**
 * The typed fields' bounds (the contract's addressInputSchema), said under the field as soon as a
 * text passes them. No maxLength: a pasted street or complement cut silently would be a wrong address.
 */
const LIMITS: Partial<Record<keyof NewAddressValues, number>> = {
  name: MAX_SHORT_TEXT,
  street: MAX_SHORT_TEXT,
  number: MAX_ADDRESS_NUMBER,
  complement: MAX_SHORT_TEXT,
  neighborhood: MAX_SHORT_TEXT,
  city: MAX_SHORT_TEXT,
};
const lengthError = (field: keyof NewAddressValues, value: string) => {
  const max = LIMITS[field] ?? Number.POSITIVE_INFINITY;
  return value.trim().length > max ? tooLongMessage(max) : undefined;
};
/** Required (an error without a message: 'Preencha os campos obrigatórios') and bounded. */
const rules = (field: keyof NewAddressValues, isRequired = true) => ({
  validate: (value: string) => (isRequired && !required(value) ? false : (lengthError(field, value) ?? true)),
});
/** Some error is an empty required field (a long one has its own message). */
const someMissing = (errors: FieldErrors<NewAddressValues>) =>
  Object.values(errors).some((error) => !error?.message);

type Props = {
  /** 'Cancelar', Escape or the browser closing the dialog. May be called more than once. */
  onClose(): void;
  /** The address was saved: its index in the customer's address list. The caller closes the modal. */
  onAdded(index: number): void;
};

/**
 * 'Novo endereço': Tipo (Casa and Trabalho lock the name to the type), the CEP (looked up to fill
 * street, neighbourhood, city and state; a city-wide CEP offers 'Selecione seu bairro'), number and
 * complement. 'Adicionar' saves it ('Salvando...'); missing fields show the warning toast
 * 'Preencha os campos obrigatórios'. Mount it only while it is open.
 */
export function NewAddressModal({ onClose, onAdded }: Props) {
  const formId = useId();
  const ids = {
    name: useId(),
    zipCode: useId(),
    street: useId(),
    number: useId(),
    complement: useId(),
    neighborhood: useId(),
    city: useId(),
    state: useId(),
    error: useId(),
    lookupError: useId(),
  };
  // Checked as typed: a text over its bound says so at once, a paste included.
  const { register, control, handleSubmit, setValue, watch, formState } = useForm<NewAddressValues>({
    defaultValues: EMPTY,
    mode: 'onChange',
  });
  const [neighborhoods, setNeighborhoods] = useState<Neighborhood[]>([]);
  const [looking, setLooking] = useState(false);
  const [lookupError, setLookupError] = useState<string>();
  const lastLookup = useRef('');
  const addAddress = useAddAddress();
  const type = watch('type');
  const nameLocked = type !== 'Outro';
  const { errors } = formState;

  async function runLookup(cep: string) {
    if (cep === lastLookup.current) return;
    lastLookup.current = cep;
    setLooking(true);
    setLookupError(undefined);
    try {
      const found = await lookupCep(cep);
      if (lastLookup.current !== cep) return;
      const options = (found.neighborhoods ?? []).filter((n) => n.id && n.name);
      setNeighborhoods(options);
      const fill = { shouldValidate: formState.isSubmitted };
      setValue('street', found.street ?? '', fill);
      setValue('city', found.city ?? '', fill);
      setValue('state', found.state ?? '', fill);
      if (options.length > 0) {
        setValue('neighborhood', '', fill);
        setValue('neighborhoodId', '', fill);
      } else {
        setValue('neighborhood', found.neighborhood ?? '', fill);
        setValue('neighborhoodId', found.neighborhoodId ?? '', fill);
      }
    } catch (error) {
      if (lastLookup.current !== cep) return;
      setNeighborhoods([]);
      setLookupError(error instanceof Error ? error.message : 'Falha ao buscar o CEP');
    } finally {
      if (lastLookup.current === cep) setLooking(false);
    }
  }

  function chooseType(next: AddressKind) {
    setValue('type', next);
    setValue('name', next === 'Outro' ? '' : next, { shouldValidate: formState.isSubmitted });
  }

  function onValid(values: NewAddressValues) {
    const body: AddressInput = {
      name: values.name.trim(),
      zipCode: values.zipCode,
      street: values.street.trim(),
      number: values.number.trim(),
      neighborhood: values.neighborhood.trim(),
      city: values.city.trim(),
      state: values.state.trim().toUpperCase(),
      ...(values.complement.trim() ? { complement: values.complement.trim() } : {}),
      ...(values.neighborhoodId ? { neighborhoodId: values.neighborhoodId } : {}),
    };
    addAddress.mutate(body, {
      onSuccess: (addresses) => onAdded(indexOfNew(addresses, body)),
    });
  }

  function onInvalid(found: FieldErrors<NewAddressValues>) {
    if (someMissing(found)) toast(REQUIRED_FIELDS_MESSAGE, { id: 'novo-endereco-obrigatorios', icon: '⚠️' });
  }

  // Only a text too long has a message of its own (said under its field).
  const tooLong = (field: keyof NewAddressValues) => errors[field]?.message || undefined;
  const invalid = (field: keyof NewAddressValues) => (errors[field] ? true : undefined);
  const describedBy = (field: keyof NewAddressValues) => {
    if (tooLong(field)) return `${ids[field as 'name']}-long`;
    return errors[field] ? ids.error : undefined;
  };

  return (
    <Modal
      title="Novo endereço"
      onClose={onClose}
      className="new-address"
      actions={
        <>
          <button type="button" className="new-address__cancel" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" form={formId} className="button" disabled={addAddress.isPending}>
            {addAddress.isPending ? 'Salvando...' : 'Adicionar'}
          </button>
        </>
      }
    >
      <form id={formId} className="new-address__form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <fieldset className="new-address__types">
          <legend>Tipo</legend>
          {ADDRESS_TYPES.map((kind) => (
            <label key={kind} className="new-address__type">
              <input
                type="radio"
                name={`${formId}-type`}
                value={kind}
                checked={type === kind}
                onChange={() => chooseType(kind)}
              />
              <span>{kind}</span>
            </label>
          ))}
        </fieldset>

        <div className="field new-address__wide">
          <label htmlFor={ids.name}>Nome *</label>
          <input
            id={ids.name}
            readOnly={nameLocked}
            aria-readonly={nameLocked || undefined}
            aria-invalid={invalid('name')}
            aria-describedby={describedBy('name')}
            {...register('name', rules('name'))}
          />
          <TooLong id={ids.name} message={tooLong('name')} />
        </div>

        <div className="field">
          <label htmlFor={ids.zipCode}>CEP *</label>
          <div className="new-address__cep">
            <MaskedInput
              id={ids.zipCode}
              control={control}
              name="zipCode"
              named
              rules={{ validate: (value) => isValidCep(value) }}
              mask={CEP_INPUT}
              aria-invalid={invalid('zipCode')}
              aria-describedby={
                [describedBy('zipCode'), lookupError && ids.lookupError].filter(Boolean).join(' ') ||
                undefined
              }
              onAccept={(value) => {
                if (isValidCep(value)) void runLookup(value);
              }}
            />
            {looking && <Spinner label="Buscando endereço..." />}
          </div>
          {lookupError && (
            <span id={ids.lookupError} className="new-address__error" role="alert">
              {lookupError}
            </span>
          )}
        </div>

        <div className="field new-address__wide">
          <label htmlFor={ids.street}>Rua *</label>
          <input
            id={ids.street}
            autoComplete="address-line1"
            aria-invalid={invalid('street')}
            aria-describedby={describedBy('street')}
            {...register('street', rules('street'))}
          />
          <TooLong id={ids.street} message={tooLong('street')} />
        </div>

        <div className="field">
          <label htmlFor={ids.number}>Número *</label>
          {/* No autocomplete token: the standard has none for a house number (address-line2 is the
              complement's), and a wrong one fills the complement in; without one, browsers recognise
              'Número' by its label and name. */}
          <input
            id={ids.number}
            aria-invalid={invalid('number')}
            aria-describedby={describedBy('number')}
            {...register('number', rules('number'))}
          />
          <TooLong id={ids.number} message={tooLong('number')} />
        </div>

        <div className="field">
          <label htmlFor={ids.complement}>Complemento</label>
          <input
            id={ids.complement}
            autoComplete="address-line2"
            aria-invalid={invalid('complement')}
            aria-describedby={describedBy('complement')}
            {...register('complement', rules('complement', false))}
          />
          <TooLong id={ids.complement} message={tooLong('complement')} />
        </div>

        <div className="field">
          <label htmlFor={ids.neighborhood}>Bairro *</label>
          {neighborhoods.length > 0 ? (
            <select
              id={ids.neighborhood}
              className="new-address__select"
              aria-invalid={invalid('neighborhoodId')}
              aria-describedby={describedBy('neighborhoodId')}
              {...register('neighborhoodId', {
                validate: required,
                onChange: (event: { target: { value: string } }) => {
                  const chosen = neighborhoods.find((n) => n.id === event.target.value);
                  setValue('neighborhood', chosen?.name ?? '', { shouldValidate: formState.isSubmitted });
                },
              })}
            >
              <option value="">Selecione seu bairro</option>
              {neighborhoods.map((n) => (
                <option key={n.id} value={n.id ?? undefined}>
                  {n.name}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={ids.neighborhood}
              // The bairro is what browsers keep as a Brazilian address's dependent locality.
              autoComplete="address-level3"
              aria-invalid={invalid('neighborhood')}
              aria-describedby={describedBy('neighborhood')}
              {...register('neighborhood', rules('neighborhood'))}
            />
          )}
          <TooLong id={ids.neighborhood} message={tooLong('neighborhood')} />
        </div>

        <div className="field">
          <label htmlFor={ids.city}>Cidade *</label>
          <input
            id={ids.city}
            autoComplete="address-level2"
            aria-invalid={invalid('city')}
            aria-describedby={describedBy('city')}
            {...register('city', rules('city'))}
          />
          <TooLong id={ids.city} message={tooLong('city')} />
        </div>

        <div className="field">
          <label htmlFor={ids.state}>Estado *</label>
          <input
            id={ids.state}
            autoComplete="address-level1"
            maxLength={2}
            placeholder="SP"
            aria-invalid={invalid('state')}
            aria-describedby={describedBy('state')}
            {...register('state', { validate: required })}
          />
        </div>

        {someMissing(errors) && (
          <p id={ids.error} className="new-address__error new-address__wide" role="alert">
            {REQUIRED_FIELDS_MESSAGE}
          </p>
        )}
        {addAddress.isError && (
          <p className="new-address__error new-address__wide" role="alert">
            {addAddress.error.message || 'Falha ao adicionar o endereço'}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** A field's 'Use no máximo … caracteres.', shown as soon as its text passes the bound. */
function TooLong({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={`${id}-long`} className="new-address__error" role="alert">
      {message}
    </span>
  );
}

/** The new address's index in the answered list (the last one when it cannot be told apart). */
function indexOfNew(
  addresses: readonly {
    zipCode?: string | null;
    street?: string | null;
    number?: string | null;
    complement?: string | null;
  }[],
  body: AddressInput,
): number {
  const digits = (cep: string | null | undefined) => (cep ?? '').replace(/\D/g, '');
  const same = (a: string | null | undefined, b: string | undefined) =>
    (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
  const index = addresses.findIndex(
    (a) =>
      digits(a.zipCode) === digits(body.zipCode) &&
      same(a.street, body.street) &&
      same(a.number, body.number) &&
      same(a.complement, body.complement),
  );
  return index >= 0 ? index : Math.max(0, addresses.length - 1);
}
