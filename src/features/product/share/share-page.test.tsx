// The read-only product page of a share link (issue 37): anyone opens it without a session and finds
// the product, the shop's branding and a button per chat address the shop has.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { envelope, failure, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicProductPage } from '@/contract/chat-app.ts';
import { publicProductPageSchema } from '@/contract/chat-app.ts';
import SharePage from './share-page.tsx';

const PATH = '/s/emporio-bom-preco/p/1001';
const LINK = `${window.location.origin}${PATH}`;

function page(overrides: { shop?: object; product?: object } = {}): PublicProductPage {
  return publicProductPageSchema.parse({
    shop: {
      slug: 'emporio-bom-preco',
      name: 'Empório Bom Preço',
      style: { defaultColor: '#14532D', secondaryColor: '#0B6E4F', urlLogo: '/api/sandbox/media/logo.svg' },
      chat: { whatsApp: '5511940028922', messenger: 'emporiobompreco', instagram: 'emporio.bompreco' },
      ...overrides.shop,
    },
    product: {
      providerId: '1001',
      name: 'Café Torrado e Moído 500g',
      description:
        '<p>Café <strong>forte</strong>.</p><script>alert(1)</script><img src=x onerror="alert(2)">',
      price: 32.9,
      promotionalPrice: 27.9,
      images: [{ url: '/api/sandbox/media/produto-1001-1-600w.webp' }],
      isActive: true,
      ...overrides.product,
    },
  });
}

/** Every call the page made, as "METHOD path". */
let calls: string[];

beforeEach(() => {
  calls = [];
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
  });
});

function answers(...responses: (() => Response)[]) {
  let n = 0;
  server.use(
    http.get('/api/public/shops/:slug/products/:productId', () => {
      const answer = responses[Math.min(n, responses.length - 1)];
      n += 1;
      if (!answer) throw new Error('no answer given');
      return answer();
    }),
  );
}

function openSharePage(path = PATH) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/s/:slug/p/:productId" element={<SharePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the share link’s product page', () => {
  it('shows the picture, name, price (promotion struck through) and the sanitized description, with no session', async () => {
    answers(() => envelope(page()));
    openSharePage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Café Torrado e Moído 500g' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Café Torrado e Moído 500g' })).toHaveAttribute(
      'src',
      expect.stringContaining('/api/sandbox/media/produto-1001-1-600w.webp'),
    );
    expect(screen.getByText('R$ 32,90').closest('s')).not.toBeNull();
    expect(screen.getByText('R$ 27,90')).toBeInTheDocument();
    expect(screen.getByText('forte')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    // The shop's branding: its name and colours.
    expect(screen.getByText('Empório Bom Preço')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#14532D');
    // The page's one call: no session was opened or asked for.
    expect(calls).toEqual(['GET /api/public/shops/emporio-bom-preco/products/1001']);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("'Pedir pelo WhatsApp' opens the shop's chat with a text naming the product and its link; Messenger and Instagram too", async () => {
    answers(() => envelope(page()));
    openSharePage();
    const whatsApp = await screen.findByRole('link', { name: 'Pedir pelo WhatsApp' });
    const text = `Olá! Quero pedir este produto: Café Torrado e Moído 500g\n${LINK}`;
    expect(whatsApp).toHaveAttribute('href', `https://wa.me/5511940028922?text=${encodeURIComponent(text)}`);
    expect(screen.getByRole('link', { name: 'Pedir pelo Messenger' })).toHaveAttribute(
      'href',
      'https://m.me/emporiobompreco',
    );
    expect(screen.getByRole('link', { name: 'Pedir pelo Instagram' })).toHaveAttribute(
      'href',
      'https://ig.me/m/emporio.bompreco',
    );
    // Same-tab links: the chat apps' browsers block new windows.
    for (const link of screen.getAllByRole('link')) expect(link).not.toHaveAttribute('target');
  });

  it('a shop with only a WhatsApp number shows only that button', async () => {
    answers(() => envelope(page({ shop: { chat: { whatsApp: '5511940028922' } } })));
    openSharePage();
    expect(await screen.findByRole('link', { name: 'Pedir pelo WhatsApp' })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('a shop without chat addresses shows the product and no button to order', async () => {
    answers(() => envelope(page({ shop: { chat: undefined } })));
    openSharePage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Café Torrado e Moído 500g' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Falar com a loja' })).not.toBeInTheDocument();
  });

  it("an inactive product says 'Este produto está indisponível no estoque' and offers to talk to the shop instead", async () => {
    answers(() =>
      envelope(page({ product: { isActive: false }, shop: { chat: { whatsApp: '5511940028922' } } })),
    );
    openSharePage();
    expect(await screen.findByText('Este produto está indisponível no estoque')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pedir pelo WhatsApp' })).not.toBeInTheDocument();
    const text = `Olá! Tenho interesse neste produto: Café Torrado e Moído 500g\n${LINK}`;
    expect(screen.getByRole('link', { name: 'Falar pelo WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/5511940028922?text=${encodeURIComponent(text)}`,
    );
  });

  it("an unknown product, or a backend without the public read (404), says 'Produto não encontrado' with a way on", async () => {
    answers(() => failure('Produto não encontrado.', 404));
    openSharePage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Produto não encontrado' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir o WhatsApp' })).toHaveAttribute('href', 'https://wa.me/');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('a shop name no shop can have is not found without asking anyone', async () => {
    openSharePage('/s/Not_A_Shop/p/1001');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Produto não encontrado' }),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it.each([
    ['the store is down (503)', () => failure('Nossa loja está temporariamente indisponível.', 503)],
    ['no answer at all', () => HttpResponse.error()],
    ['an answer of the wrong shape', () => envelope({ shop: { slug: 'x' } })],
  ])('when %s, says it could not load the product; Tentar novamente shows it', async (_what, answer) => {
    answers(answer, () => envelope(page()));
    openSharePage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar o produto.');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Café Torrado e Moído 500g' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
