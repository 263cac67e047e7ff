// Brazilian document checks the server applies to customer and card-holder data, delegated to
// brazilian-utils (the community's maintained library; the SPA uses the same one).
// - CPF: 11 digits, not all equal, both mod-11 check digits; the mask is accepted.
// - CNPJ: numeric, or the alphanumeric form of July 2026 (12 characters A–Z/0–9, then two numeric
//   check digits): `version: 2` selects the rule that takes both.
import {
  isValidCnpj as libraryIsValidCnpj,
  isValidCpf as libraryIsValidCpf,
} from '@brazilian-utils/brazilian-utils';

export function isValidCpf(input: string): boolean {
  return libraryIsValidCpf(input);
}

export function isValidCnpj(input: string): boolean {
  return libraryIsValidCnpj(input, { version: 2 });
}
