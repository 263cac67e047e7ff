// Only the kinds of mask the forms use, not the whole of imask (react-imask's main entry loads every
// kind, and prop-types): patterns, whose definitions are regular expressions. The card form's masks
// (features/payment/components/card-form/card-masks.ts) add the dynamic masks.
import 'imask/esm/masked/pattern';
import 'imask/esm/masked/regexp';
import { type InputHTMLAttributes, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import {
  type Control,
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import useIMask from 'react-imask/esm/hook';
import { FormField } from './form-field.tsx';
import type { MaskPreset } from './masks.ts';

/** The attributes an input passes on as they are; its value, name and events are the field's. */
type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'maxLength'
>;

export type MaskInputProps = InputAttributes & {
  /** The mask with its keyboard and hints: a preset of masks.ts (CPF_INPUT, CEP_INPUT…). */
  mask: MaskPreset;
  /** The text as masked ('123.456.789-09'); another value given is masked in turn (and accepted). */
  value: string;
  /** Each accepted change, the text as masked. */
  onAccept(value: string): void;
  onBlur?(): void;
  /** Receives the input element (react-hook-form's field.ref, for the focus on an error). */
  inputRef?: (element: HTMLInputElement | null) => void;
  name?: string | undefined;
};

/**
 * A text input under an imask mask: what is typed is formatted as it goes ('52998224725' shows
 * '529.982.247-25') and reported as shown. Attributes given override the preset's (autoComplete…).
 */
export function MaskInput({ mask, value, onAccept, inputRef, ...input }: MaskInputProps) {
  const { options, ...presetAttributes } = mask;
  const latestAccept = useRef(onAccept);
  latestAccept.current = onAccept;
  const accept = useCallback((accepted: string) => latestAccept.current(accepted), []);
  const { ref, setValue } = useIMask<HTMLInputElement>(options, { onAccept: accept });
  // The mask starts from the input's first value: a value already shown as masked then has nothing to
  // accept on mount (accepting it would validate the field and re-render its form for no change).
  const [firstValue] = useState(value);
  // The value given is the mask's: typing comes back as the same value; any other is masked.
  useEffect(() => setValue(value), [value, setValue]);
  const setRef = useCallback(
    (element: HTMLInputElement | null) => {
      ref.current = element;
      inputRef?.(element);
    },
    [ref, inputRef],
  );
  return <input {...presetAttributes} {...input} defaultValue={firstValue} ref={setRef} />;
}

/**
 * How a form-bound input shapes what is typed: an imask mask, or a plain input's filter (digits
 * only, a length), or neither (a plain input the form holds without a name: a card holder's name).
 */
type Shape = { mask: MaskPreset; format?: never } | { mask?: never; format?(typed: string): string };

export type MaskedInputProps<T extends FieldValues, N extends FieldPath<T>> = InputAttributes &
  Shape & {
    control: Control<T>;
    name: N;
    rules?: ControllerProps<T, N>['rules'];
    /**
     * Puts the field's name on the input. Off by default: the card form's inputs must have none
     * (PCI: the browser never submits nor remembers them).
     */
    named?: boolean;
    /** Each accepted value, after the form has it (a CEP looked up once complete). */
    onAccept?(value: string): void;
  };

/**
 * A react-hook-form field's input, masked (`mask`), filtered (`format`, e.g. digits only) or plain: the form
 * holds the text as shown, the input element is the field's ref (focus on the first error) and
 * leaving it marks the field touched. For a layout of its own; MaskedField adds label and error.
 */
export function MaskedInput<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  rules,
  named,
  mask,
  format,
  onAccept,
  ...input
}: MaskedInputProps<T, N>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field }) => {
        const value: string = field.value ?? '';
        const bound = { ...input, name: named ? field.name : undefined, value, onBlur: field.onBlur };
        return mask ? (
          <MaskInput
            {...bound}
            mask={mask}
            inputRef={field.ref}
            onAccept={(accepted) => {
              field.onChange(accepted);
              onAccept?.(accepted);
            }}
          />
        ) : (
          <input
            {...bound}
            ref={field.ref}
            onChange={(event) => field.onChange(format ? format(event.target.value) : event.target.value)}
          />
        );
      }}
    />
  );
}

export type MaskedFieldProps<T extends FieldValues, N extends FieldPath<T>> = MaskedInputProps<T, N> & {
  label: string;
  /** Shown under the input and announced; the input is marked aria-invalid meanwhile. */
  error?: string | undefined;
  /** A note under the input, read with it. */
  hint?: ReactNode;
  /** The field's (not the input's) class. */
  className?: string;
};

/**
 * A labelled form field whose input is masked or filtered (MaskedInput in a FormField): label, the
 * input described by its hint and error, the error announced.
 */
export function MaskedField<T extends FieldValues, N extends FieldPath<T>>({
  label,
  error,
  hint,
  className,
  ...input
}: MaskedFieldProps<T, N>) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => <MaskedInput {...input} {...control} />}
    </FormField>
  );
}
