import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client.ts';
import { useLoadedSession } from '@/session/use-session.ts';
import { useUpdateCustomer } from '../../api/update-customer.ts';
import { clearContactDraft, loadContactDraft, saveContactDraft } from '../../lib/contact-draft.ts';
import { type ContactFormValues, contactFormSchema, contactToUpdate } from '../../lib/contact-form.ts';
import { readableMessage } from '../../lib/server-message.ts';
import { type ContactField, fieldOfError, fieldsOfIssues } from './contact-fields.ts';

/** Spec section 9: contact changes are saved 3000 ms after the last edit. */
export const CONTACT_AUTOSAVE_DELAY_MS = 3000;

/**
 * What the last save attempt came to: nothing to tell yet ('idle'), on its way, saved, not saved
 * because of the fields in `invalidFields`, or refused for another reason (`error`).
 */
export type ContactSaveStatus = 'idle' | 'saving' | 'saved' | 'invalid' | 'failed';

export type ContactAutosave = {
  /**
   * Saves now what is waiting (on leaving a field, before finishing). True when nothing is left to
   * save; false when the data is invalid or the server refused it (the errors are then on the fields).
   */
  flush(): Promise<boolean>;
  /** A save is on its way. */
  saving: boolean;
  status: ContactSaveStatus;
  /** With status 'invalid': the fields to correct, in screen order. */
  invalidFields: readonly ContactField[];
  /** A failure that belongs to no field (network, server down). */
  error: string | undefined;
};

/**
 * Saves the contact form (POST /api/customer/update) when it is valid and differs from what the
 * server holds: 3 s after the last change (spec), at once when the page is hidden or goes away (a
 * keepalive request, which outlives the page) and when the page calls flush (on leaving a field, on
 * finishing). Until the server holds it, what was typed is kept as this user's contact draft and
 * brought back on the next load, invalid values included, with their errors. Server field errors go
 * under their fields; other failures are returned in `error`.
 * Call it once per form: ContactSection calls it unless the page passes its own (to flush on finish).
 */
export function useContactAutosave(
  form: UseFormReturn<ContactFormValues>,
  enableCnpj: boolean,
  {
    enabled = true,
    onRefused,
  }: {
    enabled?: boolean;
    /** The server refused a field (its message is under it): the page opens its step and focuses it. */
    onRefused?(field: ContactField): void;
  } = {},
): ContactAutosave {
  const { mutateAsync, isPending } = useUpdateCustomer();
  const userId = useLoadedSession().session.userShop?.id ?? '';
  const schema = useMemo(() => contactFormSchema(enableCnpj), [enableCnpj]);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<ContactSaveStatus>('idle');
  const [invalidFields, setInvalidFields] = useState<readonly ContactField[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The body the server holds (last saved, or what the form opened with), as JSON. */
  const savedKey = useRef<string | undefined>(undefined);
  /** The body sent on the page's way out and not answered yet: sent once, however often the tab hides. */
  const exitKey = useRef<string | undefined>(undefined);
  /** Saves run one after the other, so an older one never lands after a newer one. */
  const queue = useRef<Promise<boolean>>(Promise.resolve(true));
  const onRefusedRef = useRef(onRefused);
  onRefusedRef.current = onRefused;

  const keyOf = useCallback(
    (values: ContactFormValues) => JSON.stringify(contactToUpdate(values, enableCnpj)),
    [enableCnpj],
  );

  const notSaved = useCallback((fields: ContactField[], general: string | undefined) => {
    setInvalidFields(fields);
    setError(general);
    setStatus(general ? 'failed' : 'invalid');
  }, []);

  /** The server holds `key`: the draft goes, unless the shopper typed on in the meantime. */
  const saved = useCallback(
    (key: string) => {
      savedKey.current = key;
      setError(undefined);
      const current = keyOf(form.getValues());
      if (current === key) clearContactDraft(userId);
      setStatus(current === key ? 'saved' : 'idle');
    },
    [form, keyOf, userId],
  );

  const refused = useCallback(
    (failure: unknown) => {
      const errors = failure instanceof ApiError ? failure.errors : [];
      const fields: ContactField[] = [];
      let general: string | undefined;
      for (const item of errors) {
        const field = fieldOfError(item);
        if (field) {
          form.setError(field, { type: 'server', message: readableMessage(item.message) });
          fields.push(field);
        } else general ??= readableMessage(item.message);
      }
      if (errors.length === 0) general = failure instanceof Error ? failure.message : 'Erro desconhecido';
      notSaved(fields, general);
      if (fields[0]) onRefusedRef.current?.(fields[0]);
    },
    [form, notSaved],
  );

  const saveNow = useCallback(async (): Promise<boolean> => {
    const values = form.getValues();
    const key = keyOf(values);
    if (key === savedKey.current) {
      clearContactDraft(userId);
      // Back to what the server holds after a refusal: that is saved, as far as the shopper can tell.
      setStatus((last) => (last === 'invalid' || last === 'failed' ? 'saved' : last));
      setError(undefined);
      return true;
    }
    const check = schema.safeParse(values);
    if (!check.success) {
      notSaved(fieldsOfIssues(check), undefined);
      return false;
    }
    setStatus('saving');
    try {
      await mutateAsync({ customer: contactToUpdate(values, enableCnpj) });
      saved(key);
      return true;
    } catch (failure) {
      refused(failure);
      return false;
    }
  }, [form, keyOf, schema, enableCnpj, mutateAsync, userId, notSaved, saved, refused]);

  const flush = useCallback((): Promise<boolean> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    queue.current = queue.current.then(saveNow, saveNow);
    return queue.current;
  }, [saveNow]);

  /** The page is hidden or going away: a keepalive save, not queued (the page may not live to wait). */
  const saveOnExit = useCallback(() => {
    const values = form.getValues();
    const key = keyOf(values);
    if (key === savedKey.current || key === exitKey.current || !schema.safeParse(values).success) return;
    exitKey.current = key;
    setStatus('saving');
    mutateAsync({ customer: contactToUpdate(values, enableCnpj), onExit: true })
      .then(() => saved(key), refused)
      .finally(() => {
        if (exitKey.current === key) exitKey.current = undefined;
      });
  }, [form, keyOf, schema, enableCnpj, mutateAsync, saved, refused]);

  const latest = useRef({ flush, saveOnExit });
  latest.current = { flush, saveOnExit };

  useEffect(() => {
    if (!enabled) return;
    savedKey.current ??= keyOf(form.getValues());
    restoreDraft(form, userId, keyOf, savedKey.current, () => void latest.current.flush());

    const subscription = form.watch(() => {
      const values = form.getValues();
      if (keyOf(values) === savedKey.current) clearContactDraft(userId);
      else saveContactDraft(userId, values);
      setStatus((last) => (last === 'saved' || last === 'invalid' ? 'idle' : last));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void latest.current.flush();
      }, CONTACT_AUTOSAVE_DELAY_MS);
    });
    const onPageHide = () => latest.current.saveOnExit();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') latest.current.saveOnExit();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the screen with a save still waiting for its 3 s: it is sent now.
      if (timer.current !== undefined) void latest.current.flush();
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [form, enabled, keyOf, userId]);

  return { flush, saving: isPending, status, invalidFields, error };
}

/**
 * Brings back what this user typed and the server does not hold: into the form, validated (an
 * invalid value shows its error), then saved when it can be. A draft equal to the server's data is
 * dropped (the last save went through after all).
 */
function restoreDraft(
  form: UseFormReturn<ContactFormValues>,
  userId: string,
  keyOf: (values: ContactFormValues) => string,
  serverKey: string,
  save: () => void,
): void {
  const draft = loadContactDraft(userId);
  if (!draft) return;
  if (keyOf(draft) === serverKey) {
    clearContactDraft(userId);
    return;
  }
  form.reset(draft, { keepDefaultValues: true });
  void form.trigger().then(save);
}
