import { render, screen } from '@testing-library/react';
import { axeViolations } from '@tests/axe.ts';
import { describe, expect, it } from 'vitest';
import type { Product } from '@/contract/catalog.ts';
import {
  ProductBrand,
  ProductFacts,
  ProductHighlights,
  ProductOfferDescription,
  ProductSeller,
  ProductShippingRestriction,
  ProductUnavailable,
  ProductWeight,
} from './product-facts.tsx';

const product = (overrides: Partial<Product> = {}): Product => ({
  providerId: 'p1',
  name: 'Café',
  ...overrides,
});

describe('the product facts', () => {
  it('shows the cluster highlights as a list of badges, skipping nameless ones', () => {
    render(
      <ProductHighlights highlights={[{ id: '1', name: 'Frete grátis' }, { id: '2' }, { name: 'Novo' }]} />,
    );
    const list = screen.getByRole('list', { name: 'Destaques' });
    expect(list).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Frete grátis', 'Novo']);
  });

  it('renders no highlights list when there are none', () => {
    expect(render(<ProductHighlights highlights={[]} />).container).toBeEmptyDOMElement();
  });

  it('shows the offer description as a note, not an alert', () => {
    render(<ProductOfferDescription text="Leve 3, pague 2" />);
    expect(screen.getByRole('note')).toHaveTextContent('Leve 3, pague 2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the brand and 'Vendido e entregue por' the seller", () => {
    render(
      <>
        <ProductBrand name="Melitta" />
        <ProductSeller sellerName="Loja do Zé" />
      </>,
    );
    expect(screen.getByText('Melitta')).toBeInTheDocument();
    expect(screen.getByText('Vendido e entregue por Loja do Zé')).toBeInTheDocument();
  });

  it('renders no brand or seller when they are missing', () => {
    const { container } = render(
      <>
        <ProductBrand />
        <ProductSeller sellerName="" />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the weight and the price per kilo of a product sold by kilo', () => {
    const { container } = render(
      <ProductWeight product={product({ soldInKilo: true, amountInKilo: 0.5, kilogramPrice: 6.99 })} />,
    );
    expect(screen.getByText('500 g')).toBeInTheDocument();
    expect(screen.getByText('R$\u00a06,99/kg', { normalizer: (text) => text })).toBeInTheDocument();
    expect(container.textContent).toBe('500 g · R$\u00a06,99/kg');
  });

  it('shows no weight for a product not sold by kilo', () => {
    const { container } = render(<ProductWeight product={product({ amountInKilo: 1, kilogramPrice: 5 })} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the product's own shipping restriction message, else the shop's", () => {
    const { rerender } = render(
      <ProductShippingRestriction
        product={product({ hasShippingRestriction: true, shippingRestrictionMessage: 'Só para São Paulo' })}
        defaultMessage="Entrega restrita"
      />,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Só para São Paulo');
    rerender(
      <ProductShippingRestriction
        product={product({ hasShippingRestriction: true })}
        defaultMessage="Entrega restrita"
      />,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Entrega restrita');
  });

  it('shows no shipping restriction for an inactive or unrestricted product', () => {
    const { container } = render(
      <>
        <ProductShippingRestriction
          product={product({ isActive: false, hasShippingRestriction: true })}
          defaultMessage="Entrega restrita"
        />
        <ProductShippingRestriction product={product()} defaultMessage="Entrega restrita" />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("says 'Este produto está indisponível no estoque' only for an inactive product", () => {
    const { rerender } = render(<ProductUnavailable product={product({ isActive: false })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Este produto está indisponível no estoque');
    rerender(<ProductUnavailable product={product({ isActive: true })} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(<ProductUnavailable product={product()} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('puts every fact together, accessibly', async () => {
    const { container } = render(
      <ProductFacts
        product={product({
          soldInKilo: true,
          amountInKilo: 1,
          kilogramPrice: 10,
          clusterHighlights: [{ name: 'Oferta' }],
          offerDescription: 'Desconto no atacado',
          brand: { name: 'Pilão' },
          sellerName: 'Mercado Bom',
          hasShippingRestriction: true,
        })}
        shippingRestrictionMessage="Entrega restrita"
      />,
    );
    expect(screen.getByText('1 kg')).toBeInTheDocument();
    expect(screen.getByText('R$\u00a010,00/kg', { normalizer: (text) => text })).toBeInTheDocument();
    expect(screen.getByText('Oferta')).toBeInTheDocument();
    expect(screen.getByText('Desconto no atacado')).toBeInTheDocument();
    expect(screen.getByText('Pilão')).toBeInTheDocument();
    expect(screen.getByText('Vendido e entregue por Mercado Bom')).toBeInTheDocument();
    expect(screen.getByText('Entrega restrita')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });
});
