import type { Ref } from 'react';
import type { FieldControlProps } from '../../../../components/ui/form-field.tsx';
import type { Installment } from '../../../../contract/checkout.ts';
import { formatBRL } from '../../../../lib/format.ts';

/** Installments' totals closer than this to the order total count as 'sem juros' (rounding). */
const ROUNDING_TOLERANCE = 0.05;

/**
 * '3x de R$ 50,00 sem juros', or 'com juros' when the instalments add up to more than the order
 * total. An instalment without a value is the total divided by the count (sem juros).
 */
export function installmentLabel(installment: Installment, total: number | null | undefined): string {
  const count = installment.count;
  const value = installment.value ?? (typeof total === 'number' ? total / count : undefined);
  if (value === undefined) return `${count}x`;
  const withInterest = typeof total === 'number' && value * count > total + ROUNDING_TOLERANCE;
  return `${count}x de ${formatBRL(value)} ${withInterest ? 'com juros' : 'sem juros'}`;
}

/** The option's instalments, or a single payment of the total when it lists none. */
export function installmentChoices(
  installments: Installment[] | null | undefined,
  total: number | null | undefined,
) {
  const list = (installments ?? []).filter((item) => Number.isInteger(item.count) && item.count >= 1);
  if (list.length > 0) return list;
  return [{ count: 1, ...(typeof total === 'number' ? { value: total } : {}) }];
}

type Props = {
  control: FieldControlProps;
  installments: Installment[];
  total: number | null | undefined;
  value: number;
  onChange(installments: number): void;
  onBlur?(): void;
  selectRef?: Ref<HTMLSelectElement>;
};

/** 'Parcelas': one option per instalment count of the chosen card option. */
export function InstallmentsSelect({
  control,
  installments,
  total,
  value,
  onChange,
  onBlur,
  selectRef,
}: Props) {
  return (
    <select
      {...control}
      ref={selectRef}
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
      onBlur={onBlur}
    >
      {installments.map((installment) => (
        <option key={installment.count} value={String(installment.count)}>
          {installmentLabel(installment, total)}
        </option>
      ))}
    </select>
  );
}
