import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBar } from './search-bar.tsx';

function setup(props: Partial<Parameters<typeof SearchBar>[0]> = {}) {
  const onSearch = vi.fn();
  const view = render(<SearchBar initialText="" onSearch={onSearch} {...props} />);
  return { user: userEvent.setup(), onSearch, ...view };
}

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
    const { rerender, onSearch } = setup({ initialText: 'café' });
    rerender(<SearchBar initialText="chá" onSearch={onSearch} />);
    expect(screen.getByRole('searchbox')).toHaveValue('chá');
  });

  it("has a single filter button beside it: the page's 'Filtrar', not a category funnel of its own", () => {
    setup({ children: <button type="button">Filtrar</button> });
    expect(screen.getAllByRole('button').map((button) => button.textContent || button.ariaLabel)).toEqual([
      'Pesquisar',
      'Filtrar',
    ]);
    expect(screen.queryByRole('button', { name: 'Filtrar por categorias' })).not.toBeInTheDocument();
  });
});
