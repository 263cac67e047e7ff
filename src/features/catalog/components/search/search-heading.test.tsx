import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchHeading, searchDescription } from './search-heading.tsx';

describe('the search heading', () => {
  it('shows Pesquisa and what is searched, with the category path', () => {
    render(<SearchHeading text="arroz" categoryPath={['Mercearia', 'Grãos']} />);
    expect(screen.getByRole('heading', { name: 'Pesquisa' })).toBeInTheDocument();
    expect(screen.getByText('Buscando por "arroz" na categoria Mercearia > Grãos')).toBeInTheDocument();
  });

  it('reads naturally without a category or without a text', () => {
    expect(searchDescription('arroz', [])).toBe('Buscando por "arroz"');
    expect(searchDescription('arroz', ['Mercearia'])).toBe('Buscando por "arroz" na categoria Mercearia');
    expect(searchDescription('', ['Mercearia', 'Grãos'])).toBe('Buscando na categoria Mercearia > Grãos');
    expect(searchDescription('', [])).toBe('');
  });

  it('shows only the heading when there is nothing to describe', () => {
    const { container } = render(<SearchHeading text="" categoryPath={[]} />);
    expect(screen.getByRole('heading', { name: 'Pesquisa' })).toBeInTheDocument();
    expect(container.querySelector('p')).toBeNull();
  });
});
