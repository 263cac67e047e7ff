import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { HttpResponse, http } from 'msw';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_MESSAGES } from '@/contract/br-docs.ts';
import { SessionType } from '@/contract/enums.ts';
import type { Customer } from '@/contract/session.ts';
import type { ShopSettings } from '@/contract/shop-settings.ts';
import { draftStorage } from '@/order/checkout-draft.ts';
import { sessionQuery } from '@/session/use-session.ts';
import { type CheckoutScreen, checkoutSections } from '../../lib/checkout-sections.ts';
import { type ContactFormValues, contactFormSchema, contactFromCustomer } from '../../lib/contact-form.ts';
import { NOT_ACCEPTED_MESSAGE } from '../../lib/server-message.ts';
import type { ContactField } from './contact-fields.ts';
import { ContactSection } from './contact-section.tsx';
import { CONTACT_AUTOSAVE_DELAY_MS, useContactAutosave } from './use-contact-autosave.ts';

const mariana: Customer = {
  name: 'Mariana Souza Oliveira',
  email: 'mariana.oliveira@exemplo.com.br',
  document: '52998224725',
  isCorporate: false,
};

function screenFor(settings: ShopSettings): CheckoutScreen {
  const order = orderFixture({ items: [{ index: 0, providerId: 'p1', quantity: 1 }] });
  return {
    order,
    settings,
    isPlatformUser: false,
    session: { sessionType: SessionType.Contact, userShop: { id: 'user-shop-1', customer: mariana } },
    sections: checkoutSections({ order, settings, isPlatformUser: false, priceTableCount: 0 }),
  };
}

/** The contact form as the page creates it: the schema of the shop's CNPJ setting, mode onChange. */
function Harness({ ctx, customer }: { ctx: CheckoutScreen; customer: Customer }) {
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema(ctx.settings.enableCnpj === true)),
    mode: 'onChange',
    defaultValues: contactFromCustomer(customer),
  });
  return <ContactSection ctx={ctx} form={form} />;
}

/** The page's way: its own autosave, flushed by 'Finalizar'. */
function FlushingHarness({ ctx, onFlushed }: { ctx: CheckoutScreen; onFlushed(saved: boolean): void }) {
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema(false)),
    mode: 'onChange',
    defaultValues: contactFromCustomer(mariana),
  });
  const autosave = useContactAutosave(form, false);
  return (
    <>
      <ContactSection ctx={ctx} form={form} autosave={autosave} />
      <button type="button" onClick={() => void autosave.flush().then(onFlushed)}>
        Finalizar
      </button>
    </>
  );
}

/** The page's way with a server refusal: its autosave tells which field to open and focus. */
function RefusedHarness({ ctx, onRefused }: { ctx: CheckoutScreen; onRefused(field: ContactField): void }) {
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema(false)),
    mode: 'onChange',
    defaultValues: contactFromCustomer(mariana),
  });
  const autosave = useContactAutosave(form, false, { onRefused });
  return <ContactSection ctx={ctx} form={form} autosave={autosave} />;
}

function renderContact({
  settings = {},
  customer = mariana,
}: {
  settings?: ShopSettings;
  customer?: Customer;
} = {}) {
  const queryClient = seededQueryClient({ settings, order: orderFixture() });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Harness ctx={screenFor(settings)} customer={customer} />
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}

/** Records every customer update; answers with `answer` (success by default). */
function customerUpdates(answer: () => Response = () => envelope(null)) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/customer/update', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

const field = (name: string) => screen.getByLabelText(name);
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => {
  vi.useRealTimers();
  // The contact draft lives in localStorage (and the tab storage's memory copy of it).
  draftStorage().clear();
});

/** The error shown under a field: the element its aria-describedby points to, with role alert. */
function errorOf(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const alert = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.getAttribute('role') === 'alert');
  return alert?.textContent ?? null;
}

describe('ContactSection', () => {
  it('shows Nome, E-mail and CPF filled from the customer, the autosave note, and no CNPJ box by default (axe clean)', async () => {
    customerUpdates();
    const { container } = renderContact();
    expect(screen.getByRole('heading', { name: 'Dados do contato' })).toBeInTheDocument();
    expect(field('Nome')).toHaveValue('Mariana Souza Oliveira');
    expect(field('E-mail')).toHaveValue('mariana.oliveira@exemplo.com.br');
    expect(field('CPF')).toHaveValue('529.982.247-25');
    expect(field('CPF')).toHaveAttribute('inputmode', 'numeric');
    expect(
      screen.getByText('Dados do contato serão salvos automaticamente após a edição'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Incluir informações de pessoa jurídica?')).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows the spec’s messages under Nome, E-mail and CPF, announced and tied to the fields', async () => {
    customerUpdates();
    renderContact();

    await user.clear(field('Nome'));
    expect(await screen.findByText(CUSTOMER_MESSAGES.name)).toHaveAttribute('role', 'alert');
    expect(field('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(field('Nome'))).toBe('Nome é obrigatório.');

    await user.type(field('E-mail'), ' x');
    await waitFor(() =>
      expect(errorOf(field('E-mail'))).toBe(
        'O e-mail digitado é inválido. Verifique se há espaços ou caracteres incorretos.',
      ),
    );

    await user.clear(field('CPF'));
    await user.type(field('CPF'), '52998224700');
    expect(field('CPF')).toHaveValue('529.982.247-00');
    await waitFor(() => expect(errorOf(field('CPF'))).toBe('CPF inválido.'));

    await user.type(field('Nome'), 'Ana');
    await waitFor(() => expect(field('Nome')).toHaveAttribute('aria-invalid', 'false'));
    expect(errorOf(field('Nome'))).toBeNull();
  });

  it('with the CNPJ setting, the box reveals CNPJ, Razão Social, Nome Fantasia and Inscrição Estadual with their messages', async () => {
    customerUpdates();
    const { container } = renderContact({ settings: { enableCnpj: true } });
    const box = screen.getByRole('checkbox', { name: 'Incluir informações de pessoa jurídica?' });
    expect(screen.queryByLabelText('CNPJ')).not.toBeInTheDocument();

    await user.click(box);
    for (const name of ['CNPJ', 'Razão Social', 'Nome Fantasia', 'Inscrição Estadual']) {
      expect(field(name)).toBeInTheDocument();
    }
    expect(await axeViolations(container)).toEqual([]);

    await user.type(field('CNPJ'), '1');
    await user.clear(field('CNPJ'));
    await waitFor(() => expect(errorOf(field('CNPJ'))).toBe('CNPJ é obrigatório.'));
    await user.type(field('CNPJ'), '11222333000182');
    expect(field('CNPJ')).toHaveValue('11.222.333/0001-82');
    await waitFor(() => expect(errorOf(field('CNPJ'))).toBe('CNPJ inválido.'));

    await user.type(field('Razão Social'), 'M');
    await user.clear(field('Razão Social'));
    await waitFor(() => expect(errorOf(field('Razão Social'))).toBe('Insira uma razão social.'));
    await user.type(field('Nome Fantasia'), 'M');
    await user.clear(field('Nome Fantasia'));
    await waitFor(() => expect(errorOf(field('Nome Fantasia'))).toBe('Insira um nome fantasia.'));
  });

  it('an alphanumeric CNPJ typed as 12abc34501de35 shows as 12.ABC.345/01DE-35, is accepted and saved without its mask', async () => {
    const bodies = customerUpdates();
    renderContact({ settings: { enableCnpj: true } });
    await user.click(screen.getByRole('checkbox', { name: 'Incluir informações de pessoa jurídica?' }));
    await user.type(field('CNPJ'), '12abc34501de35');
    expect(field('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
    await user.type(field('Razão Social'), 'Mariana Oliveira Alimentos Ltda');
    await user.type(field('Nome Fantasia'), 'Empório da Mari');
    await waitFor(() => expect(field('CNPJ')).toHaveAttribute('aria-invalid', 'false'));
    expect(errorOf(field('CNPJ'))).toBeNull();

    await wait(CONTACT_AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      isCorporate: true,
      corporateDocument: '12ABC34501DE35',
      corporateName: 'Mariana Oliveira Alimentos Ltda',
      tradeName: 'Empório da Mari',
    });
  });

  it('saves 3 seconds after the last change, with the CPF without its mask, and writes the session', async () => {
    const bodies = customerUpdates();
    const { queryClient } = renderContact();
    await user.clear(field('Nome'));
    await user.type(field('Nome'), 'Mariana S. Oliveira');

    await wait(CONTACT_AUTOSAVE_DELAY_MS - 500);
    await user.type(field('Nome'), ' Jr');
    await wait(CONTACT_AUTOSAVE_DELAY_MS - 100);
    expect(bodies).toEqual([]);

    await wait(100);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Mariana S. Oliveira Jr',
      email: 'mariana.oliveira@exemplo.com.br',
      document: '52998224725',
      isCorporate: false,
    });
    await waitFor(() =>
      expect(queryClient.getQueryData(sessionQuery.queryKey)?.session.userShop?.customer?.name).toBe(
        'Mariana S. Oliveira Jr',
      ),
    );

    // Nothing new: no second save.
    await wait(CONTACT_AUTOSAVE_DELAY_MS * 2);
    expect(bodies).toHaveLength(1);
  });

  it('does not save while the form is invalid, nor when the data is back to what was saved', async () => {
    const bodies = customerUpdates();
    renderContact();
    await user.type(field('E-mail'), ' ');
    await wait(CONTACT_AUTOSAVE_DELAY_MS * 2);
    expect(bodies).toEqual([]);

    await user.type(field('E-mail'), '{Backspace}');
    await waitFor(() => expect(field('E-mail')).toHaveAttribute('aria-invalid', 'false'));
    await wait(CONTACT_AUTOSAVE_DELAY_MS * 2);
    expect(bodies).toEqual([]);
  });

  it('shows the server’s field errors under their fields', async () => {
    const bodies = customerUpdates(() =>
      HttpResponse.json(
        {
          success: false,
          data: null,
          errors: [
            { message: CUSTOMER_MESSAGES.cpf, code: 400, type: 'validation', status: 400, field: 'document' },
            { message: CUSTOMER_MESSAGES.email, code: 400, type: 'validation', status: 400, field: 'email' },
          ],
        },
        { status: 400 },
      ),
    );
    renderContact();
    await user.type(field('Nome'), ' Jr');
    await wait(CONTACT_AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(bodies).toHaveLength(1));
    await waitFor(() => expect(errorOf(field('CPF'))).toBe('CPF inválido.'));
    expect(field('CPF')).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(field('E-mail'))).toBe(CUSTOMER_MESSAGES.email);
    expect(errorOf(field('Nome'))).toBeNull();
  });

  it('shows a failure that belongs to no field under the section', async () => {
    customerUpdates(() => failure('Serviço indisponível'));
    renderContact();
    await user.type(field('Nome'), ' Jr');
    await wait(CONTACT_AUTOSAVE_DELAY_MS);
    expect(await screen.findByRole('alert')).toHaveTextContent('Serviço indisponível');
  });

  it('the page’s flush saves at once what is waiting, once', async () => {
    const bodies = customerUpdates();
    const flushed: boolean[] = [];
    render(
      <QueryClientProvider client={seededQueryClient({ order: orderFixture() })}>
        <FlushingHarness ctx={screenFor({})} onFlushed={(saved) => flushed.push(saved)} />
      </QueryClientProvider>,
    );
    await user.type(field('Nome'), ' Jr');
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(flushed).toEqual([true]));
    expect(bodies).toEqual([expect.objectContaining({ name: 'Mariana Souza Oliveira Jr' })]);
    await wait(CONTACT_AUTOSAVE_DELAY_MS * 2);
    expect(bodies).toHaveLength(1);
  });

  it('a name over 200 characters says ‘Use no máximo 200 caracteres.’ under Nome and is never sent', async () => {
    const bodies = customerUpdates();
    renderContact();
    await user.clear(field('Nome'));
    await user.click(field('Nome'));
    await user.paste('M'.repeat(250));
    await waitFor(() => expect(errorOf(field('Nome'))).toBe('Use no máximo 200 caracteres.'));
    expect(field('Nome')).toHaveValue('M'.repeat(250));
    expect(field('Nome')).toHaveAttribute('aria-invalid', 'true');
    await wait(CONTACT_AUTOSAVE_DELAY_MS);
    expect(screen.getByRole('status')).toHaveTextContent('Não salvo: verifique Nome.');
    expect(bodies).toEqual([]);
  });

  it('with the CNPJ box ticked, a Razão Social over 200 and an Inscrição Estadual over 30 characters say their bounds', async () => {
    renderContact({ settings: { enableCnpj: true } });
    await user.click(screen.getByLabelText('Incluir informações de pessoa jurídica?'));
    await user.click(field('Razão Social'));
    await user.paste('R'.repeat(201));
    await user.click(field('Inscrição Estadual'));
    await user.paste('1'.repeat(31));
    await waitFor(() => expect(errorOf(field('Razão Social'))).toBe('Use no máximo 200 caracteres.'));
    expect(errorOf(field('Inscrição Estadual'))).toBe('Use no máximo 30 caracteres.');
  });

  it('a field the server refuses by its English key (‘O campo name é inválido.’) gets a Portuguese message, and the page is told to open and focus it', async () => {
    customerUpdates(() => failure('O campo name é inválido.', 400));
    const refused: ContactField[] = [];
    const { container } = render(
      <QueryClientProvider client={seededQueryClient({ order: orderFixture() })}>
        <RefusedHarness ctx={screenFor({})} onRefused={(name) => refused.push(name)} />
      </QueryClientProvider>,
    );
    await user.type(field('Nome'), ' Jr');
    await wait(CONTACT_AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(errorOf(field('Nome'))).toBe(NOT_ACCEPTED_MESSAGE));
    expect(refused).toEqual(['name']);
    expect(container).not.toHaveTextContent(/\bname\b/);
  });
});
