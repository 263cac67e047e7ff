import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { envelope, failure, server } from '@tests/msw.ts';
import { renderWithProviders } from '@tests/render.tsx';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { StoreLinkPayload } from '@/contract/tray.ts';
import { LINK_STORE_FAILED } from './api/link-store.ts';
import TrayCallbackPage from './tray-callback-screen.tsx';

const PATH = '/tray/register/callback';
const CODE = 'c0d3-de-autorizacao-9f8e7d6c5b4a';
const TOKEN = 'tok_live_segredo_do_chatbot_42';
const query = new URLSearchParams({
  store: '391250',
  adm_user: '7',
  code: CODE,
  api_address: 'https://www.lojadoze.com.br/web_api',
  store_host: 'https://www.lojadoze.com.br',
});

/** Opens the page as Tray's callback does: the authorization in the address bar. */
function openCallback(search = `?${query}`) {
  window.history.replaceState(null, '', `${PATH}${search}`);
  return renderWithProviders(<TrayCallbackPage />, { path: PATH });
}

function noLinkYet() {
  server.use(
    http.get('/tray/link-store/:id', () => failure('Nenhum chatbot está vinculado a esta loja.', 404)),
  );
}

const chatbotField = () => screen.getByLabelText('Chatbot');
const tokenField = () => screen.getByLabelText('Token');
const linkButton = () => screen.getByRole('button', { name: 'Vincular' });

// The SPA writes nothing to the console here (console.error already fails any component test).
const quiet = ['log', 'info', 'warn', 'debug'] as const;
let spies: MockInstance[] = [];
beforeEach(() => {
  spies = quiet.map((method) => vi.spyOn(console, method));
});
afterEach(() => {
  for (const spy of spies) {
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  }
  window.history.replaceState(null, '', '/');
});

describe('tray/register/callback', () => {
  it('asks to open the page from the Tray admin when the authorization is missing or incomplete', async () => {
    openCallback(`?store=391250&adm_user=7&api_address=x&store_host=y`);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Autorização da Tray ausente ou incompleta. Abra esta página pelo painel da sua loja Tray.',
    );
    expect(screen.queryByRole('button', { name: 'Vincular' })).not.toBeInTheDocument();
  });

  it('reads the query once, then removes it (and the code) from the address bar', async () => {
    const lookedUp: string[] = [];
    server.use(
      http.get('/tray/link-store/:id', ({ params }) => {
        lookedUp.push(String(params.id));
        return failure('Nenhum chatbot está vinculado a esta loja.', 404);
      }),
    );
    openCallback();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe(PATH);
    expect(window.location.href).not.toContain(CODE);
    expect(await screen.findByLabelText('Chatbot')).toBeInTheDocument();
    expect(lookedUp).toEqual(['391250']);
  });

  it('shows the chatbot already linked to the store, locked, with no button', async () => {
    server.use(http.get('/tray/link-store/:id', () => envelope('chatbot-7781')));
    const { container } = openCallback();
    expect(await screen.findByText('Loja vinculada')).toHaveAttribute('role', 'status');
    expect(chatbotField()).toHaveValue('chatbot-7781');
    expect(chatbotField()).toHaveAttribute('readonly');
    expect(tokenField()).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Vincular' })).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('enables Vincular only when both the chatbot and the token are filled', async () => {
    noLinkYet();
    const user = userEvent.setup();
    openCallback();
    await screen.findByLabelText('Chatbot');
    expect(linkButton()).toBeDisabled();
    await user.type(chatbotField(), 'chatbot-7781');
    expect(linkButton()).toBeDisabled();
    await user.type(tokenField(), '   ');
    expect(linkButton()).toBeDisabled();
    await user.clear(tokenField());
    await user.type(tokenField(), TOKEN);
    expect(linkButton()).toBeEnabled();
    await user.clear(chatbotField());
    expect(linkButton()).toBeDisabled();
  });

  it('masks the token, with a toggle to show it', async () => {
    noLinkYet();
    const user = userEvent.setup();
    openCallback();
    await screen.findByLabelText('Token');
    expect(tokenField()).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Mostrar token' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(tokenField()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(tokenField()).toHaveAttribute('type', 'password');
  });

  it('sends the store link payload, then locks the fields and hides the button', async () => {
    noLinkYet();
    const sent: unknown[] = [];
    server.use(
      http.post('/tray/link-store', async ({ request }) => {
        sent.push(await request.json());
        return envelope({ store: '391250', chatbotId: 'chatbot-7781', replaced: false, linkedAt: 'x' });
      }),
    );
    const user = userEvent.setup();
    const { container } = openCallback();
    await user.type(await screen.findByLabelText('Chatbot'), ' chatbot-7781 ');
    await user.type(tokenField(), TOKEN);
    expect(await axeViolations(container)).toEqual([]);
    await user.click(linkButton());

    const status = await screen.findByText('Loja vinculada');
    expect(status).toHaveAttribute('role', 'status');
    await waitFor(() => expect(status).toHaveFocus());
    const payload: StoreLinkPayload = {
      admUser: '7',
      code: CODE,
      apiAddress: 'https://www.lojadoze.com.br/web_api',
      storeHost: 'https://www.lojadoze.com.br',
      store: '391250',
      chatbotId: 'chatbot-7781',
      chatbotToken: TOKEN,
    };
    expect(sent).toEqual([payload]);
    expect(chatbotField()).toHaveValue('chatbot-7781');
    expect(chatbotField()).toHaveAttribute('readonly');
    expect(tokenField()).toHaveAttribute('readonly');
    // The token is not kept in the page once linked.
    expect(tokenField()).toHaveValue('');
    expect(container.innerHTML).not.toContain(TOKEN);
    expect(screen.queryByRole('button', { name: 'Vincular' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mostrar token' })).not.toBeInTheDocument();
  });

  it('says that linking failed and lets the admin try again', async () => {
    noLinkYet();
    let attempts = 0;
    server.use(
      http.post('/tray/link-store', () => {
        attempts += 1;
        if (attempts === 1) return HttpResponse.error();
        return envelope({ store: '391250', chatbotId: 'chatbot-7781', replaced: false, linkedAt: 'x' });
      }),
    );
    const user = userEvent.setup();
    openCallback();
    await user.type(await screen.findByLabelText('Chatbot'), 'chatbot-7781');
    await user.type(tokenField(), TOKEN);
    await user.click(linkButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(LINK_STORE_FAILED);
    expect(alert).not.toHaveTextContent(TOKEN);
    expect(alert).not.toHaveTextContent(CODE);
    // What was typed stays, and the button works again.
    expect(chatbotField()).toHaveValue('chatbot-7781');
    expect(chatbotField()).not.toHaveAttribute('readonly');
    expect(linkButton()).toBeEnabled();

    await user.click(linkButton());
    expect(await screen.findByText('Loja vinculada')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it("shows the server's refusal as the same short message (nothing of the answer echoed)", async () => {
    noLinkYet();
    server.use(
      http.post('/tray/link-store', () =>
        failure('Este código de autorização já foi usado. Autorize o aplicativo novamente na Tray.', 409),
      ),
    );
    const user = userEvent.setup();
    openCallback();
    await user.type(await screen.findByLabelText('Chatbot'), 'chatbot-7781');
    await user.type(tokenField(), TOKEN);
    await user.click(linkButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_STORE_FAILED);
    expect(linkButton()).toBeEnabled();
  });

  it('offers the form when the lookup itself fails', async () => {
    server.use(http.get('/tray/link-store/:id', () => failure('Falha', 500)));
    openCallback();
    const form = (await screen.findByLabelText('Chatbot')).closest('form');
    expect(form).not.toBeNull();
    expect(within(form as HTMLFormElement).getByRole('button', { name: 'Vincular' })).toBeDisabled();
  });
});
