// The Brazilian masks of the forms (react-imask patterns), in one place so the checkout, the new-address
// form and the card form format a document or a CEP the same way.

export const CPF_MASK = '000.000.000-00';
export const CEP_MASK = '00000-000';

/**
 * CNPJ, numeric or alphanumeric (the 2026 format): 12 letters or digits, then 2 check digits; letters
 * are shown in capitals. Spread into IMaskInput (or use as one of a dynamic mask's options).
 */
export const CNPJ_MASK_OPTIONS = {
  mask: '**.***.***/****-00',
  definitions: { '*': /[0-9A-Za-z]/ },
  prepareChar: (chars: string) => chars.toUpperCase(),
};
