import { screen, waitFor } from '@testing-library/react';
import { envelope, failure, server } from '@tests/msw.ts';
import { renderWithProviders } from '@tests/render.tsx';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import TrayRegisterPage from './tray-register-screen.tsx';

const REFUSED = 'Endereço da loja inválido. Abra esta página pelo painel da sua loja Tray.';

/** The BFF's GET /tray/authorize, recording the store addresses it was asked about. */
function authorizeAnswering(answer: (url: string) => Response) {
  const asked: string[] = [];
  server.use(
    http.get('/tray/authorize', ({ request }) => {
      const url = new URL(request.url).searchParams.get('url') ?? '';
      asked.push(url);
      return answer(url);
    }),
  );
  return asked;
}

const openRegister = (storeUrl?: string) =>
  renderWithProviders(<TrayRegisterPage />, {
    path: storeUrl === undefined ? '/tray/register' : `/tray/register?url=${encodeURIComponent(storeUrl)}`,
  });

describe('tray/register', () => {
  it('refuses an invalid store address as soon as the page opens, with no Authorize button', async () => {
    const asked = authorizeAnswering(() => failure(REFUSED, 400));
    openRegister('https://user:senha@evil.example/caminho');
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSED);
    expect(screen.queryByRole('button', { name: 'Autorizar' })).not.toBeInTheDocument();
    expect(asked).toEqual(['https://user:senha@evil.example/caminho']);
  });

  it('offers Authorize for a store address the BFF accepts', async () => {
    const asked = authorizeAnswering((url) =>
      envelope({ authorizeUrl: `${url}/auth.php?response_type=code&consumer_key=k&callback=c` }),
    );
    openRegister('https://www.lojadoze.com.br');
    expect(screen.getByText('https://www.lojadoze.com.br')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Autorizar' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asked).toEqual(['https://www.lojadoze.com.br']);
  });

  it('says when Tray linking is not configured, keeping the button to try again', async () => {
    authorizeAnswering(() => failure('A vinculação com a Tray não está configurada nesta loja.', 503));
    openRegister('https://www.lojadoze.com.br');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A vinculação com a Tray não está configurada nesta loja.',
    );
    expect(screen.getByRole('button', { name: 'Autorizar' })).toBeEnabled();
  });

  it('without url asks to open the page from the Tray admin (and asks the BFF nothing)', () => {
    const asked = authorizeAnswering(() => failure(REFUSED, 400));
    openRegister();
    expect(screen.getByRole('alert')).toHaveTextContent('Abra esta página pelo painel da sua loja Tray.');
    expect(asked).toEqual([]);
  });
});
