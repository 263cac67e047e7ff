// The contact data rules (checkout spec, section 5), with the spec's exact messages. Pure: the
// customer update and the agent's confirmation both apply them, and the unit test reads them directly.
import {
  CUSTOMER_MESSAGES,
  cnpjWithoutMask,
  cpfWithoutMask,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
} from '../contract.ts';
import type { FieldError } from './route-kit.ts';

// The messages and the e-mail rule are the contract's (shared with the SPA's contact form).
export { CUSTOMER_MESSAGES, isValidEmail };

/** What a customer form sends; an absent field keeps the stored value. */
export type CustomerFields = {
  name?: string | undefined;
  email?: string | undefined;
  document?: string | undefined;
  isCorporate?: boolean | undefined;
  corporateName?: string | undefined;
  corporateDocument?: string | undefined;
  tradeName?: string | undefined;
  stateInscription?: string | undefined;
};

/** The customer as user_shops.customer stores it: documents without their mask, CNPJ upper case. */
export type StoredCustomer = Record<string, unknown> & {
  name: string;
  email: string;
  document: string;
  isCorporate: boolean;
  corporateName: string;
  corporateDocument: string;
  tradeName: string;
  stateInscription: string;
};

export type CustomerRuleOptions = {
  /** settings.enableCnpj: corporate data is taken (and checked) only when on. */
  enableCnpj: boolean;
  /** Finishing an order needs an e-mail and a CPF; the contact's autosave does not. */
  requireContact: boolean;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function validateCustomer(
  input: CustomerFields,
  previous: Record<string, unknown>,
  options: CustomerRuleOptions,
): { customer: StoredCustomer; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const pick = (field: keyof CustomerFields) =>
    input[field] !== undefined ? text(input[field]) : text(previous[field]);

  const name = text(input.name).trim();
  if (!name) errors.push({ field: 'name', message: CUSTOMER_MESSAGES.name });

  // No trimming: the message itself tells the shopper to look for spaces.
  const email = pick('email');
  if ((email !== '' || options.requireContact) && !isValidEmail(email)) {
    errors.push({ field: 'email', message: CUSTOMER_MESSAGES.email });
  }

  const document = cpfWithoutMask(pick('document'));
  if ((document !== '' || options.requireContact) && !isValidCpf(document)) {
    errors.push({ field: 'document', message: CUSTOMER_MESSAGES.cpf });
  }

  const wantsCorporate = input.isCorporate ?? previous.isCorporate === true;
  const isCorporate = wantsCorporate && options.enableCnpj;
  let corporate = { corporateName: '', corporateDocument: '', tradeName: '', stateInscription: '' };
  if (isCorporate) {
    corporate = {
      corporateName: pick('corporateName').trim(),
      corporateDocument: cnpjWithoutMask(pick('corporateDocument')),
      tradeName: pick('tradeName').trim(),
      stateInscription: pick('stateInscription').trim().toUpperCase(),
    };
    if (!corporate.corporateDocument) {
      errors.push({ field: 'corporateDocument', message: CUSTOMER_MESSAGES.cnpjRequired });
    } else if (!isValidCnpj(corporate.corporateDocument)) {
      errors.push({ field: 'corporateDocument', message: CUSTOMER_MESSAGES.cnpjInvalid });
    }
    if (!corporate.corporateName)
      errors.push({ field: 'corporateName', message: CUSTOMER_MESSAGES.corporateName });
    if (!corporate.tradeName) errors.push({ field: 'tradeName', message: CUSTOMER_MESSAGES.tradeName });
  }

  return {
    customer: { ...previous, name, email, document, isCorporate, ...corporate },
    errors,
  };
}
