import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogFilter, Facet } from '../../../../contract/catalog.ts';
import { FacetFilterBar } from './facet-filter-bar.tsx';

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

function setup({
  list = facets(),
  filters = [],
  showCategoryFacets = true,
}: {
  list?: Facet[];
  filters?: CatalogFilter[];
  showCategoryFacets?: boolean;
} = {}) {
  const onToggleValue = vi.fn();
  const onPriceRange = vi.fn();
  const view = render(
    <FacetFilterBar
      facets={list}
      filters={filters}
      onToggleValue={onToggleValue}
      onPriceRange={onPriceRange}
      showCategoryFacets={showCategoryFacets}
    />,
  );
  return { user: userEvent.setup(), onToggleValue, onPriceRange, ...view };
}

const section = (name: string) => screen.getByRole('group', { name });

describe('the facet filter bar', () => {
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

  it('is a complementary panel titled Filtros', () => {
    setup();
    expect(screen.getByRole('complementary', { name: 'Filtros' })).toBeInTheDocument();
  });
});

describe('the mobile overlay', () => {
  it("opens from 'Filtrar' as a modal panel and closes with 'Fechar', giving the focus back", async () => {
    const { user } = setup();
    const opener = screen.getByRole('button', { name: 'Filtrar' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const overlay = screen.getByRole('dialog', { name: 'Filtros' });
    expect(overlay).toHaveAttribute('aria-modal', 'true');
    const close = within(overlay).getByRole('button', { name: 'Fechar' });
    expect(close).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes with Escape and keeps Tab inside while open', async () => {
    const { user } = setup({ showCategoryFacets: false });
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    const overlay = screen.getByRole('dialog', { name: 'Filtros' });
    const close = within(overlay).getByRole('button', { name: 'Fechar' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(overlay).getByRole('slider', { name: 'Preço máximo' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filtrar' })).toHaveFocus();
  });
});
