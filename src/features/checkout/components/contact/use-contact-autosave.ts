import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CUSTOMER_MESSAGES } from '../../../../contract/br-docs.ts';
import { ApiError, type ApiErrorItem } from '../../../../lib/api-client.ts';
import { useUpdateCustomer } from '../../api/update-customer.ts';
import { type ContactFormValues, contactFormSchema, contactToUpdate } from '../../lib/contact-form.ts';

/** Spec section 9: contact changes are saved 3000 ms after the last edit. */
export const CONTACT_AUTOSAVE_DELAY_MS = 3000;

export type ContactAutosave = {
  /**
   * Saves now what is waiting (the page calls it before finishing). True when nothing is left to
   * save; false when the data is invalid or the server refused it (the errors are then on the fields).
   */
  flush(): Promise<boolean>;
  /** A save is on its way. */
  saving: boolean;
  /** A failure that belongs to no field (network, server down). */
  error: string | undefined;
};

const CONTACT_FIELDS = [
  'name',
  'email',
  'document',
  'isCorporate',
  'corporateDocument',
  'corporateName',
  'tradeName',
  'stateInscription',
] as const satisfies readonly (keyof ContactFormValues)[];
type ContactField = (typeof CONTACT_FIELDS)[number];

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
  typeof value === 'string' && (CONTACT_FIELDS as readonly string[]).includes(value);

/** The form field a server error is about: its `field` (sandbox 400 answers) or its known message. */
function fieldOf(error: ApiErrorItem): ContactField | undefined {
  if (isContactField(error.field)) return error.field;
  return Object.hasOwn(FIELD_OF_MESSAGE, error.message) ? FIELD_OF_MESSAGE[error.message] : undefined;
}

/**
 * Saves the contact form (POST /api/customer/update) 3 s after the last change, only when the form
 * is valid and differs from what was last saved (at first, what the form opened with). Server field
 * errors go back under their fields; other failures are returned in `error`.
 * Call it once per form: ContactSection calls it unless the page passes its own (to flush on finish).
 */
export function useContactAutosave(
  form: UseFormReturn<ContactFormValues>,
  enableCnpj: boolean,
  { enabled = true }: { enabled?: boolean } = {},
): ContactAutosave {
  const { mutateAsync, isPending } = useUpdateCustomer();
  const schema = useMemo(() => contactFormSchema(enableCnpj), [enableCnpj]);
  const [error, setError] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The body last saved (or loaded), as JSON; undefined until the form is first read. */
  const savedKey = useRef<string | undefined>(undefined);
  /** Saves run one after the other, so an older one never lands after a newer one. */
  const queue = useRef<Promise<boolean>>(Promise.resolve(true));

  const keyOf = useCallback(
    (values: ContactFormValues) => JSON.stringify(contactToUpdate(values, enableCnpj)),
    [enableCnpj],
  );

  const saveNow = useCallback(async (): Promise<boolean> => {
    const values = form.getValues();
    if (!schema.safeParse(values).success) return false;
    const body = contactToUpdate(values, enableCnpj);
    const key = JSON.stringify(body);
    if (key === savedKey.current) return true;
    try {
      await mutateAsync(body);
      savedKey.current = key;
      setError(undefined);
      return true;
    } catch (failure) {
      const errors = failure instanceof ApiError ? failure.errors : [];
      let general: string | undefined;
      for (const item of errors) {
        const field = fieldOf(item);
        if (field) form.setError(field, { type: 'server', message: item.message });
        else general ??= item.message;
      }
      if (errors.length === 0) general = failure instanceof Error ? failure.message : undefined;
      setError(general);
      return false;
    }
  }, [form, schema, enableCnpj, mutateAsync]);

  const flush = useCallback((): Promise<boolean> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    queue.current = queue.current.then(saveNow, saveNow);
    return queue.current;
  }, [saveNow]);

  const flushRef = useRef(flush);
  flushRef.current = flush;

  useEffect(() => {
    if (!enabled) return;
    savedKey.current ??= keyOf(form.getValues());
    const subscription = form.watch(() => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void flushRef.current();
      }, CONTACT_AUTOSAVE_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [form, enabled, keyOf]);

  return { flush, saving: isPending, error };
}
