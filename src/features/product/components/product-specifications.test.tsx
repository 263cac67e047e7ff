import { render, screen, within } from '@testing-library/react';
import { axeViolations } from '@tests/axe.ts';
import { describe, expect, it } from 'vitest';
import { ProductSpecifications } from './product-specifications.tsx';

const specification = [
  { name: 'Peso', value: ['500 g'] },
  { name: 'Cores', value: ['Azul', 'Verde'] },
  { name: 'Origem' },
];

describe('the product specifications', () => {
  it('renders nothing when the shop does not enable them', () => {
    expect(
      render(<ProductSpecifications specification={specification} enabled={false} />).container,
    ).toBeEmptyDOMElement();
    expect(render(<ProductSpecifications specification={specification} />).container).toBeEmptyDOMElement();
  });

  it('shows a table of names and values when enabled', async () => {
    const { container } = render(<ProductSpecifications specification={specification} enabled />);
    const table = screen.getByRole('table', { name: 'Especificações' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Peso');
    expect(within(rows[0] as HTMLElement).getByRole('cell')).toHaveTextContent('500 g');
    expect(within(rows[1] as HTMLElement).getByRole('cell')).toHaveTextContent('Azul, Verde');
    expect(within(rows[2] as HTMLElement).getByRole('cell')).toHaveTextContent('');
    expect(await axeViolations(container)).toEqual([]);
  });

  it("says 'Nenhuma especificação disponível' when enabled but empty", () => {
    render(<ProductSpecifications specification={[]} enabled />);
    expect(screen.getByText('Nenhuma especificação disponível')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('counts a missing list as empty', () => {
    render(<ProductSpecifications enabled />);
    expect(screen.getByText('Nenhuma especificação disponível')).toBeInTheDocument();
  });
});
