import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { envelope, failure, orderFixture, productFixture, server } from '@tests/msw.ts';
import { seededQueryClient } from '@tests/render.tsx';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ProductPrice } from '@/components/product-price.tsx';
import { FlowStep, RecurrenceType } from '@/contract/enums.ts';
import type { OrderItem } from '@/contract/order.ts';
import { CartLines, NOTE_TOO_LONG } from './cart-lines.tsx';

const shirt = productFixture({
  providerId: '11103',
  name: 'Camiseta Básica Algodão Hering',
  images: [{ url: '/media/produto-11103.svg' }],
  attributes: [
    { providerId: 'cor', name: 'Cor', options: [{ providerId: 'branca', name: 'Branca' }] },
    { providerId: 'tamanho', name: 'Tamanho', options: [{ providerId: 'gg', name: 'GG' }] },
  ],
  dimensions: [
    {
      attributes: { cor: 'branca', tamanho: 'gg' },
      sku: '1110304',
      image: { url: '/media/produto-11103-2.svg' },
      priceDefault: 44.9,
    },
  ],
  hasVariants: true,
});

const shirtLine: OrderItem = {
  index: 0,
  providerId: '11103',
  quantity: 1,
  sku: '1110304',
  attributes: [
    { providerId: 'cor', optionProviderId: 'branca' },
    { providerId: 'tamanho', optionProviderId: 'gg' },
  ],
  name: 'Camiseta Básica Algodão Hering',
  images: [{ url: '/media/produto-11103.svg' }],
  unitPrice: 44.9,
  totalAmout: 44.9,
};

const waterLine: OrderItem = {
  index: 1,
  providerId: '2014',
  quantity: 1,
  sku: '2014',
  attributes: [],
  subscription: { recurrence: { type: RecurrenceType.Weekly, frequency: 2 } },
  name: 'Água Mineral Bonafont Galão 20L',
  images: [{ url: '/media/produto-2014.svg' }],
  unitPrice: 18.9,
  totalAmout: 18.9,
};

function renderLines(
  items: OrderItem[],
  setQuantity: (item: OrderItem, quantity: number) => void = () => {},
) {
  const order = orderFixture({ items });
  return render(
    <QueryClientProvider client={seededQueryClient({ order })}>
      <MemoryRouter initialEntries={['/order']}>
        <Routes>
          <Route
            path="/order"
            element={
              <CartLines
                order={order}
                queue={{
                  quantityOf: (item) => item.quantity,
                  setQuantity,
                  setNote: () => {},
                  noteStatus: () => undefined,
                }}
              />
            }
          />
          <Route path="/catalog" element={<h1>Catálogo</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const line = (name: string) => screen.getByRole('listitem', { name });

describe('a cart line', () => {
  it("of a variant names its options as the product does and shows the variant's picture (axe clean)", async () => {
    server.use(http.get('/api/catalog/products/11103', () => envelope(shirt)));
    const { container } = renderLines([shirtLine]);
    const shirtItem = line('Camiseta Básica Algodão Hering');
    expect(await within(shirtItem).findByText('Cor: Branca · Tamanho: GG')).toBeInTheDocument();
    expect(within(shirtItem).queryByText(/branca · gg/)).not.toBeInTheDocument();
    expect(container.querySelector('.cart-lines__image')).toHaveAttribute(
      'src',
      '/media/produto-11103-2.svg',
    );
    expect(await axeViolations(container)).toEqual([]);
  });

  it('of a variant whose product cannot be loaded still tells the variant by its option ids', async () => {
    server.use(http.get('/api/catalog/products/11103', () => failure('Produto não encontrado.', 404)));
    const { container } = renderLines([shirtLine]);
    expect(await screen.findByText('branca · gg')).toBeInTheDocument();
    expect(container.querySelector('.cart-lines__image')).toHaveAttribute('src', '/media/produto-11103.svg');
  });

  it('bought as a subscription says so, with its frequency; a plain line asks for no product', () => {
    let lookups = 0;
    server.use(
      http.get('/api/catalog/products/:id', () => {
        lookups += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderLines([waterLine]);
    expect(
      within(line('Água Mineral Bonafont Galão 20L')).getByText('Assinatura: a cada 2 Semanas'),
    ).toBeInTheDocument();
    expect(lookups).toBe(0);
  });
});

describe("a cart line's quantity", () => {
  it("is '−', the quantity and '+', and at 1 the '−' is a bin that takes the line out, as on the cards", async () => {
    const changes: number[] = [];
    renderLines([{ ...shirtLine, quantity: 2, totalAmout: 89.8 }, waterLine], (_item, quantity) =>
      changes.push(quantity),
    );
    const shirtRow = within(line(shirtLine.name ?? ''));
    expect(shirtRow.getByRole('button', { name: 'Remover um item' })).toBeEnabled();
    expect(shirtRow.queryByRole('button', { name: /do carrinho$/ })).toBeNull();
    const waterRow = within(line(waterLine.name ?? ''));
    expect(waterRow.queryByRole('button', { name: 'Remover um item' })).toBeNull();
    await userEvent.click(waterRow.getByRole('button', { name: `Remover ${waterLine.name} do carrinho` }));
    expect(changes).toEqual([0]);
    // No separate 'Remover' button under the line any more.
    expect(screen.queryByRole('button', { name: /^Remover Camiseta/ })).toBeNull();
  });
});

describe('an empty cart', () => {
  it('leads back to the products (axe clean)', async () => {
    const { container } = renderLines([]);
    expect(screen.getByText('Seu carrinho está vazio.')).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('link', { name: 'Ver produtos' }));
    expect(screen.getByRole('heading', { name: 'Catálogo' })).toBeInTheDocument();
  });
});

describe('a cart line’s price', () => {
  const coffee = productFixture({
    providerId: '1008',
    name: 'Café Torrado e Moído Pilão 500g',
    price: 18.9,
    promotionalPrice: 16.49,
  });
  const rice = productFixture({
    providerId: '1001',
    name: 'Arroz Branco Tipo 1 Camil 5kg',
    price: 27.9,
    listPrice: 32.9,
  });
  const lineOf = (index: number, product: typeof rice, fields: Partial<OrderItem>): OrderItem => ({
    index,
    providerId: product.providerId,
    quantity: 2,
    sku: product.providerId,
    attributes: [],
    name: product.name,
    images: [],
    totalAmout: 0,
    ...fields,
  });

  /** An element's text, the hidden 'De' and 'Por' included, spaces made plain. */
  const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim();
  /** What a price block reads: its struck price, then its current one. */
  const reading = (price: Element) => Array.from(price.children).map(text).join(' ');

  it('reads as its product’s card does: a promotional price alone, a list price struck above the price', () => {
    renderLines([
      lineOf(0, coffee, { unitPrice: 18.9, promotionalPrice: 16.49 }),
      lineOf(1, rice, { unitPrice: 27.9, listPrice: 32.9 }),
    ]);
    const coffeeLine = line(coffee.name);
    expect(coffeeLine.querySelector('s')).toBeNull();
    expect(reading(coffeeLine.querySelector('.price') as Element)).toBe('R$ 16,49');
    expect(within(coffeeLine).getByText('cada')).toBeInTheDocument();
    const riceLine = line(rice.name);
    expect(text(riceLine.querySelector('s'))).toBe('De R$ 32,90');
    expect(reading(riceLine.querySelector('.price') as Element)).toBe('De R$ 32,90 Por R$ 27,90');

    // The card's own rendering of each product, for comparison.
    const { container } = render(
      <>
        <ProductPrice prices={coffee} />
        <ProductPrice prices={rice} />
      </>,
    );
    const [coffeeCard, riceCard] = container.querySelectorAll('.price');
    expect(reading(coffeeCard as Element)).toBe('R$ 16,49');
    expect(reading(riceCard as Element)).toBe('De R$ 32,90 Por R$ 27,90');
  });

  it('from a backend that sends no list price shows the price alone, as the spec’s rule says', () => {
    renderLines([lineOf(0, rice, { unitPrice: 27.9 })]);
    const riceLine = line(rice.name);
    expect(riceLine.querySelector('s')).toBeNull();
    expect(reading(riceLine.querySelector('.price') as Element)).toBe('R$ 27,90');
  });
});

describe('the lines of an operator’s order, with the seller step and no store chosen', () => {
  const riceLine: OrderItem = {
    index: 0,
    providerId: '1001',
    quantity: 2,
    sku: '1001',
    attributes: [],
    name: 'Arroz Branco Tipo 1 Camil 5kg',
    images: [],
    unitPrice: 27.9,
    totalAmout: 55.8,
  };

  function renderLockedLines(seller?: { providerId: string; name: string }) {
    const order = orderFixture({ items: [riceLine], ...(seller ? { seller } : {}) });
    const changes: number[] = [];
    const queryClient = seededQueryClient({
      order,
      platformUser: true,
      settings: { steps: [FlowStep.Catalog, FlowStep.Seller] },
    });
    const view = render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <CartLines
            order={order}
            queue={{
              quantityOf: (item) => item.quantity,
              setQuantity: (_item, quantity) => changes.push(quantity),
              setNote: () => {},
              noteStatus: () => undefined,
            }}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return { changes, ...view };
  }
  const rice = () => line('Arroz Branco Tipo 1 Camil 5kg');

  it('say why nothing more goes in, and take units out but put none in (axe clean)', async () => {
    const { changes, container } = renderLockedLines();
    expect(
      screen.getByText('Selecione a loja que deseja comprar para liberar os produtos'),
    ).toBeInTheDocument();
    expect(within(rice()).getByRole('button', { name: 'Adicionar mais um item' })).toBeDisabled();
    expect(within(rice()).getByRole('spinbutton', { name: 'Quantidade' })).toHaveAccessibleDescription(
      'Selecione a loja que deseja comprar para liberar os produtos',
    );
    fireEvent.change(within(rice()).getByRole('spinbutton', { name: 'Quantidade' }), {
      target: { value: '9' },
    });
    expect(changes).toEqual([]);
    const user = userEvent.setup();
    await user.click(within(rice()).getByRole('button', { name: 'Remover um item' }));
    expect(changes).toEqual([1]);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('put more in once the store is chosen', () => {
    renderLockedLines({ providerId: 'vendedor-pinheiros', name: 'Loja Pinheiros' });
    expect(screen.queryByText('Selecione a loja que deseja comprar para liberar os produtos')).toBeNull();
    expect(within(rice()).getByRole('button', { name: 'Adicionar mais um item' })).toBeEnabled();
  });
});

describe("a line's note ('Observações')", () => {
  const beans: OrderItem = {
    index: 3,
    providerId: '1003',
    quantity: 1,
    sku: '1003',
    attributes: [],
    name: 'Feijão Carioca Kicaldo 1kg',
    images: [],
    unitPrice: 8.49,
    totalAmout: 8.49,
  };

  function renderNoteLine(item: OrderItem, notes: string[] = []) {
    const order = orderFixture({ items: [item], enablePreferences: true });
    render(
      <QueryClientProvider client={seededQueryClient({ order })}>
        <MemoryRouter>
          <CartLines
            order={order}
            queue={{
              quantityOf: (line) => line.quantity,
              setQuantity: () => {},
              setNote: (_item, note) => notes.push(note),
              noteStatus: () => undefined,
            }}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return within(line(item.name ?? ''));
  }

  it('over 2,000 characters stays in the field, says so under it and is not sent; shortened, it is sent', () => {
    const notes: string[] = [];
    const beansLine = renderNoteLine(beans, notes);
    fireEvent.click(beansLine.getByRole('button', { name: /^Adicionar observação/ }));
    const box = beansLine.getByRole('textbox', { name: 'Observações' });
    const pasted = 'Sem cebola. '.repeat(180);
    fireEvent.change(box, { target: { value: pasted } });
    expect(box).toHaveValue(pasted);
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription(expect.stringContaining(NOTE_TOO_LONG));
    expect(notes).toEqual([]);

    fireEvent.change(box, { target: { value: 'Sem cebola.' } });
    expect(notes).toEqual(['Sem cebola.']);
    expect(box).toBeValid();
    expect(screen.queryByText(NOTE_TOO_LONG)).toBeNull();
  });

  it("is a small 'Adicionar observação' link until the shopper opens it, then a field that saves as typed", async () => {
    const notes: string[] = [];
    const beansLine = renderNoteLine(beans, notes);
    expect(beansLine.queryByRole('textbox', { name: 'Observações' })).toBeNull();
    await userEvent.click(
      beansLine.getByRole('button', { name: 'Adicionar observação para Feijão Carioca Kicaldo 1kg' }),
    );
    const box = beansLine.getByRole('textbox', { name: 'Observações' });
    expect(box).toHaveFocus();
    await userEvent.type(box, 'Bem cozido');
    expect(notes.at(-1)).toBe('Bem cozido');
    await userEvent.tab();
    expect(beansLine.queryByRole('textbox', { name: 'Observações' })).toBeNull();
    expect(beansLine.getByText(/Bem cozido/)).toBeInTheDocument();
  });

  it("shows a saved note's text, and 'Editar observação' opens it with the text", async () => {
    const beansLine = renderNoteLine({ ...beans, preferences: 'Sem cebola' });
    expect(beansLine.getByText('Observação:')).toBeInTheDocument();
    expect(beansLine.getByText(/Sem cebola/)).toBeInTheDocument();
    await userEvent.click(beansLine.getByRole('button', { name: /^Editar observação/ }));
    expect(beansLine.getByRole('textbox', { name: 'Observações' })).toHaveValue('Sem cebola');
  });
});
