import type { ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';

/**
 * The wiring between a react-hook-form Controller's field and react-imask's IMaskInput, the same in
 * every masked field (document, CEP, card number, expiry): the form holds the masked text, the
 * input's own element is the field's ref (focus on error), and blur marks the field touched.
 * No `name`: the card form's inputs must have none (PCI: the browser never submits or stores them);
 * the other forms add `name={field.name}` themselves.
 */
export function imaskFieldProps<T extends FieldValues, N extends FieldPath<T>>(
  field: ControllerRenderProps<T, N>,
) {
  return {
    value: (field.value as string | undefined) ?? '',
    inputRef: field.ref,
    onAccept: (value: string) => field.onChange(value),
    onBlur: field.onBlur,
  };
}
