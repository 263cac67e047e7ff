import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, Facet } from '@/contract/catalog.ts';
import { FacetFilterBar } from './facet-filter-bar.tsx';
import { FilterButton } from './filter-button.tsx';
import { useFilterOverlay } from './use-filter-overlay.ts';
import { WIDE_SCREEN_QUERY } from './use-overlay-panel.ts';

const facets: Facet[] = [
  {
    key: 'brand',
    name: 'Marca',
    hidden: false,
    values: [
      { name: 'Camil', value: 'Camil', quantity: 4 },
      { name: 'Tio João', value: 'Tio João', quantity: 2 },
    ],
  },
  {
    key: 'price',
    name: 'Preço',
    hidden: false,
    values: [
      { name: 'R$ 3,49 a R$ 149,90', value: '3.49-149.9', quantity: 6, range: { from: 3.49, to: 149.9 } },
    ],
  },
];

const categories: Category[] = [{ providerId: '1', name: 'Mercearia' }];

/** The catalogue's arrangement: 'Filtrar' in the search row, the panel, then the product list. */
function Catalogue({
  activeCount,
  onClear,
  onFilterCategories = vi.fn(),
}: {
  activeCount: number;
  onClear(): void;
  onFilterCategories?(categoryId: string | undefined, subcategoryId: string | undefined): void;
}) {
  const overlay = useFilterOverlay();
  return (
    <>
      <FilterButton overlay={overlay} count={activeCount} />
      <FacetFilterBar
        overlay={overlay}
        activeCount={activeCount}
        onClear={onClear}
        productsId="produtos"
        facets={facets}
        filters={[]}
        onToggleValue={vi.fn()}
        onPriceRange={vi.fn()}
        showCategoryFacets
        categories={categories}
        selectedCategoryId={undefined}
        selectedSubcategoryId={undefined}
        onFilterCategories={onFilterCategories}
      />
      <ul id="produtos" tabIndex={-1} aria-label="Produtos">
        <li>Arroz</li>
      </ul>
    </>
  );
}

function setup(activeCount = 0) {
  const onClear = vi.fn();
  render(<Catalogue activeCount={activeCount} onClear={onClear} />, { wrapper: MemoryRouter });
  return { user: userEvent.setup(), onClear };
}

const opener = () => screen.getByRole('button', { name: /^Filtrar(,|$)/ });
const overlay = () => screen.getByRole('dialog', { name: 'Filtros' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the filter panel', () => {
  it('is a complementary panel titled Filtros', () => {
    setup();
    expect(screen.getByRole('complementary', { name: 'Filtros' })).toBeInTheDocument();
  });

  it("on a phone, loads its sections only once 'Filtrar' opens it", async () => {
    const { user } = setup();
    expect(screen.queryByRole('checkbox', { name: 'Camil (4)' })).not.toBeInTheDocument();
    await user.click(opener());
    expect(await within(overlay()).findByRole('checkbox', { name: 'Camil (4)' })).toBeVisible();
    expect(within(overlay()).getByRole('button', { name: 'Filtrar por categorias' })).toBeVisible();
  });

  it('on a wide screen, shows its sections at once, as a sidebar', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === WIDE_SCREEN_QUERY,
    }));
    setup();
    expect(await screen.findByRole('checkbox', { name: 'Camil (4)' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("the one 'Filtrar' button", () => {
  it('says how many filters are in force', () => {
    const { unmount } = render(<Catalogue activeCount={2} onClear={vi.fn()} />, { wrapper: MemoryRouter });
    expect(opener()).toHaveAccessibleName('Filtrar, 2 filtros ativos');
    expect(within(opener()).getByText('2')).toBeVisible();
    unmount();
    render(<Catalogue activeCount={1} onClear={vi.fn()} />, { wrapper: MemoryRouter });
    expect(opener()).toHaveAccessibleName('Filtrar, 1 filtro ativo');
  });

  it('is just Filtrar without filters in force', () => {
    setup();
    expect(opener()).toHaveAccessibleName('Filtrar');
  });

  it('opens the panel as a modal overlay, closed by Fechar, giving the focus back', async () => {
    const { user } = setup();
    expect(opener()).toHaveAttribute('aria-expanded', 'false');
    expect(opener()).toHaveAttribute('aria-controls', screen.getByRole('complementary').id);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(opener());
    expect(opener()).toHaveAttribute('aria-expanded', 'true');
    expect(overlay()).toHaveAttribute('aria-modal', 'true');
    const close = within(overlay()).getByRole('button', { name: 'Fechar' });
    expect(close).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener()).toHaveAttribute('aria-expanded', 'false');
    expect(opener()).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it("closes with the phone's Back, which goes no further than the list behind it", async () => {
    function PhoneBack() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate(-1)}>
          Voltar
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/catalog?categoria=2']}>
        <PhoneBack />
        <Catalogue activeCount={0} onClear={vi.fn()} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(opener());
    expect(overlay()).toBeInTheDocument();

    // The harness's own Back button sits behind the modal overlay: the phone's gesture is not a control.
    await user.click(screen.getByRole('button', { name: 'Voltar', hidden: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener()).toHaveAttribute('aria-expanded', 'false');
    expect(opener()).toHaveFocus();
  });

  it('closes the overlay with Escape and keeps Tab inside while open', async () => {
    const { user } = setup();
    await user.click(opener());
    const close = within(overlay()).getByRole('button', { name: 'Fechar' });
    await within(overlay()).findByRole('slider', { name: 'Preço máximo' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(overlay()).getByRole('slider', { name: 'Preço máximo' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener()).toHaveFocus();
  });

  it('leaves the overlay open when Escape closes the category modal opened from it', async () => {
    const { user } = setup();
    await user.click(opener());
    await user.click(await within(overlay()).findByRole('button', { name: 'Filtrar por categorias' }));
    expect(screen.getByRole('dialog', { name: 'Filtrar por categorias' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Filtrar por categorias' })).not.toBeInTheDocument();
    expect(overlay()).toBeInTheDocument();
  });
});

describe("'Filtrar por categorias' in the panel", () => {
  it("applies the category and closes the overlay too, giving the focus back to 'Filtrar'", async () => {
    const onFilterCategories = vi.fn();
    render(<Catalogue activeCount={0} onClear={vi.fn()} onFilterCategories={onFilterCategories} />, {
      wrapper: MemoryRouter,
    });
    const user = userEvent.setup();
    await user.click(opener());
    await user.click(await within(overlay()).findByRole('button', { name: 'Filtrar por categorias' }));
    const modal = screen.getByRole('dialog', { name: 'Filtrar por categorias' });
    await user.click(within(modal).getByRole('button', { name: 'mercearia' }));
    await user.click(within(modal).getByRole('button', { name: 'Filtrar' }));
    expect(onFilterCategories).toHaveBeenCalledExactlyOnceWith('1', undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener()).toHaveFocus();
  });
});

describe("'Limpar filtros'", () => {
  it('shows the count above the products and clears every filter, from there and from the panel', async () => {
    const { user, onClear } = setup(2);
    const summary = screen.getByText('2 filtros ativos').parentElement as HTMLElement;
    expect(summary).toBeVisible();
    await user.click(within(summary).getByRole('button', { name: 'Limpar filtros' }));
    expect(onClear).toHaveBeenCalledTimes(1);

    await user.click(opener());
    await user.click(within(overlay()).getByRole('button', { name: 'Limpar filtros' }));
    expect(onClear).toHaveBeenCalledTimes(2);
  });

  it('is not offered without filters in force', async () => {
    const { user } = setup();
    expect(screen.queryByRole('button', { name: 'Limpar filtros' })).not.toBeInTheDocument();
    await user.click(opener());
    expect(within(overlay()).queryByRole('button', { name: 'Limpar filtros' })).not.toBeInTheDocument();
  });
});

describe("'Pular para os produtos'", () => {
  it('takes the keyboard past the filters to the product list, leaving the address alone', async () => {
    const { user } = setup();
    const before = window.location.href;
    const skip = screen.getByRole('link', { name: 'Pular para os produtos' });
    skip.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('list', { name: 'Produtos' })).toHaveFocus();
    expect(window.location.href).toBe(before);
  });
});
