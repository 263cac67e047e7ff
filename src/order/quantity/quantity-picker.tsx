import { type ChangeEvent, useId, useState } from 'react';
import { TrashIcon } from '@/components/ui/icons.tsx';
import {
  canDecrease,
  canIncrease,
  decreaseQuantity,
  increaseQuantity,
  MAX_PICKER_QUANTITY,
  MIN_QUANTITY,
  parseQuantity,
} from './quantity.ts';
import './quantity-picker.css';

type Props = {
  value: number;
  onChange(value: number): void;
  /** Read-only (restricted sale for this user): the input is disabled and the buttons hidden. */
  readOnly?: boolean;
  /** id of a text that explains the picker (the restricted-sale note). */
  describedBy?: string;
  /** The most it offers, below MAX_PICKER_QUANTITY (a cart line while more may not be added). */
  max?: number;
  /**
   * A cart line's picker: the label is for screen readers only, and at 1 the '−' is a bin that
   * takes the item out (onChange(0)), as on the catalogue's cards. The item's name labels the bin.
   */
  removable?: { name: string };
};

/**
 * 'Quantidade' with 'Remover um item' and 'Adicionar mais um item' buttons (spec sections 2 and 5).
 * The input keeps what is typed while it has focus (so the shopper can clear it and type '5'), while
 * the value is always a valid quantity: cleared means 1, text is read as an integer.
 */
export function QuantityPicker({
  value,
  onChange,
  readOnly = false,
  describedBy,
  max = MAX_PICKER_QUANTITY,
  removable,
}: Props) {
  const inputId = useId();
  // What the shopper is typing; null shows the value itself.
  const [draft, setDraft] = useState<string | null>(null);

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    const text = event.target.value;
    setDraft(text);
    const next = Math.min(parseQuantity(text), max);
    if (next !== value) onChange(next);
  }

  function step(next: number) {
    setDraft(null);
    if (next !== value) onChange(next);
  }

  return (
    <div className={removable ? 'quantity-picker quantity-picker--line' : 'quantity-picker'}>
      <label className={removable ? 'visually-hidden' : 'quantity-picker__label'} htmlFor={inputId}>
        Quantidade
      </label>
      <div className="quantity-picker__controls">
        {readOnly ? null : removable && value <= MIN_QUANTITY ? (
          <button
            type="button"
            className="quantity-picker__button"
            aria-label={`Remover ${removable.name} do carrinho`}
            onClick={() => step(0)}
          >
            <TrashIcon />
          </button>
        ) : (
          <button
            type="button"
            className="quantity-picker__button"
            aria-label="Remover um item"
            aria-controls={inputId}
            disabled={!canDecrease(value)}
            onClick={() => step(decreaseQuantity(value))}
          >
            <span aria-hidden="true">−</span>
          </button>
        )}
        <input
          id={inputId}
          className="quantity-picker__input"
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={max}
          step={1}
          value={draft ?? String(value)}
          disabled={readOnly}
          aria-describedby={describedBy}
          onChange={onInput}
          onBlur={() => setDraft(null)}
        />
        {readOnly ? null : (
          <button
            type="button"
            className="quantity-picker__button"
            aria-label="Adicionar mais um item"
            aria-controls={inputId}
            disabled={!canIncrease(value) || value >= max}
            onClick={() => step(increaseQuantity(value))}
          >
            <span aria-hidden="true">+</span>
          </button>
        )}
      </div>
    </div>
  );
}
