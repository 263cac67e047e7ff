// The contact form's fields as the autosave reports them: which field a server error is about, which
// fields keep the form from being saved, and their names on the screen.
import { CUSTOMER_MESSAGES } from '@/contract/br-docs.ts';
import type { ApiErrorItem } from '@/lib/api-client.ts';
import type { ContactFormValues } from '../../lib/contact-form.ts';
import { keyOfError } from '../../lib/server-message.ts';

/** The fields in screen order, with their labels. */
export const CONTACT_FIELD_LABELS = {
  name: 'Nome',
  email: 'E-mail',
  document: 'CPF',
  isCorporate: 'Incluir informações de pessoa jurídica?',
  corporateDocument: 'CNPJ',
  corporateName: 'Razão Social',
  tradeName: 'Nome Fantasia',
  stateInscription: 'Inscrição Estadual',
} as const satisfies Record<keyof ContactFormValues, string>;

export type ContactField = keyof typeof CONTACT_FIELD_LABELS;

/** The field a server message belongs to when the error does not name it (its text is the spec's). */
const FIELD_OF_MESSAGE: Readonly<Record<string, ContactField>> = {
  [CUSTOMER_MESSAGES.name]: 'name',
  [CUSTOMER_MESSAGES.email]: 'email',
  [CUSTOMER_MESSAGES.cpf]: 'document',
  [CUSTOMER_MESSAGES.cnpjRequired]: 'corporateDocument',
  [CUSTOMER_MESSAGES.cnpjInvalid]: 'corporateDocument',
  [CUSTOMER_MESSAGES.corporateName]: 'corporateName',
  [CUSTOMER_MESSAGES.tradeName]: 'tradeName',
};

const isContactField = (value: unknown): value is ContactField =>
  typeof value === 'string' && Object.hasOwn(CONTACT_FIELD_LABELS, value);

/**
 * The form field a server error is about: its `field`, the key its message names ('O campo name é
 * inválido.') or its known message.
 */
export function fieldOfError(error: ApiErrorItem): ContactField | undefined {
  const key = keyOfError(error);
  if (isContactField(key)) return key;
  return Object.hasOwn(FIELD_OF_MESSAGE, error.message) ? FIELD_OF_MESSAGE[error.message] : undefined;
}

type Issues = { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[] }[] } };

/** The fields a failed schema check names, once each, in screen order. */
export function fieldsOfIssues(result: Issues): ContactField[] {
  const named = new Set((result.error?.issues ?? []).map((issue) => issue.path[0]));
  return (Object.keys(CONTACT_FIELD_LABELS) as ContactField[]).filter((field) => named.has(field));
}

/** 'CPF', 'E-mail e CPF', 'Nome, E-mail e CPF': the fields' labels as a sentence says them. */
export function fieldListText(fields: readonly ContactField[]): string {
  const labels = fields.map((field) => CONTACT_FIELD_LABELS[field]);
  if (labels.length < 2) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} e ${labels.at(-1)}`;
}
