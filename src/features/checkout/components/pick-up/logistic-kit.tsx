// Pieces the pick-up and delivery sections share: the red error block, the price text and the
// manual freight ('Grátis' / 'Customizado') of shops with manual prices and no logistics configured.
import { useId, useState } from 'react';
import { MoneyField } from '@/components/ui/money-input.tsx';
import { formatBRL } from '@/lib/format.ts';
import './logistic-kit.css';

/** A price, or 'Grátis' when zero or absent. */
export const priceText = (price: number | null | undefined): string => (price ? formatBRL(price) : 'Grátis');

/** The message of a failed call (the server's when it gave one). */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/** The red block with the server's message of a failed logistic call (line breaks kept). */
export function LogisticError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="logistic-error" role="alert">
      {message}
    </p>
  );
}

type FreightMode = 'free' | 'custom';

/** 'Customizado' with text that is no amount ('-5', 'abc'), or with 0 (that is 'Grátis'). */
export const FREIGHT_FORMAT_MESSAGE = 'Informe um valor válido.';
export const FREIGHT_ZERO_MESSAGE = 'Informe um valor maior que zero.';

type ManualFreightProps = {
  /** Sends the freight in reais (0 for 'Grátis'). */
  onApply(price: number): void;
  pending: boolean;
};

/**
 * 'Frete': 'Grátis' (sent at once) or 'Customizado' with a value field and 'Aplicar'. Mount it with
 * a key per store or address so a new place starts without a choice.
 */
export function ManualFreight({ onApply, pending }: ManualFreightProps) {
  const [mode, setMode] = useState<FreightMode | undefined>();
  const [amount, setAmount] = useState<number>();
  const valueId = useId();
  const valid = amount !== undefined && amount > 0;

  function choose(next: FreightMode) {
    setMode(next);
    if (next === 'free') onApply(0);
  }

  return (
    <div className="manual-freight">
      <fieldset className="manual-freight__modes">
        <legend>Frete</legend>
        {(
          [
            ['free', 'Grátis'],
            ['custom', 'Customizado'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="manual-freight__mode">
            <input
              type="radio"
              name={`${valueId}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => choose(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      {mode === 'custom' && (
        <div className="manual-freight__custom">
          {/* Each reason 'Aplicar' is off is said under the field; Enter applies instead of submitting a form. */}
          <MoneyField
            label="Valor do frete"
            hint="Em reais, por exemplo 12,50"
            notAmountError={FREIGHT_FORMAT_MESSAGE}
            error={amount === 0 ? FREIGHT_ZERO_MESSAGE : undefined}
            value={amount}
            onChange={setAmount}
            onEnter={() => {
              if (valid) onApply(amount);
            }}
          />
          <button
            type="button"
            className="button"
            disabled={!valid || pending}
            onClick={() => {
              if (valid) onApply(amount);
            }}
          >
            Aplicar
          </button>
        </div>
      )}
    </div>
  );
}
