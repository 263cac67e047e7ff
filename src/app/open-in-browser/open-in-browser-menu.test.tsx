import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, server } from '@tests/msw.ts';
import { renderWithProviders } from '@tests/render.tsx';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OpenInBrowserMenu from './open-in-browser-menu.tsx';

// 'Abrir no navegador' in the top bar (issue 37): only inside a chat app's own browser, only when
// the backend has the chat app's extensions.

const TOKEN = 'Q'.repeat(43);
/** Instagram's in-app browser on a desktop-like agent: no phone, so no intent or Safari address. */
const INSTAGRAM =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Instagram 357.0';
const INSTAGRAM_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A135M; wv) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36 Instagram 357.0';
const PLAIN_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const withExtension = () =>
  server.use(
    http.get('/api/shop/public-profile', () => envelope({ slug: 'loja-demo', name: 'Loja Demo' })),
    http.post('/api/session/transfer', () =>
      envelope({ token: TOKEN, expiresAt: new Date(Date.now() + 120_000).toISOString() }),
    ),
  );

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

async function openMenu() {
  const user = userEvent.setup();
  const more = await screen.findByRole('button', { name: 'Mais opções' });
  expect(more).toHaveAttribute('aria-expanded', 'false');
  await user.click(more);
  expect(more).toHaveAttribute('aria-expanded', 'true');
  return user;
}

describe("the top bar's 'Abrir no navegador'", () => {
  it('in a chat app’s browser gives the shopper a link to the same page, to copy into the browser', async () => {
    withExtension();
    window.history.replaceState(null, '', '/product/1001?x=1');
    renderWithProviders(<OpenInBrowserMenu userAgent={INSTAGRAM} />);
    const user = await openMenu();
    const action = screen.getByRole('button', { name: 'Abrir no navegador' });
    expect(action).toHaveFocus();
    await user.click(action);

    const dialog = await screen.findByRole('dialog', { name: 'Abrir no navegador' });
    expect(dialog).toBeVisible();
    const link = screen.getByRole('textbox', { name: 'Link para abrir no navegador' });
    expect(link).toHaveValue(`${window.location.origin}/abrir/${TOKEN}?para=%2Fproduct%2F1001%3Fx%3D1`);
    expect(screen.getByText(/cole na barra de endereço do navegador/)).toBeVisible();
    expect(screen.getByText('O link vale por 2 minutos e só pode ser usado uma vez.')).toBeVisible();
    // Without a phone there is no address that opens another browser: the link is the way.
    expect(screen.queryByRole('link', { name: 'Continuar no navegador' })).not.toBeInTheDocument();

    // The chat apps' browsers often have no clipboard: the copy still says what happened.
    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Link copiado!|Selecione e copie o link/);
  });

  it('on Android offers the intent that opens the phone’s browser, beside the link', async () => {
    withExtension();
    // jsdom cannot leave for another app: the attempt is reported, as a webview that refuses would.
    const jsdomNavigation = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<OpenInBrowserMenu userAgent={INSTAGRAM_ANDROID} />);
    const user = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Abrir no navegador' }));
    const go = await screen.findByRole('link', { name: 'Continuar no navegador' });
    expect(go.getAttribute('href')).toBe(
      `intent://${window.location.host}/abrir/${TOKEN}?para=%2F#Intent;scheme=http;end`,
    );
    expect(screen.getByRole('textbox', { name: 'Link para abrir no navegador' })).toHaveValue(
      `${window.location.origin}/abrir/${TOKEN}?para=%2F`,
    );
    jsdomNavigation.mockRestore();
  });

  it('says so in Portuguese when no link could be made, and stays usable', async () => {
    server.use(
      http.get('/api/shop/public-profile', () => envelope({ slug: 'loja-demo' })),
      http.post('/api/session/transfer', () =>
        failure('Muitas tentativas. Aguarde um instante e tente novamente.', 429),
      ),
    );
    renderWithProviders(<OpenInBrowserMenu userAgent={INSTAGRAM} />);
    const user = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Abrir no navegador' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Aguarde um instante e tente novamente.',
    );
    expect(screen.getByRole('button', { name: 'Abrir no navegador' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Escape, the focus back on its button', async () => {
    withExtension();
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

  it('is not there when the backend has no chat app extensions', async () => {
    let asked = 0;
    server.use(
      http.get('/api/shop/public-profile', () => {
        asked += 1;
        return HttpResponse.json(
          {
            success: false,
            data: null,
            errors: [{ message: 'Endereço não encontrado.', code: 404, type: 'not_found', status: 404 }],
          },
          { status: 404 },
        );
      }),
    );
    renderWithProviders(<OpenInBrowserMenu userAgent={INSTAGRAM} />);
    await vi.waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('button', { name: 'Mais opções' })).not.toBeInTheDocument();
  });
});
