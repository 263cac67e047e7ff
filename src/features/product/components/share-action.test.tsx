// The shopper's 'Compartilhar' on the product page (issue 37): the product's share link through the
// phone's share sheet, or WhatsApp with the link where there is none (or it fails).

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, failure, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { http } from 'msw';
import { afterEach, expect, it, vi } from 'vitest';
import { ShareAction } from './share-action.tsx';

const SHARE_URL = `${window.location.origin}/s/emporio-bom-preco/p/1001`;
const TEXT = 'Veja este produto: Café Torrado e Moído 500g';

function withProfile() {
  server.use(
    http.get('/api/shop/public-profile', () =>
      envelope({ slug: 'emporio-bom-preco', name: 'Empório Bom Preço', chat: { whatsApp: '5511940028922' } }),
    ),
  );
}

function withShare(share: ((data: ShareData) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'share', { configurable: true, value: share });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

function renderAction() {
  const leave = vi.fn();
  render(
    <QueryClientProvider client={seededQueryClient({})}>
      <ShareAction providerId="1001" name="Café Torrado e Moído 500g" leave={leave} />
    </QueryClientProvider>,
  );
  return leave;
}

it('without the Web Share API, Compartilhar is a WhatsApp link with the text and the share link', async () => {
  withProfile();
  withShare(undefined);
  renderAction();
  const link = await screen.findByRole('link', { name: 'Compartilhar' });
  expect(link).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`${TEXT}\n${SHARE_URL}`)}`);
  expect(link).not.toHaveAttribute('target');
});

it('with the Web Share API, Compartilhar opens the share sheet with the title, the text and the share link', async () => {
  withProfile();
  const share = vi.fn(async (_data: ShareData) => {});
  withShare(share);
  const leave = renderAction();
  await userEvent.click(await screen.findByRole('button', { name: 'Compartilhar' }));
  expect(share).toHaveBeenCalledWith({ title: 'Café Torrado e Moído 500g', text: TEXT, url: SHARE_URL });
  expect(leave).not.toHaveBeenCalled();
});

it('a shopper who closes the share sheet stays on the page', async () => {
  withProfile();
  const share = vi.fn(async () => {
    throw new DOMException('Share canceled', 'AbortError');
  });
  withShare(share);
  const leave = renderAction();
  await userEvent.click(await screen.findByRole('button', { name: 'Compartilhar' }));
  await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
  expect(leave).not.toHaveBeenCalled();
});

it('a share sheet that fails goes to WhatsApp with the text and the share link', async () => {
  withProfile();
  withShare(async () => {
    throw new DOMException('Permission denied', 'NotAllowedError');
  });
  const leave = renderAction();
  await userEvent.click(await screen.findByRole('button', { name: 'Compartilhar' }));
  await waitFor(() =>
    expect(leave).toHaveBeenCalledWith(`https://wa.me/?text=${encodeURIComponent(`${TEXT}\n${SHARE_URL}`)}`),
  );
});

it('a shop without a public profile (a backend without the extension, 404) has no share action', async () => {
  let reads = 0;
  server.use(
    http.get('/api/shop/public-profile', () => {
      reads += 1;
      return failure('Não encontrado.', 404);
    }),
  );
  renderAction();
  await waitFor(() => expect(reads).toBe(1));
  expect(screen.queryByRole('button', { name: 'Compartilhar' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Compartilhar' })).not.toBeInTheDocument();
});
