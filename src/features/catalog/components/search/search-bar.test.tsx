import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Category } from '../../../../contract/catalog.ts';
import { SearchBar } from './search-bar.tsx';

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

function setup(props: Partial<Parameters<typeof SearchBar>[0]> = {}) {
  const onSearch = vi.fn();
  const onFilterCategories = vi.fn();
  const view = render(
    <SearchBar
      initialText=""
      categories={categories}
      selectedCategoryId={undefined}
      selectedSubcategoryId={undefined}
      onSearch={onSearch}
      onFilterCategories={onFilterCategories}
      {...props}
    />,
  );
  return { user: userEvent.setup(), onSearch, onFilterCategories, ...view };
}

const dialog = () => screen.getByRole('dialog', { name: 'Filtrar por categorias' });
const badge = (name: string) => within(dialog()).getByRole('button', { name });

describe('the search bar', () => {
  it('has a labelled search field with the placeholder of the spec', () => {
    setup();
    const input = screen.getByRole('searchbox', { name: 'Pesquisar por produto' });
    expect(input).toHaveAttribute('placeholder', 'Pesquisar por produto');
    expect(input).toHaveAttribute('type', 'search');
    expect(input).toHaveAttribute('enterkeyhint', 'search');
    expect(screen.getByRole('search')).toContainElement(input);
  });

  it('sends the trimmed text on Enter', async () => {
    const { user, onSearch } = setup();
    await user.type(screen.getByRole('searchbox'), '  arroz integral  {Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('arroz integral');
  });

  it('sends the trimmed text with the search button', async () => {
    const { user, onSearch } = setup();
    await user.type(screen.getByRole('searchbox'), ' feijão ');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('feijão');
  });

  it('sends an empty text too (back to the catalogue)', async () => {
    const { user, onSearch } = setup({ initialText: 'café' });
    const input = screen.getByRole('searchbox');
    expect(input).toHaveValue('café');
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('');
  });

  it('follows the text in force when it changes from outside', () => {
    const { rerender, onSearch, onFilterCategories } = setup({ initialText: 'café' });
    rerender(
      <SearchBar
        initialText="chá"
        categories={categories}
        selectedCategoryId={undefined}
        selectedSubcategoryId={undefined}
        onSearch={onSearch}
        onFilterCategories={onFilterCategories}
      />,
    );
    expect(screen.getByRole('searchbox')).toHaveValue('chá');
  });
});

describe('the category filter modal', () => {
  it('opens from the filter button, titled, with lowercased category badges', async () => {
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

  it('describes the category in force on the filter button', () => {
    setup({ selectedCategoryId: '1', selectedSubcategoryId: '102' });
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
