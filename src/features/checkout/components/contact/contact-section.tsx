import { useEffect, useId, useRef } from 'react';
import { type UseFormReturn, useFormState } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field.tsx';
import { MaskedField } from '@/components/ui/masked-field.tsx';
import { CNPJ_INPUT, CPF_INPUT } from '@/components/ui/masks.ts';
import type { CheckoutScreen } from '../../lib/checkout-sections.ts';
import type { ContactFormValues } from '../../lib/contact-form.ts';
import { RenderLater } from '../render-later.tsx';
import { fieldListText } from './contact-fields.ts';
import { type ContactAutosave, useContactAutosave } from './use-contact-autosave.ts';
import './contact-section.css';

type Props = {
  ctx: CheckoutScreen;
  /** The contact form, created by the page (zodResolver(contactFormSchema(enableCnpj)), mode onChange). */
  form: UseFormReturn<ContactFormValues>;
  /** The page's own useContactAutosave(form, enableCnpj), when it flushes it on finish. */
  autosave?: ContactAutosave;
};

/**
 * 'Dados do contato' (spec section 2, item 7): Nome, E-mail, CPF and, when the shop enables CNPJ,
 * the company data behind 'Incluir informações de pessoa jurídica?'. Saved automatically 3 s after
 * the last edit when valid and changed, and at once on leaving a field or the page; a quiet line says
 * 'Salvando...', 'Salvo' or why not. The errors (the form's and the server's) show under the fields.
 */
export function ContactSection(props: Props) {
  // Below the first screenful on every screen: its fields and their masks come in a pass of their own,
  // after the items', the delivery options' and the payment method's.
  return (
    <RenderLater pass={3} placeholder={<div className="checkout-section contact-section--later" />}>
      <ContactFields {...props} />
    </RenderLater>
  );
}

function ContactFields({ ctx, form, autosave }: Props) {
  const enableCnpj = ctx.settings.enableCnpj === true;
  const own = useContactAutosave(form, enableCnpj, { enabled: autosave === undefined });
  const active = autosave ?? own;
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // Leaving a field saves at once what the 3-second pause would have saved (a shopper who goes on
  // to another section, or away, must not wait for it).
  const flushRef = useRef(active.flush);
  flushRef.current = active.flush;
  useEffect(() => {
    const section = sectionRef.current;
    const onFocusOut = () => void flushRef.current();
    section?.addEventListener('focusout', onFocusOut);
    return () => section?.removeEventListener('focusout', onFocusOut);
  }, []);
  const { register, control } = form;
  // Its own subscription: mounted after the page's first render, it must see the errors found before
  // (a draft restored with an invalid value), which the page's form state did not track.
  const { errors } = useFormState({ control });
  const isCorporate = form.watch('isCorporate');

  return (
    <section ref={sectionRef} className="checkout-section contact-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Dados do contato</h2>
      <div className="contact-section__fields">
        <FormField label="Nome" error={errors.name?.message}>
          {(a11y) => <input {...a11y} type="text" autoComplete="name" {...register('name')} />}
        </FormField>
        <FormField label="E-mail" error={errors.email?.message}>
          {(a11y) => (
            <input
              {...a11y}
              type="email"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              {...register('email')}
            />
          )}
        </FormField>
        <MaskedField
          label="CPF"
          error={errors.document?.message}
          control={control}
          name="document"
          named
          mask={CPF_INPUT}
        />

        {enableCnpj ? (
          <div className="contact-section__corporate-toggle">
            <input id={`${headingId}-corporate`} type="checkbox" {...register('isCorporate')} />
            <label htmlFor={`${headingId}-corporate`}>Incluir informações de pessoa jurídica?</label>
          </div>
        ) : null}

        {enableCnpj && isCorporate ? (
          <>
            <MaskedField
              label="CNPJ"
              error={errors.corporateDocument?.message}
              control={control}
              name="corporateDocument"
              named
              mask={CNPJ_INPUT}
            />
            <FormField label="Razão Social" error={errors.corporateName?.message}>
              {(a11y) => (
                <input {...a11y} type="text" autoComplete="organization" {...register('corporateName')} />
              )}
            </FormField>
            <FormField label="Nome Fantasia" error={errors.tradeName?.message}>
              {(a11y) => <input {...a11y} type="text" autoComplete="off" {...register('tradeName')} />}
            </FormField>
            <FormField label="Inscrição Estadual" error={errors.stateInscription?.message}>
              {(a11y) => <input {...a11y} type="text" autoComplete="off" {...register('stateInscription')} />}
            </FormField>
          </>
        ) : null}
      </div>
      <p className="contact-section__note">Dados do contato serão salvos automaticamente após a edição</p>
      {/* Always present, so each new state is announced; quiet (polite) on purpose. */}
      <p className="contact-section__status" role="status">
        {statusText(active)}
      </p>
      {active.error ? (
        <p className="contact-section__error" role="alert">
          {active.error}
        </p>
      ) : null}
    </section>
  );
}

/** The save's state in a few words; nothing before the first edit. */
function statusText({ status, invalidFields }: ContactAutosave): string {
  switch (status) {
    case 'saving':
      return 'Salvando...';
    case 'saved':
      return 'Salvo';
    case 'invalid':
      return invalidFields.length > 0
        ? `Não salvo: verifique ${fieldListText(invalidFields)}.`
        : 'Não salvo.';
    case 'failed':
      return 'Não salvo. O que você digitou continua guardado neste navegador.';
    default:
      return '';
  }
}
