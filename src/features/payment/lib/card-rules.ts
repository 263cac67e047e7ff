// The card form's rules (spec section 5, "Card form valid only if ...") and its payload (section 3,
// "Card payment payload"). Pure functions: nothing here keeps or logs card data.
import {
  CUSTOMER_MESSAGES,
  cnpjWithoutMask,
  cpfWithoutMask,
  digitsOnly,
  isValidCep,
  isValidCnpj,
  isValidCpf,
} from '@/contract/br-docs.ts';
import type { CardPaymentPayload } from '@/contract/checkout.ts';
import { securityCodeLength } from './card-brand.ts';

/** What the card form holds, as typed (masks included). */
export type CardFormValues = {
  /** The chosen card option ('Tipo de cartão'): its providerId. */
  providerId: string;
  installments: number;
  /** As the field shows it, grouped ('4111 1111 1111 1111'); the payload carries its digits only. */
  number: string;
  name: string;
  /** 'MM/AA'. */
  expiry: string;
  securityCode: string;
  /** CPF '000.000.000-00', or CNPJ '00.000.000/0000-00' (alphanumeric) when the shop enables CNPJ. */
  document: string;
  /** '00000-000'. */
  zipCode: string;
  address: string;
  addressNumber: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
};

/** The card payment call's body without the captcha fields (the page adds them on the retry). */
export type CardPayload = Omit<CardPaymentPayload, 'recaptchaKey' | 'recaptchaToken'>;

export type CardFormProblems = Partial<Record<keyof CardFormValues, string>>;

/** The toast of an invalid submit (spec section 5), word for word. */
export const CARD_FORM_INVALID_MESSAGE = 'Por favor, verifique os campos e tente novamente';

/** The messages under the fields (the spec gives only the toast; CPF/CNPJ reuse its customer texts). */
export const CARD_FIELD_MESSAGES = {
  providerId: 'Selecione o tipo de cartão.',
  number: 'Informe o número do cartão.',
  numberIncomplete: 'Número do cartão incompleto.',
  name: 'Informe o nome impresso no cartão.',
  expiry: 'Informe a validade do cartão.',
  expiryInvalid: 'Validade inválida. Use o formato MM/AA.',
  expiryPast: 'Cartão vencido.',
  securityCode3: 'O código de segurança tem 3 dígitos.',
  securityCode4: 'O código de segurança tem 4 dígitos.',
  cpf: CUSTOMER_MESSAGES.cpf,
  document: 'CPF ou CNPJ inválido.',
  zipCode: 'CEP inválido.',
  address: 'Informe o endereço.',
  addressNumber: 'Informe o número.',
  neighborhood: 'Informe o bairro.',
  city: 'Informe a cidade.',
  state: 'Informe o estado.',
} as const;

/** The shortest number the payment call accepts (contract: 12 to 19 digits). */
export const MIN_NUMBER_LENGTH = 12;

/** Cards are issued for at most this many years ahead; a later expiry is a typing mistake (as the sandbox). */
export const MAX_EXPIRY_YEARS_AHEAD = 20;

const EXPIRY_PATTERN = /^(\d{2})\/(\d{2})$/;

/** 'MM/AA' → { month: '07', year: '2031' } when it has the pattern and a real month, else null. */
export function parseExpiry(expiry: string): { month: string; year: string } | null {
  const match = EXPIRY_PATTERN.exec(expiry.trim());
  if (!match?.[1] || !match[2]) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month: match[1], year: `20${match[2]}` };
}

/**
 * Whether an expiry 'MM/AA' is valid at `now`: the spec's pattern (2 digits, slash, 2 digits), a
 * month 01..12, and not in the past (a card is good through the last day of its month, in the
 * shopper's time zone), nor more than 20 years ahead.
 */
export function isValidExpiry(expiry: string, now: Date = new Date()): boolean {
  return expiryProblem(expiry, now) === undefined;
}

function expiryProblem(expiry: string, now: Date): string | undefined {
  if (expiry.trim() === '') return CARD_FIELD_MESSAGES.expiry;
  const parsed = parseExpiry(expiry);
  if (!parsed) return CARD_FIELD_MESSAGES.expiryInvalid;
  const months = Number(parsed.year) * 12 + Number(parsed.month) - 1;
  const current = now.getFullYear() * 12 + now.getMonth();
  if (months < current) return CARD_FIELD_MESSAGES.expiryPast;
  if (months > current + MAX_EXPIRY_YEARS_AHEAD * 12) return CARD_FIELD_MESSAGES.expiryInvalid;
  return undefined;
}

/** Whether the document is a CPF, or a CNPJ when the shop enables CNPJ (masked or not). */
export function isValidCardDocument(document: string, enableCnpj: boolean): boolean {
  return isValidCpf(document) || (enableCnpj && isValidCnpj(document));
}

const blank = (text: string | undefined): boolean => (text ?? '').trim() === '';

/**
 * The spec's "Card form valid only if" (section 5), one message per failing field; empty when the
 * form may be sent:
 * - card type chosen;
 * - number, name, expiry non-empty (and the number long enough for the payment call: 12 digits);
 * - expiry valid: pattern 2 digits slash 2 digits (and a real month, not past: isValidExpiry);
 * - security code of 4 digits for numbers starting 34 or 37, else 3;
 * - CPF valid, or CNPJ valid when CNPJ is enabled;
 * - CEP valid (5 digits, hyphen, 3 digits);
 * - address, number, neighborhood, city, state non-empty. Complement optional.
 */
export function cardFormProblems(
  values: CardFormValues,
  { enableCnpj, now = new Date() }: { enableCnpj: boolean; now?: Date },
): CardFormProblems {
  const problems: CardFormProblems = {};
  if (blank(values.providerId)) problems.providerId = CARD_FIELD_MESSAGES.providerId;

  const number = digitsOnly(values.number);
  if (number === '') problems.number = CARD_FIELD_MESSAGES.number;
  else if (number.length < MIN_NUMBER_LENGTH) problems.number = CARD_FIELD_MESSAGES.numberIncomplete;

  if (blank(values.name)) problems.name = CARD_FIELD_MESSAGES.name;

  const expiry = expiryProblem(values.expiry, now);
  if (expiry) problems.expiry = expiry;

  const codeLength = securityCodeLength(number);
  if (!new RegExp(`^\\d{${codeLength}}$`).test(values.securityCode)) {
    problems.securityCode =
      codeLength === 4 ? CARD_FIELD_MESSAGES.securityCode4 : CARD_FIELD_MESSAGES.securityCode3;
  }

  if (!isValidCardDocument(values.document, enableCnpj)) {
    problems.document = enableCnpj ? CARD_FIELD_MESSAGES.document : CARD_FIELD_MESSAGES.cpf;
  }

  if (!/^\d{5}-\d{3}$/.test(values.zipCode.trim()) || !isValidCep(values.zipCode.trim())) {
    problems.zipCode = CARD_FIELD_MESSAGES.zipCode;
  }
  if (blank(values.address)) problems.address = CARD_FIELD_MESSAGES.address;
  if (blank(values.addressNumber)) problems.addressNumber = CARD_FIELD_MESSAGES.addressNumber;
  if (blank(values.neighborhood)) problems.neighborhood = CARD_FIELD_MESSAGES.neighborhood;
  if (blank(values.city)) problems.city = CARD_FIELD_MESSAGES.city;
  if (blank(values.state)) problems.state = CARD_FIELD_MESSAGES.state;
  return problems;
}

export const isCardFormValid = (values: CardFormValues, options: { enableCnpj: boolean; now?: Date }) =>
  Object.keys(cardFormProblems(values, options)).length === 0;

/** The document without its mask: CPF digits, or CNPJ characters upper case. */
export function documentWithoutMask(document: string): string {
  const cpf = cpfWithoutMask(document.trim());
  return /^\d{11}$/.test(cpf) ? cpf : cnpjWithoutMask(document.trim());
}

/**
 * The payment call's body from valid form values: number digits only, expiry split into month
 * '07' and four-digit year '2031', document without its mask, texts trimmed, complement left out
 * when empty, zipCode as typed ('01310-100', as the other address calls send it). Call it only
 * after cardFormProblems found nothing.
 */
export function toCardPayload(values: CardFormValues): CardPayload {
  const expiry = parseExpiry(values.expiry);
  if (!expiry) throw new Error('toCardPayload: the expiry is not valid');
  const complement = values.complement.trim();
  return {
    providerId: values.providerId,
    installments: values.installments,
    number: digitsOnly(values.number),
    name: values.name.trim(),
    securityCode: values.securityCode,
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    document: documentWithoutMask(values.document),
    zipCode: values.zipCode.trim(),
    address: values.address.trim(),
    addressNumber: values.addressNumber.trim(),
    ...(complement ? { complement } : {}),
    neighborhood: values.neighborhood.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
  };
}
