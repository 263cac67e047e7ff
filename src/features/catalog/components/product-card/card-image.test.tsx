import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '@/contract/catalog.ts';
import { CARD_IMAGE_SIZES } from '@/products/card-image.ts';
import { renderCard } from './product-card.fixtures.tsx';
import { ProductCard } from './product-card.tsx';

const coffee: Product = {
  providerId: '1008',
  name: 'Café Torrado e Moído Pilão 500g',
  price: 18.9,
  isActive: true,
  images: [{ url: '/api/sandbox/media/produto-1008-0123abcd-600w.webp' }],
};

const SRCSET =
  '/api/sandbox/media/produto-1008-0123abcd-200w.webp 200w, ' +
  '/api/sandbox/media/produto-1008-0123abcd-400w.webp 400w, ' +
  '/api/sandbox/media/produto-1008-0123abcd-600w.webp 600w, ' +
  '/api/sandbox/media/produto-1008-0123abcd-900w.webp 900w';

describe('the product card’s picture, kept by the backend at several widths', () => {
  it('lets a shopper’s phone pick the width its grid column needs, still in a sized box', () => {
    renderCard(<ProductCard product={coffee} layout="contact" />);
    const image = screen.getByRole('img', { name: coffee.name });
    expect(image).toHaveAttribute('src', '/api/sandbox/media/produto-1008-0123abcd-600w.webp');
    expect(image).toHaveAttribute('srcset', SRCSET);
    expect(image).toHaveAttribute('sizes', CARD_IMAGE_SIZES.contact);
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
  });

  it('draws the operator’s small picture from the smallest width', () => {
    renderCard(<ProductCard product={coffee} layout="operator" />);
    const image = screen.getByRole('img', { name: coffee.name });
    expect(image).toHaveAttribute('srcset', SRCSET);
    expect(image).toHaveAttribute('sizes', '96px');
  });

  it('keeps a picture of unknown widths as it is', () => {
    renderCard(
      <ProductCard
        product={{ ...coffee, images: [{ url: 'https://cdn.example/cafe.jpg' }] }}
        layout="contact"
      />,
    );
    const image = screen.getByRole('img', { name: coffee.name });
    expect(image).toHaveAttribute('src', 'https://cdn.example/cafe.jpg');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
  });
});
