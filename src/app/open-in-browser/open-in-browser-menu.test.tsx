import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, server } from '@tests/msw.ts';
import { renderWithProviders } from '@tests/render.tsx';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OpenInBrowserMenu from './open-in-browser-menu.tsx';

// 'Abrir no navegador' in the top bar (issue 37): only inside a chat app's own browser, only when
// the backend has the session transfer (a backend without the chat app's extensions answers 404).

const FIRST = 'F'.repeat(43);
const SECOND = 'S'.repeat(43);
/** Instagram's in-app browser on a desktop-like agent: no phone, so no intent or Safari address. */
const INSTAGRAM =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Instagram 357.0';
const INSTAGRAM_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A135M; wv) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36 Instagram 357.0';
const PLAIN_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const transfer = (token: string) =>
  envelope({ token, expiresAt: new Date(Date.now() + 120_000).toISOString() });

/** The backend's transfer call: each answer in turn; answers how many tokens were asked for. */
function transfers(...answers: (() => Response)[]) {
  const asked = { count: 0 };
  server.use(
    http.post('/api/session/transfer', () => {
      const answer = answers[Math.min(asked.count, answers.length - 1)];
      asked.count += 1;
      if (!answer) throw new Error('no answer');
      return answer();
    }),
  );
  return asked;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

async function openMenu(user = userEvent.setup()) {
  const more = await screen.findByRole('button', { name: 'Mais opções' });
  expect(more).toHaveAttribute('aria-expanded', 'false');
  await user.click(more);
  expect(more).toHaveAttribute('aria-expanded', 'true');
  return user;
}

const linkField = () => screen.getByRole('textbox', { name: 'Link para abrir no navegador' });

describe("the top bar's 'Abrir no navegador'", () => {
  it('in a chat app’s browser gives the shopper a link to the same page, to copy into the browser', async () => {
    const asked = transfers(
      () => transfer(FIRST),
      () => transfer(SECOND),
    );
    window.history.replaceState(null, '', '/product/1001?x=1');
    renderWithProviders(<OpenInBrowserMenu userAgent={INSTAGRAM} />);
    const user = await openMenu();
    const action = screen.getByRole('button', { name: 'Abrir no navegador' });
    expect(action).toHaveFocus();
    await user.click(action);

    const dialog = await screen.findByRole('dialog', { name: 'Abrir no navegador' });
    expect(dialog).toBeVisible();
    // The token the menu came with: the tap asked for none.
    expect(linkField()).toHaveValue(
      `${window.location.origin}/abrir/${FIRST}?para=%2Fproduct%2F1001%3Fx%3D1`,
    );
    expect(asked.count).toBe(1);
    expect(screen.getByText(/cole na barra de endereço do navegador/)).toBeVisible();
    expect(screen.getByText('O link vale por 2 minutos e só pode ser usado uma vez.')).toBeVisible();
    // Without a phone there is no address that opens another browser: the link is the way.
    expect(screen.queryByRole('link', { name: 'Continuar no navegador' })).not.toBeInTheDocument();

    // The chat apps' browsers often have no clipboard: the copy still says what happened.
    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Link copiado!|Selecione e copie o link/);

    // A token opens once: the next tap gets a new one.
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openMenu(user);
    await user.click(screen.getByRole('button', { name: 'Abrir no navegador' }));
    await screen.findByRole('dialog', { name: 'Abrir no navegador' });
    expect(linkField()).toHaveValue(
      `${window.location.origin}/abrir/${SECOND}?para=%2Fproduct%2F1001%3Fx%3D1`,
    );
    expect(asked.count).toBe(2);
  });

  it('on Android offers the intent that opens the phone’s browser, beside the link', async () => {
    transfers(() => transfer(FIRST));
    // jsdom cannot leave for another app: an attempt it reports is expected here.
    const jsdomNavigation = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<OpenInBrowserMenu userAgent={INSTAGRAM_ANDROID} />);
    const user = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Abrir no navegador' }));
    const go = await screen.findByRole('link', { name: 'Continuar no navegador' });
    expect(go.getAttribute('href')).toBe(
      `intent://${window.location.host}/abrir/${FIRST}?para=%2F#Intent;scheme=http;end`,
    );
    expect(linkField()).toHaveValue(`${window.location.origin}/abrir/${FIRST}?para=%2F`);
    jsdomNavigation.mockRestore();
  });

  it('says so in Portuguese when no new link could be made, and stays usable', async () => {
    transfers(
      () => transfer(FIRST),
      () => failure('Muitas tentativas. Aguarde um instante e tente novamente.', 429),
    );
    renderWithProviders(<OpenInBrowserMenu userAgent={INSTAGRAM} />);
    const user = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Abrir no navegador' }));
    await user.click(await screen.findByRole('button', { name: 'Fechar' }));
    await openMenu(user);
    await user.click(screen.getByRole('button', { name: 'Abrir no navegador' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Aguarde um instante e tente novamente.',
    );
    expect(screen.getByRole('button', { name: 'Abrir no navegador' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Escape, the focus back on its button', async () => {
    transfers(() => transfer(FIRST));
    renderWithProviders(<OpenInBrowserMenu userAgent={INSTAGRAM} />);
    const user = await openMenu();
    await user.keyboard('{Escape}');
    const more = screen.getByRole('button', { name: 'Mais opções' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Abrir no navegador' })).not.toBeInTheDocument();
  });

  it('is not there in a phone’s own browser, which asks the backend nothing', async () => {
    // Any call would be an unhandled request, failing the test.
    renderWithProviders(
      <>
        <OpenInBrowserMenu userAgent={PLAIN_CHROME} />
        <p>Catálogo</p>
      </>,
    );
    await screen.findByText('Catálogo');
    expect(screen.queryByRole('button', { name: 'Mais opções' })).not.toBeInTheDocument();
  });

  it('is not there when the backend has no session transfer', async () => {
    const asked = transfers(() => failure('Endereço não encontrado.', 404));
    renderWithProviders(<OpenInBrowserMenu userAgent={INSTAGRAM} />);
    await vi.waitFor(() => expect(asked.count).toBe(1));
    expect(screen.queryByRole('button', { name: 'Mais opções' })).not.toBeInTheDocument();
  });
});
