// The checkout's contact form ('Dados do contato'): its values, its schema (spec section 5, the
// contract's messages) and the conversions from the stored customer and to the update call's body.
import { z } from 'zod/mini';
import {
  CUSTOMER_MESSAGES,
  cnpjWithoutMask,
  cpfWithoutMask,
  formatCnpj,
  formatCpf,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
} from '@/contract/br-docs.ts';
import { type CustomerUpdate, MAX_DOCUMENT_TEXT } from '@/contract/checkout.ts';
import type { Customer } from '@/contract/session.ts';
import { MAX_SHORT_TEXT } from '@/contract/shared.ts';
import { tooLongMessage } from './server-message.ts';

export type ContactFormValues = {
  name: string;
  email: string;
  /** CPF, masked or not. */
  document: string;
  isCorporate: boolean;
  /** CNPJ, masked or not, numeric or alphanumeric. */
  corporateDocument: string;
  corporateName: string;
  tradeName: string;
  stateInscription: string;
};

/**
 * The contract's bounds (customerUpdateSchema) of the typed texts, checked first so the server never
 * refuses a length. CPF and CNPJ need none: their masks stop them at 14 and 18 characters.
 */
const CORPORATE_LIMITS = [
  ['corporateName', MAX_SHORT_TEXT],
  ['tradeName', MAX_SHORT_TEXT],
  ['stateInscription', MAX_DOCUMENT_TEXT],
] as const;
const bounded = (max: number) => z.maxLength(max, { message: tooLongMessage(max), abort: true });

/**
 * The contact form's schema. A text over the contract's bound says so first (the server would refuse
 * it). Name, e-mail and CPF are always checked (the checkout cannot finish
 * without them); the corporate fields only with the shop's CNPJ setting on and the box ticked.
 */
export function contactFormSchema(enableCnpj: boolean) {
  return z
    .object({
      name: z.string().check(
        bounded(MAX_SHORT_TEXT),
        z.refine((name) => name.trim() !== '', { message: CUSTOMER_MESSAGES.name }),
      ),
      email: z
        .string()
        .check(bounded(MAX_SHORT_TEXT), z.refine(isValidEmail, { message: CUSTOMER_MESSAGES.email })),
      document: z.string().check(z.refine(isValidCpf, { message: CUSTOMER_MESSAGES.cpf })),
      isCorporate: z.boolean(),
      corporateDocument: z.string(),
      corporateName: z.string(),
      tradeName: z.string(),
      stateInscription: z.string(),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (!enableCnpj || !values.isCorporate) return;
        const issue = (field: keyof ContactFormValues, message: string) =>
          ctx.issues.push({ code: 'custom', message, path: [field], input: values[field] });
        if (values.corporateDocument.trim() === '')
          issue('corporateDocument', CUSTOMER_MESSAGES.cnpjRequired);
        else if (!isValidCnpj(values.corporateDocument))
          issue('corporateDocument', CUSTOMER_MESSAGES.cnpjInvalid);
        if (values.corporateName.trim() === '') issue('corporateName', CUSTOMER_MESSAGES.corporateName);
        if (values.tradeName.trim() === '') issue('tradeName', CUSTOMER_MESSAGES.tradeName);
        // An empty text is never too long: at most one message per field.
        for (const [field, max] of CORPORATE_LIMITS)
          if (values[field].length > max) issue(field, tooLongMessage(max));
      }),
    );
}

/** The form's values from the session's customer (absent fields empty, documents masked). */
export function contactFromCustomer(customer: Customer | null | undefined): ContactFormValues {
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    document: formatCpf(customer?.document ?? ''),
    isCorporate: customer?.isCorporate === true,
    corporateDocument: formatCnpj(customer?.corporateDocument ?? ''),
    corporateName: customer?.corporateName ?? '',
    tradeName: customer?.tradeName ?? '',
    stateInscription: customer?.stateInscription ?? '',
  };
}

/**
 * The body of POST /api/customer/update: documents without their mask (CNPJ upper case), texts
 * trimmed except the e-mail (its rule refuses spaces). Corporate data only when the shop's CNPJ
 * setting is on and the box is ticked; otherwise isCorporate false and no corporate fields.
 */
export function contactToUpdate(values: ContactFormValues, enableCnpj: boolean): CustomerUpdate {
  const base: CustomerUpdate = {
    name: values.name.trim(),
    email: values.email,
    document: cpfWithoutMask(values.document),
    isCorporate: false,
  };
  if (!enableCnpj || !values.isCorporate) return base;
  return {
    ...base,
    isCorporate: true,
    corporateDocument: cnpjWithoutMask(values.corporateDocument),
    corporateName: values.corporateName.trim(),
    tradeName: values.tradeName.trim(),
    stateInscription: values.stateInscription.trim(),
  };
}
