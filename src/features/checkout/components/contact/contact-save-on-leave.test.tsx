import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { envelope, failure, orderFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { http } from 'msw';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_MESSAGES } from '@/contract/br-docs.ts';
import { SessionType } from '@/contract/enums.ts';
import type { Customer } from '@/contract/session.ts';
import { draftStorage } from '@/order/checkout-draft.ts';
import { type CheckoutScreen, checkoutSections } from '../../lib/checkout-sections.ts';
import { loadContactDraft } from '../../lib/contact-draft.ts';
import { type ContactFormValues, contactFormSchema, contactFromCustomer } from '../../lib/contact-form.ts';
import { ContactSection } from './contact-section.tsx';
import { CONTACT_AUTOSAVE_DELAY_MS } from './use-contact-autosave.ts';

// Defect: contact edits made less than 3 s before leaving (reload, tab switch, another section) were
// lost without a word. Now leaving saves at once, what was typed is kept until the server holds it,
// and a quiet line says 'Salvando...', 'Salvo' or why not.

const mariana: Customer = {
  name: 'Mariana Souza Oliveira',
  email: 'mariana.oliveira@exemplo.com.br',
  document: '52998224725',
  isCorporate: false,
};
const USER_ID = 'user-shop-1';

const order = orderFixture({ items: [{ index: 0, providerId: 'p1', quantity: 1 }] });
const ctx: CheckoutScreen = {
  order,
  settings: {},
  isPlatformUser: false,
  session: { sessionType: SessionType.Contact, userShop: { id: USER_ID, customer: mariana } },
  sections: checkoutSections({ order, settings: {}, isPlatformUser: false, priceTableCount: 0 }),
};

function Harness() {
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema(false)),
    mode: 'onChange',
    defaultValues: contactFromCustomer(mariana),
  });
  return (
    <>
      <ContactSection ctx={ctx} form={form} />
      <button type="button">Próxima seção</button>
    </>
  );
}

/** The checkout as a (re)loaded page shows it: the server still holds Mariana's saved data. */
const renderContact = () =>
  render(
    <QueryClientProvider client={seededQueryClient({ order })}>
      <Harness />
    </QueryClientProvider>,
  );

type Sent = { body: unknown; keepalive: boolean };
/** Records every customer update; answers with `answer` (success by default). */
function customerUpdates(answer: () => Response | Promise<Response> = () => envelope(null)) {
  const sent: Sent[] = [];
  server.use(
    http.post('/api/customer/update', async ({ request }) => {
      sent.push({ body: await request.json(), keepalive: request.keepalive });
      return answer();
    }),
  );
  return sent;
}

const field = (name: string) => screen.getByLabelText(name);
const saveState = () => screen.getByRole('status');
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function hideThePage() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  draftStorage().clear();
});

describe('contact data on leaving', () => {
  it('leaving a field saves at once, saying Salvando... then Salvo (axe clean)', async () => {
    let answer: () => void = () => {};
    const sent = customerUpdates(
      () =>
        new Promise((resolve) => {
          answer = () => resolve(envelope(null));
        }),
    );
    const { container } = renderContact();
    expect(saveState()).toHaveTextContent('');
    await user.type(field('Nome'), ' Jr');
    await user.click(screen.getByRole('button', { name: 'Próxima seção' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ name: 'Mariana Souza Oliveira Jr' });
    expect(saveState()).toHaveTextContent('Salvando...');
    act(() => answer());
    await waitFor(() => expect(saveState()).toHaveTextContent('Salvo'));
    expect(await axeViolations(container)).toEqual([]);

    // The 3-second save finds nothing new.
    await wait(CONTACT_AUTOSAVE_DELAY_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it('hiding the page (another app, another tab) saves at once with a request that outlives the page', async () => {
    const sent = customerUpdates();
    renderContact();
    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'mari@exemplo.com.br');
    act(() => hideThePage());

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      body: expect.objectContaining({ email: 'mari@exemplo.com.br' }),
      keepalive: true,
    });
    await waitFor(() => expect(saveState()).toHaveTextContent('Salvo'));
  });

  it('closing or reloading the page (pagehide) saves at once', async () => {
    const sent = customerUpdates();
    renderContact();
    await user.type(field('Nome'), ' Jr');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.keepalive).toBe(true);
  });

  it('an edit that could not be saved comes back after a reload, says so, and is saved once the server answers', async () => {
    let serverDown = true;
    const sent = customerUpdates(() => (serverDown ? failure('Serviço indisponível', 503) : envelope(null)));
    const first = renderContact();
    await user.type(field('Nome'), ' Jr');
    await wait(CONTACT_AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(saveState()).toHaveTextContent('Não salvo.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Serviço indisponível');
    first.unmount();

    renderContact();
    expect(field('Nome')).toHaveValue('Mariana Souza Oliveira Jr');
    await waitFor(() =>
      expect(saveState()).toHaveTextContent(
        'Não salvo. O que você digitou continua guardado neste navegador.',
      ),
    );

    serverDown = false;
    await user.type(field('Nome'), '.');
    await wait(CONTACT_AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(saveState()).toHaveTextContent('Salvo'));
    expect(sent.at(-1)?.body).toMatchObject({ name: 'Mariana Souza Oliveira Jr.' });
    expect(loadContactDraft(USER_ID)).toBeUndefined();
  });

  it('an invalid e-mail is kept after a reload with its error, and is not sent', async () => {
    const sent = customerUpdates();
    const first = renderContact();
    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'mariana@');
    await wait(CONTACT_AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(saveState()).toHaveTextContent('Não salvo: verifique E-mail.'));
    first.unmount();

    renderContact();
    expect(field('E-mail')).toHaveValue('mariana@');
    expect(await screen.findByText(CUSTOMER_MESSAGES.email)).toBeInTheDocument();
    expect(field('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(saveState()).toHaveTextContent('Não salvo: verifique E-mail.'));
    expect(sent).toEqual([]);
  });

  it('keeps nothing once the server holds what was typed', async () => {
    customerUpdates();
    renderContact();
    await user.type(field('Nome'), ' Jr');
    expect(loadContactDraft(USER_ID)?.name).toBe('Mariana Souza Oliveira Jr');
    await wait(CONTACT_AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(saveState()).toHaveTextContent('Salvo'));
    expect(loadContactDraft(USER_ID)).toBeUndefined();
  });
});
