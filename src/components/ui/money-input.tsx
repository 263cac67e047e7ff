import { type ChangeEvent, type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { MAX_MONEY } from '@/contract/shared.ts';
import { brlAmountText, parseBrlAmount } from './brl-amount.ts';
import { FormField } from './form-field.tsx';

type MoneyHandlers = {
  /**
   * The amount held, in reais (10.5 for R$ 10,50), none while empty. A value that changes from
   * elsewhere (a draft restored, a reset) replaces the text shown, as '1.234,50'.
   */
  value: number | null | undefined;
  /** Each keystroke: the amount typed, in reais; undefined while the text is empty or not an amount. */
  onChange(amount: number | undefined): void;
  /** Enter, with the amount typed. Enter never submits a surrounding form. */
  onEnter?(amount: number | undefined): void;
  /** Leaving the input, with the amount typed. */
  onBlur?(amount: number | undefined): void;
};

const textOf = (amount: number | null | undefined) => (amount == null ? '' : brlAmountText(amount));

/**
 * The text typed as a Brazilian keyboard types an amount ('50', '50,00', '1.234,56', 'R$ 7,00': see
 * parseBrlAmount), the amount it reads as, and the input's props.
 */
/**
 * The amount a text reads as, within the contract's bound of money; undefined otherwise (an amount
 * the server would refuse is no amount here: the field says its 'Informe o valor...' message).
 */
const amountOf = (text: string) => {
  const amount = parseBrlAmount(text);
  return amount !== undefined && amount <= MAX_MONEY ? amount : undefined;
};

function useMoneyText({ value, onChange, onEnter, onBlur }: MoneyHandlers) {
  const [text, setText] = useState(() => textOf(value));
  const amount = amountOf(text);
  useEffect(() => {
    if ((value ?? undefined) !== amountOf(text)) setText(textOf(value));
  }, [value, text]);
  return {
    /** Something is typed that is not an amount (or one over the bound). */
    notAmount: text.trim() !== '' && amount === undefined,
    input: {
      type: 'text',
      inputMode: 'decimal',
      autoComplete: 'off',
      placeholder: '0,00',
      // 'R$ 100.000.000,00' is 17 characters: 20 never cuts an amount the contract takes, and a
      // longer paste cut to 20 is over the bound or no amount, which the field says.
      maxLength: 20,
      value: text,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setText(event.target.value);
        onChange(amountOf(event.target.value));
      },
      onBlur: () => onBlur?.(amount),
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        onEnter?.(amount);
      },
    } as const,
  };
}

export type MoneyFieldProps = MoneyHandlers & {
  label: string;
  /** The message while the text is not an amount ('Informe o valor em reais, por exemplo 10,00'). */
  notAmountError: string;
  /** Any other error (the server's, a rule on the amount); shown first. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
};

/**
 * A labelled amount in reais (MoneyInput in a FormField): decimal keyboard, placeholder '0,00', the
 * error under it (announced, the input aria-invalid and described by it).
 */
export function MoneyField({ label, notAmountError, error, hint, className, ...handlers }: MoneyFieldProps) {
  const money = useMoneyText(handlers);
  return (
    <FormField
      label={label}
      hint={hint}
      className={className}
      error={error || (money.notAmount ? notAmountError : undefined)}
    >
      {(control) => <input {...control} {...money.input} />}
    </FormField>
  );
}

export type MoneyInputProps = MoneyHandlers & {
  id?: string;
  'aria-describedby'?: string | undefined;
  /** Marks the input invalid for a reason of the caller's (an amount of 0); text that is not an amount always does. */
  'aria-invalid'?: boolean | undefined;
};

/** An amount in reais typed by hand, for a layout of its own (MoneyField gives label and error). */
export function MoneyInput({
  value,
  onChange,
  onEnter,
  onBlur,
  'aria-invalid': invalid,
  ...rest
}: MoneyInputProps) {
  const money = useMoneyText({ value, onChange, onEnter, onBlur });
  return <input {...rest} {...money.input} aria-invalid={invalid || money.notAmount || undefined} />;
}
