import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogFilter, Category, Facet } from '@/contract/catalog.ts';
import FacetSections, { type FacetSectionsProps } from './facet-sections.tsx';

// What the sandbox answers (server/sandbox/catalog/facets.ts).
const facets = (hideCategoryFacets = false): Facet[] => [
  {
    key: 'category',
    name: 'Categoria',
    hidden: hideCategoryFacets,
    values: [{ name: 'Mercearia', value: '1', quantity: 12 }],
  },
  {
    key: 'subcategory',
    name: 'Subcategoria',
    hidden: hideCategoryFacets,
    values: [{ name: 'Grãos', value: '101', quantity: 5 }],
  },
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

const categories: Category[] = [
  {
    providerId: '1',
    name: 'MERCEARIA',
    children: [
      { providerId: '101', name: 'Grãos e Cereais' },
      { providerId: '102', name: 'ÓLEOS' },
    ],
  },
  { providerId: '2', name: 'Bebidas' },
];

function setup(props: Partial<FacetSectionsProps> & { list?: Facet[] } = {}) {
  const { list = facets(), ...rest } = props;
  const onToggleValue = vi.fn();
  const onPriceRange = vi.fn();
  const onFilterCategories = vi.fn();
  const view = render(
    <FacetSections
      facets={list}
      filters={[] as CatalogFilter[]}
      onToggleValue={onToggleValue}
      onPriceRange={onPriceRange}
      showCategoryFacets
      categories={categories}
      selectedCategoryId={undefined}
      selectedSubcategoryId={undefined}
      onFilterCategories={onFilterCategories}
      {...rest}
    />,
  );
  return { user: userEvent.setup(), onToggleValue, onPriceRange, onFilterCategories, ...view };
}

const section = (name: string) => screen.getByRole('group', { name });
const dialog = () => screen.getByRole('dialog', { name: 'Filtrar por categorias' });
const badge = (name: string) => within(dialog()).getByRole('button', { name });

describe('the facet sections', () => {
  it('lists each value as a checkbox with its name and quantity, all sections open', () => {
    setup();
    const brand = section('Marca');
    expect(within(brand).getByRole('checkbox', { name: 'Camil (4)' })).not.toBeChecked();
    expect(within(brand).getByRole('checkbox', { name: 'Tio João (2)' })).not.toBeChecked();
    for (const name of ['Categoria', 'Subcategoria', 'Marca', 'Preço']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'true');
    }
  });

  it('checks the values in force', () => {
    setup({
      filters: [
        { key: 'brand', value: 'Tio João' },
        { key: 'category', value: 'Camil' },
      ],
    });
    expect(screen.getByRole('checkbox', { name: 'Tio João (2)' })).toBeChecked();
    // Same value under another key: not this facet's filter.
    expect(screen.getByRole('checkbox', { name: 'Camil (4)' })).not.toBeChecked();
  });

  it('calls back with the key and the value on a tick and on an untick', async () => {
    const { user, onToggleValue } = setup({ filters: [{ key: 'brand', value: 'Camil' }] });
    await user.click(screen.getByRole('checkbox', { name: 'Tio João (2)' }));
    expect(onToggleValue).toHaveBeenLastCalledWith('brand', 'Tio João');
    await user.click(screen.getByRole('checkbox', { name: 'Camil (4)' }));
    expect(onToggleValue).toHaveBeenLastCalledWith('brand', 'Camil');
    await user.click(screen.getByRole('checkbox', { name: 'Mercearia (12)' }));
    expect(onToggleValue).toHaveBeenLastCalledWith('category', '1');
    expect(onToggleValue).toHaveBeenCalledTimes(3);
  });

  it('collapses and reopens a section', async () => {
    const { user } = setup();
    const toggle = screen.getByRole('button', { name: 'Marca' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Camil (4)' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('checkbox', { name: 'Camil (4)' })).toBeVisible();
  });

  it('does not show hidden facets', () => {
    setup({ list: facets(true) });
    expect(screen.queryByRole('button', { name: 'Categoria' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subcategoria' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marca' })).toBeInTheDocument();
  });

  it('shows the category facets only when asked to', () => {
    setup({ showCategoryFacets: false });
    expect(screen.queryByRole('checkbox', { name: 'Mercearia (12)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Grãos (5)' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Camil (4)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Preço' })).toBeInTheDocument();
  });

  it('leaves out facets with nothing to choose, and says so when none is left', () => {
    setup({
      list: [
        { key: 'brand', name: 'Marca', values: [] },
        { key: 'price', name: 'Preço', values: [] },
      ],
    });
    expect(screen.queryByRole('button', { name: 'Marca' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preço' })).not.toBeInTheDocument();
    expect(screen.getByText('Nenhum filtro disponível.')).toBeInTheDocument();
  });
});

describe("the category choice ('Filtrar por categorias')", () => {
  it('is offered only when there are categories', () => {
    setup({ categories: [] });
    expect(screen.queryByRole('button', { name: 'Filtrar por categorias' })).not.toBeInTheDocument();
  });

  it("opens from 'Filtrar por categorias', titled, with lowercased category badges", async () => {
    const { user } = setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filtrar por categorias' }));
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog()).getByRole('heading', { name: 'Filtrar por categorias' })).toBeInTheDocument();
    const badges = within(within(dialog()).getByRole('list', { name: 'Categorias' })).getAllByRole('button');
    expect(badges.map((b) => b.textContent)).toEqual(['mercearia', 'bebidas']);
    expect(badges.every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);
    expect(within(dialog()).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Filtrar' })).toBeInTheDocument();
    // The focus moves into the dialog.
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
  });

  it('selects a category, shows its subcategories, and clears it when chosen again', async () => {
    const { user, onFilterCategories } = setup();
    await user.click(screen.getByRole('button', { name: 'Filtrar por categorias' }));
    expect(within(dialog()).queryByRole('button', { name: 'óleos' })).not.toBeInTheDocument();

    await user.click(badge('mercearia'));
    expect(badge('mercearia')).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog()).getByRole('heading', { name: 'Subcategorias de mercearia' })).toBeInTheDocument();
    expect(badge('grãos e cereais')).toHaveAttribute('aria-pressed', 'false');
    expect(badge('óleos')).toHaveAttribute('aria-pressed', 'false');

    await user.click(badge('mercearia'));
    expect(badge('mercearia')).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog()).queryByRole('button', { name: 'óleos' })).not.toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Filtrar' }));
    expect(onFilterCategories).toHaveBeenCalledExactlyOnceWith(undefined, undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('selects a subcategory, returns to its category when chosen again, and applies with Filtrar', async () => {
    const { user, onFilterCategories } = setup();
    await user.click(screen.getByRole('button', { name: 'Filtrar por categorias' }));
    await user.click(badge('mercearia'));
    await user.click(badge('óleos'));
    expect(badge('óleos')).toHaveAttribute('aria-pressed', 'true');
    expect(badge('mercearia')).toHaveAttribute('aria-pressed', 'true');

    await user.click(badge('óleos'));
    expect(badge('óleos')).toHaveAttribute('aria-pressed', 'false');
    expect(badge('mercearia')).toHaveAttribute('aria-pressed', 'true');

    await user.click(badge('grãos e cereais'));
    await user.click(within(dialog()).getByRole('button', { name: 'Filtrar' }));
    expect(onFilterCategories).toHaveBeenCalledExactlyOnceWith('1', '101');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('clears the subcategory when another category is chosen', async () => {
    const { user, onFilterCategories } = setup({ selectedCategoryId: '1', selectedSubcategoryId: '102' });
    await user.click(screen.getByRole('button', { name: 'Filtrar por categorias' }));
    expect(badge('óleos')).toHaveAttribute('aria-pressed', 'true');
    await user.click(badge('bebidas'));
    expect(badge('bebidas')).toHaveAttribute('aria-pressed', 'true');
    expect(badge('mercearia')).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog()).queryByRole('button', { name: 'óleos' })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Filtrar' }));
    expect(onFilterCategories).toHaveBeenCalledExactlyOnceWith('2', undefined);
  });

  it('keeps the selection in force with Cancelar, and starts from it again on reopening', async () => {
    const { user, onFilterCategories } = setup({ selectedCategoryId: '1', selectedSubcategoryId: '101' });
    const opener = screen.getByRole('button', { name: 'Filtrar por categorias' });
    await user.click(opener);
    expect(badge('mercearia')).toHaveAttribute('aria-pressed', 'true');
    expect(badge('grãos e cereais')).toHaveAttribute('aria-pressed', 'true');
    await user.click(badge('bebidas'));
    await user.click(within(dialog()).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onFilterCategories).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();

    await user.click(opener);
    expect(badge('mercearia')).toHaveAttribute('aria-pressed', 'true');
    expect(badge('bebidas')).toHaveAttribute('aria-pressed', 'false');
  });

  it('closes with Escape without applying', async () => {
    const { user, onFilterCategories } = setup();
    await user.click(screen.getByRole('button', { name: 'Filtrar por categorias' }));
    await user.click(badge('bebidas'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onFilterCategories).not.toHaveBeenCalled();
  });

  it('shows the category in force and describes the button with it', () => {
    setup({ selectedCategoryId: '1', selectedSubcategoryId: '102' });
    expect(screen.getByText('Categoria escolhida: MERCEARIA > ÓLEOS')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Filtrar por categorias' })).toHaveAccessibleDescription(
      'Categoria escolhida: MERCEARIA > ÓLEOS',
    );
  });

  it('opens as a native modal dialog where the browser has one, and closes on its cancel event', async () => {
    const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    });
    const openDescriptor = Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'open');
    proto.showModal = showModal;
    proto.close = close;
    if (!openDescriptor) {
      Object.defineProperty(HTMLDialogElement.prototype, 'open', {
        configurable: true,
        get(this: HTMLDialogElement) {
          return this.hasAttribute('open');
        },
      });
    }
    try {
      const { user } = setup();
      await user.click(screen.getByRole('button', { name: 'Filtrar por categorias' }));
      expect(showModal).toHaveBeenCalledTimes(1);
      dialog().dispatchEvent(new Event('cancel', { cancelable: true }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(close).toHaveBeenCalledTimes(1);
    } finally {
      delete proto.showModal;
      delete proto.close;
      if (!openDescriptor) Reflect.deleteProperty(HTMLDialogElement.prototype, 'open');
    }
  });
});
