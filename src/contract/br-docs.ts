// Brazilian documents and contact rules shared by the SPA's forms and the sandbox (checkout spec
// section 5, docs/domain.md "Brazilian documents"), with the spec's exact messages.
// - CPF: 11 digits, not all equal, both mod-11 check digits; the mask '000.000.000-00' is accepted.
// - CNPJ: 14 characters, numeric or the alphanumeric form of July 2026 (12 characters A–Z/0–9, then
//   two numeric check digits), not all equal; the mask '00.000.000/0000-00' is accepted, letters in
//   any case. Check digits via brazilian-utils (`version: 2` takes both forms).
// - E-mail: no spaces; none of ( ) < > [ ] : ; \ , " ! # % &; a local part, '@', a domain with a
//   dot and a top-level domain of two or more letters.
// - CEP: '00000-000' or 8 digits. Phone: '(DD) NNNNN-NNNN', at most 11 digits.
import {
  isValidCnpj as libraryIsValidCnpj,
  isValidCpf as libraryIsValidCpf,
} from '@brazilian-utils/brazilian-utils';

/** The contact data messages of the spec (section 5), word for word. */
export const CUSTOMER_MESSAGES = {
  name: 'Nome é obrigatório.',
  email: 'O e-mail digitado é inválido. Verifique se há espaços ou caracteres incorretos.',
  cpf: 'CPF inválido.',
  cnpjRequired: 'CNPJ é obrigatório.',
  cnpjInvalid: 'CNPJ inválido.',
  corporateName: 'Insira uma razão social.',
  tradeName: 'Insira um nome fantasia.',
} as const;

/** '529.982.247-25' → '52998224725'. Letters are kept so that they make the CPF invalid. */
export const cpfWithoutMask = (cpf: string): string => cpf.replace(/[.\-\s]/g, '');

/** '12.abc.345/01de-35' → '12ABC34501DE35'. */
export const cnpjWithoutMask = (cnpj: string): string => cnpj.toUpperCase().replace(/[.\-/\s]/g, '');

/** Digits only: '01310-100' → '01310100', '(11) 91234-5678' → '11912345678'. */
export const digitsOnly = (text: string): string => text.replace(/\D/g, '');

const allEqual = (text: string): boolean => text.length > 0 && [...text].every((char) => char === text[0]);

export function isValidCpf(input: string): boolean {
  const cpf = cpfWithoutMask(input);
  return /^\d{11}$/.test(cpf) && !allEqual(cpf) && libraryIsValidCpf(cpf);
}

export function isValidCnpj(input: string): boolean {
  const cnpj = cnpjWithoutMask(input);
  return /^[0-9A-Z]{12}\d{2}$/.test(cnpj) && !allEqual(cnpj) && libraryIsValidCnpj(cnpj, { version: 2 });
}

const EMAIL = /^[^\s()<>[\]:;\\,"!#%&@]+@[^\s()<>[\]:;\\,"!#%&@]+\.[A-Za-z]{2,}$/;

/** The spec's e-mail rule. No trimming: the message tells the shopper to look for spaces. */
export const isValidEmail = (email: string): boolean => EMAIL.test(email);

/** A postal code: '00000-000' or 8 digits. */
export const isValidCep = (cep: string): boolean => /^\d{5}-?\d{3}$/.test(cep);

/**
 * A phone number '(DD) NNNNN-NNNN' (a landline's 'NNNN-NNNN' too), or its digits: 10 or 11 digits,
 * an area code that does not start with 0.
 */
export const isValidPhone = (phone: string): boolean =>
  /^(\(\d{2}\) ?|\d{2} ?)\d{4,5}-?\d{4}$/.test(phone.trim()) && /^[1-9]\d{9,10}$/.test(digitsOnly(phone));

/** '52998224725' → '529.982.247-25'; anything that is not 11 digits is returned as given. */
export const formatCpf = (cpf: string): string => {
  const plain = cpfWithoutMask(cpf);
  return /^\d{11}$/.test(plain) ? plain.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') : cpf;
};

/** '12ABC34501DE35' → '12.ABC.345/01DE-35'; anything that is not 14 characters is returned as given. */
export const formatCnpj = (cnpj: string): string => {
  const plain = cnpjWithoutMask(cnpj);
  return /^[0-9A-Z]{12}\d{2}$/.test(plain)
    ? plain.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5')
    : cnpj;
};
