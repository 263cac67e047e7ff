import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { FormField } from '@/components/ui/form-field.tsx';
import { MAX_FREE_TEXT, MAX_ID_LENGTH } from '@/contract/shared.ts';
import { linkedChatbotQuery } from '../api/get-linked-chatbot.ts';
import { LINK_STORE_FAILED, useLinkStore } from '../api/link-store.ts';
import type { TrayAuthorization } from '../lib/callback-query.ts';
import './store-link-form.css';

export { LINK_STORE_FAILED };

const storeLinkFormSchema = z.object({
  chatbotId: z
    .string()
    .check(z.maxLength(MAX_ID_LENGTH, `O chatbot deve ter no máximo ${MAX_ID_LENGTH} caracteres.`)),
  chatbotToken: z
    .string()
    .check(z.maxLength(MAX_FREE_TEXT, `O token deve ter no máximo ${MAX_FREE_TEXT} caracteres.`)),
});
type StoreLinkFormValues = z.infer<typeof storeLinkFormSchema>;

type Props = {
  /** What Tray's callback brought (read once from the address, which no longer holds it). */
  authorization: TrayAuthorization;
};

/**
 * The store link step of Tray's callback (spec: route tray/register/callback, store link payload).
 * Looks up the chatbot already linked to the store; when there is one, the page shows it locked.
 * Otherwise 'Chatbot' and a masked 'Token' field, and 'Vincular' enabled only when both are filled;
 * once linked the fields lock and the button is hidden. A failure says so and lets the admin try
 * again; nothing of the token or the authorization code is logged or kept in the address.
 */
export function StoreLinkForm({ authorization }: Props) {
  const queryClient = useQueryClient();
  const lookup = useQuery(linkedChatbotQuery(authorization.store));
  const [justLinked, setJustLinked] = useState(false);

  if (lookup.isPending) {
    return (
      <p className="store-link__status" role="status">
        Verificando se a loja já está vinculada...
      </p>
    );
  }
  if (lookup.data) return <LinkedStore chatbotId={lookup.data} focusOnShow={justLinked} />;
  return (
    <LinkForm
      authorization={authorization}
      onLinked={(chatbotId) => {
        setJustLinked(true);
        queryClient.setQueryData(linkedChatbotQuery(authorization.store).queryKey, chatbotId);
      }}
    />
  );
}

function LinkForm({
  authorization,
  onLinked,
}: {
  authorization: TrayAuthorization;
  onLinked(chatbotId: string): void;
}) {
  const link = useLinkStore();
  const [tokenShown, setTokenShown] = useState(false);
  const { register, handleSubmit, watch, formState } = useForm<StoreLinkFormValues>({
    resolver: zodResolver(storeLinkFormSchema),
    mode: 'onChange',
    defaultValues: { chatbotId: '', chatbotToken: '' },
  });
  const filled = watch('chatbotId').trim() !== '' && watch('chatbotToken').trim() !== '';

  const submit = handleSubmit((values) => {
    const chatbotId = values.chatbotId.trim();
    link.mutate(
      { ...authorization, chatbotId, chatbotToken: values.chatbotToken.trim() },
      { onSuccess: () => onLinked(chatbotId) },
    );
  });

  return (
    <form className="store-link" onSubmit={submit} noValidate>
      <p className="store-link__intro">
        Informe o chatbot que vai atender a loja <strong>{authorization.storeHost}</strong> e o token dele.
      </p>
      <FormField label="Chatbot" error={formState.errors.chatbotId?.message}>
        {(a11y) => (
          <input
            {...a11y}
            type="text"
            autoComplete="off"
            spellCheck={false}
            disabled={link.isPending}
            {...register('chatbotId')}
          />
        )}
      </FormField>
      <FormField label="Token" error={formState.errors.chatbotToken?.message}>
        {(a11y) => (
          <div className="store-link__secret">
            <input
              {...a11y}
              type={tokenShown ? 'text' : 'password'}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              disabled={link.isPending}
              {...register('chatbotToken')}
            />
            <button
              type="button"
              className="button button--outline store-link__toggle"
              aria-pressed={tokenShown}
              onClick={() => setTokenShown((shown) => !shown)}
            >
              Mostrar token
            </button>
          </div>
        )}
      </FormField>
      {link.isError ? (
        <p className="store-link__error" role="alert">
          {LINK_STORE_FAILED}
        </p>
      ) : null}
      <button type="submit" className="button store-link__submit" disabled={!filled || link.isPending}>
        {link.isPending ? 'Vinculando...' : 'Vincular'}
      </button>
    </form>
  );
}

/** The locked state: the linked chatbot, read-only; the token is kept by the backend only. */
function LinkedStore({ chatbotId, focusOnShow }: { chatbotId: string; focusOnShow: boolean }) {
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // Linking removed the form (and the focused button): the focus moves to the news.
    if (focusOnShow) statusRef.current?.focus();
  }, [focusOnShow]);
  return (
    <div className="store-link store-link--locked">
      <p ref={statusRef} className="store-link__linked" role="status" tabIndex={-1}>
        Loja vinculada
      </p>
      <FormField label="Chatbot">
        {(a11y) => <input {...a11y} type="text" value={chatbotId} readOnly />}
      </FormField>
      <FormField label="Token">
        {(a11y) => <input {...a11y} type="password" value="" placeholder="Token salvo" readOnly />}
      </FormField>
    </div>
  );
}
