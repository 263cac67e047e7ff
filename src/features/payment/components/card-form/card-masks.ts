// The card form's masks, apart from components/ui/masks.ts: the checkout shares masks.ts (and its
// chunk) with the payment page, and would otherwise load these too, with imask's dynamic masks.
import 'imask/esm/masked/dynamic';
import type { MaskedDynamic } from 'imask';
import { CNPJ_MASK_OPTIONS, CPF_MASK, type MaskPreset } from '@/components/ui/masks.ts';

/**
 * CPF or CNPJ in one field: the CPF mask while it is at most 11 digits, the CNPJ mask once a 12th
 * character or a letter is typed. No numeric keyboard: a CNPJ may have letters.
 */
export const CPF_OR_CNPJ_INPUT: MaskPreset = {
  options: {
    mask: [{ mask: CPF_MASK }, CNPJ_MASK_OPTIONS],
    dispatch: (appended: string, masked: MaskedDynamic) => {
      const raw = (masked.value + appended).replace(/[^0-9A-Za-z]/g, '');
      return masked.compiledMasks[raw.length > 11 || /[A-Za-z]/.test(raw) ? 1 : 0];
    },
  },
  autoCapitalize: 'characters',
  autoComplete: 'off',
  placeholder: CPF_MASK,
};

/**
 * A card's expiry, 'MM/AA'. Two more digits are taken, so that a year typed or pasted in full
 * ('12/2030') is not cut to '12/20' (expired): shortExpiry makes it '12/30'.
 */
export const CARD_EXPIRY_INPUT: MaskPreset = {
  options: { mask: '00/00[00]' },
  inputMode: 'numeric',
  autoComplete: 'cc-exp',
  placeholder: 'MM/AA',
};

/** 'MM/20AA' (a year written in full) as 'MM/AA'; any other text as it is. */
export const shortExpiry = (expiry: string) => expiry.replace(/^(\d\d\/)20(\d\d)$/, '$1$2');
