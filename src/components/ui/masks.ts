// The Brazilian masks of the forms, in one place so the checkout, the new-address form and the card
// form format a document or a CEP the same way. Each preset is a mask (imask options) and the input
// attributes that go with it; a masked field (masked-field.tsx) applies both. The card form's own
// (expiry, CPF or CNPJ) are beside it (features/payment/components/card-form/card-masks.ts).

import type { FactoryOpts } from 'imask';
import type { HTMLAttributes } from 'react';

/** A mask and the input attributes that go with it (keyboard, autofill, placeholder). */
export type MaskPreset = Pick<HTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoCapitalize'> & {
  /** The imask options: only patterns ('000.000.000-00') and, for the card form, dynamic masks. */
  options: FactoryOpts;
  autoComplete?: string;
  placeholder?: string;
};

export const CPF_MASK = '000.000.000-00';
const CEP_MASK = '00000-000';

/**
 * CNPJ, numeric or alphanumeric (the 2026 format): 12 letters or digits, then 2 check digits; letters
 * are shown in capitals.
 */
export const CNPJ_MASK_OPTIONS = {
  mask: '**.***.***/****-00',
  definitions: { '*': /[0-9A-Za-z]/ },
  prepareChar: (chars: string) => chars.toUpperCase(),
};

export const CPF_INPUT: MaskPreset = {
  options: { mask: CPF_MASK },
  inputMode: 'numeric',
  autoComplete: 'off',
  placeholder: CPF_MASK,
};

export const CNPJ_INPUT: MaskPreset = {
  options: CNPJ_MASK_OPTIONS,
  autoCapitalize: 'characters',
  autoComplete: 'off',
  placeholder: '00.000.000/0000-00',
};

/** A CEP; a billing address's field overrides autoComplete ('billing postal-code'). */
export const CEP_INPUT: MaskPreset = {
  options: { mask: CEP_MASK },
  inputMode: 'numeric',
  autoComplete: 'postal-code',
  placeholder: CEP_MASK,
};
