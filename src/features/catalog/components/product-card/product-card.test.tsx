import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { products, renderCard } from './product-card.fixtures.tsx';
import { ProductCard } from './product-card.tsx';
import { ProductCardSkeleton } from './product-card-skeleton.tsx';

const card = (name: string) => screen.getByRole('article', { name });

describe('the product card, contact layout', () => {
  it('shows the picture in a sized, lazy box, the name linking to the product page and the add button', () => {
    renderCard(<ProductCard product={products.rice} layout="contact" />);
    const article = card('Arroz Branco Tipo 1 Camil 5kg');

    const image = within(article).getByRole('img', { name: 'Arroz Branco Tipo 1 Camil 5kg' });
    expect(image).toHaveAttribute('src', '/api/sandbox/media/produto-1001.svg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');

    const heading = within(article).getByRole('heading', { name: 'Arroz Branco Tipo 1 Camil 5kg' });
    expect(within(heading).getByRole('link')).toHaveAttribute('href', '/product/1001');
    expect(
      within(article).getByRole('button', { name: 'Adicionar Arroz Branco Tipo 1 Camil 5kg ao carrinho' }),
    ).toBeEnabled();
  });

  it('keeps the pack size apart from the rest of the name, which alone is clamped; the name reads whole', () => {
    renderCard(<ProductCard product={products.wine} layout="contact" />);
    const heading = screen.getByRole('heading', {
      name: 'Vinho Tinto Casillero del Diablo Cabernet Sauvignon 750ml',
    });
    expect(within(heading).getByText('750ml')).toHaveClass('product-card__pack');
    expect(within(heading).getByText('Vinho Tinto Casillero del Diablo Cabernet Sauvignon')).toHaveClass(
      'product-card__name-head',
    );
  });

  it('leaves out what only the operator sees: highlights, brand, seller and the send button', () => {
    renderCard(<ProductCard product={products.wine} layout="contact" />);
    expect(screen.queryByText(/Vendido e entregue por/)).not.toBeInTheDocument();
    expect(screen.queryByText('Casillero del Diablo')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Destaques' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /para o contato/ })).not.toBeInTheDocument();
  });

  it('loads the picture at once with high priority when the card is above the fold', () => {
    renderCard(<ProductCard product={products.rice} layout="contact" priority />);
    const image = screen.getByRole('img', { name: 'Arroz Branco Tipo 1 Camil 5kg' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('strikes the list price through when it is above the price, read as "De ... Por ..."', () => {
    renderCard(<ProductCard product={products.rice} layout="contact" />);
    const struck = screen.getByText(/R\$\s32,90/);
    expect(struck.tagName).toBe('S');
    expect(struck).toHaveTextContent(/^De R\$\s32,90$/);
    expect(screen.getByText(/R\$\s27,90/)).toHaveTextContent(/^Por R\$\s27,90$/);
  });

  it('shows the promotional price in place of the price, with the offer description', () => {
    renderCard(<ProductCard product={products.coffee} layout="contact" />);
    expect(screen.getByText(/R\$\s16,49/)).toBeInTheDocument();
    expect(screen.queryByText(/R\$\s18,90/)).not.toBeInTheDocument();
    expect(document.querySelector('s')).toBeNull();
    expect(screen.getByText('Assine e receba todo mês sem se preocupar.')).toBeInTheDocument();
  });

  it('shows the min - max range of a product whose variants are priced apart', () => {
    renderCard(<ProductCard product={products.dogFood} layout="contact" />);
    expect(screen.getByText(/^R\$\s24,90 - R\$\s149,90$/)).toBeInTheDocument();
  });

  it('shows the price per kilo and the weight of a product sold by weight', () => {
    renderCard(<ProductCard product={products.banana} layout="contact" />);
    expect(screen.getByText(/^R\$\s6,99\/kg$/)).toBeInTheDocument();
    expect(screen.getByText(/500 g/)).toBeInTheDocument();
  });

  it('shows Indisponível in place of the add button of an inactive product', () => {
    renderCard(<ProductCard product={products.inactive} layout="contact" />);
    expect(screen.getByText('Indisponível')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Adicionar/ })).not.toBeInTheDocument();
  });

  it('offers the subscription dropdown only when the product has subscription offers', () => {
    const { unmount } = renderCard(<ProductCard product={products.coffee} layout="contact" />);
    expect(screen.getByRole('button', { name: 'Assinar Café Torrado e Moído Pilão 500g' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    unmount();
    renderCard(<ProductCard product={products.rice} layout="contact" />);
    expect(screen.queryByRole('button', { name: /^Assinar/ })).not.toBeInTheDocument();
  });

  it('encodes the product id in the link to the product page', () => {
    renderCard(
      <ProductCard product={{ ...products.tShirt, providerId: '11103&1110302' }} layout="contact" />,
    );
    expect(screen.getByRole('link', { name: 'Camiseta Básica Algodão Hering' })).toHaveAttribute(
      'href',
      '/product/11103%261110302',
    );
  });

  it('keeps a sized box when the product has no picture', () => {
    renderCard(<ProductCard product={{ ...products.rice, images: [] }} layout="contact" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(document.querySelector('.product-card__image--empty')).not.toBeNull();
  });
});

describe('the product card, operator layout', () => {
  it('shows highlights, name, brand, seller, prices and the send-to-contact button', async () => {
    renderCard(<ProductCard product={{ ...products.wine, isRestrictedSale: false }} layout="operator" />, {
      platformUser: true,
    });
    const article = card('Vinho Tinto Casillero del Diablo Cabernet Sauvignon 750ml');
    expect(within(article).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Vinho Tinto Casillero del Diablo Cabernet Sauvignon 750ml',
    );
    expect(within(article).getByText('Casillero del Diablo')).toBeInTheDocument();
    expect(within(article).getByText('Vendido e entregue por Adega Santa Cecília')).toBeInTheDocument();
    expect(within(article).getByText(/R\$\s79,90/).tagName).toBe('S');
    expect(within(article).getByText(/R\$\s69,90/)).toBeInTheDocument();
    expect(
      // Its code comes on its own (operators only).
      await within(article).findByRole('button', {
        name: 'Enviar Vinho Tinto Casillero del Diablo Cabernet Sauvignon 750ml para o contato',
      }),
    ).toHaveTextContent('Enviar para o contato');
    expect(within(article).getByRole('button', { name: /^Adicionar/ })).toBeEnabled();
  });

  it('lists the cluster highlights as badges', () => {
    renderCard(<ProductCard product={products.coffee} layout="operator" />, { platformUser: true });
    const highlights = screen.getByRole('list', { name: 'Destaques' });
    expect(
      within(highlights)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Oferta', 'Assinatura']);
  });

  it('shows the weight box and the price per kilo of a product sold by weight', () => {
    renderCard(<ProductCard product={products.banana} layout="operator" />, { platformUser: true });
    expect(screen.getByText('500 g')).toHaveTextContent('Peso: 500 g');
    expect(screen.getByText(/^R\$\s6,99\/kg$/)).toBeInTheDocument();
  });

  it('shows Indisponível for an inactive product, with nothing to send or add', () => {
    renderCard(<ProductCard product={products.inactive} layout="operator" />, { platformUser: true });
    expect(screen.getByText('Indisponível')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('the product card skeleton', () => {
  it('uses the boxes of the card of the same layout and is hidden from screen readers', () => {
    const { container } = renderCard(
      <>
        <ProductCardSkeleton layout="contact" />
        <ProductCardSkeleton layout="operator" />
      </>,
    );
    const [contact, operator] = Array.from(container.querySelectorAll('.product-card--skeleton'));
    expect(contact).toHaveClass('product-card', 'product-card--contact');
    expect(operator).toHaveClass('product-card', 'product-card--operator');
    expect(contact).toHaveAttribute('aria-hidden', 'true');
    expect(contact?.querySelector('.product-card__media .product-card__image')).not.toBeNull();
    expect(contact?.querySelector('.product-card__body .product-card__actions')).not.toBeNull();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
