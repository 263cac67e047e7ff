import type { Ref } from 'react';
import type { FieldControlProps } from '@/components/ui/form-field.tsx';
import type { Installment } from '@/contract/checkout.ts';
import { installmentLabel } from '../../lib/installment-label.ts';

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
