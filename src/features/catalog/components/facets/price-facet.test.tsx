import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogFilter, Facet } from '@/contract/catalog.ts';
import FacetSections from './facet-sections.tsx';

const NBSP = '\u00A0';
// getByText collapses whitespace, NBSP included; attributes and names keep it.
const brl = (text: string) => text.replaceAll('R$ ', `R$${NBSP}`);

const priceFacet = (from: number, to: number): Facet => ({
  key: 'price',
  name: 'Preço',
  hidden: false,
  values: [{ name: 'faixa', value: `${from}-${to}`, quantity: 6, range: { from, to } }],
});

function setup(facet: Facet, filters: CatalogFilter[] = []) {
  const onPriceRange = vi.fn();
  const props = {
    filters,
    onToggleValue: vi.fn(),
    onPriceRange,
    showCategoryFacets: true,
    categories: [],
    selectedCategoryId: undefined,
    selectedSubcategoryId: undefined,
    onFilterCategories: vi.fn(),
  };
  const view = render(<FacetSections facets={[facet]} {...props} />);
  const rerender = (next: CatalogFilter[], nextFacet = facet) =>
    view.rerender(<FacetSections facets={[nextFacet]} {...props} filters={next} />);
  return { onPriceRange, rerender };
}

const low = () => screen.getByRole('slider', { name: 'Preço mínimo' });
const high = () => screen.getByRole('slider', { name: 'Preço máximo' });
const move = (slider: HTMLElement, position: number) =>
  fireEvent.change(slider, { target: { value: String(position) } });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the price facet', () => {
  it('is a two-thumb slider over the whole range, steps of 10.5, the top reaching the highest price', () => {
    setup(priceFacet(3.49, 149.9));
    expect(screen.getByText('R$ 3,49 - R$ 149,90')).toBeInTheDocument();
    // 146.41 / 10.5 → 14 steps, the last one landing exactly on 149.90.
    expect(low()).toHaveAttribute('max', '14');
    expect(low()).toHaveValue('0');
    expect(high()).toHaveValue('14');
    expect(low()).toHaveAttribute('aria-valuetext', brl('R$ 3,49'));
    expect(high()).toHaveAttribute('aria-valuetext', brl('R$ 149,90'));

    move(low(), 1);
    expect(low()).toHaveAttribute('aria-valuetext', brl('R$ 13,99'));
    move(high(), 13);
    expect(high()).toHaveAttribute('aria-valuetext', brl('R$ 139,99'));
    expect(screen.getByText('R$ 13,99 - R$ 139,99')).toBeInTheDocument();
  });

  it('sends the range 500 ms after the last move, once', () => {
    const { onPriceRange } = setup(priceFacet(3.49, 149.9));
    move(low(), 1);
    vi.advanceTimersByTime(300);
    move(low(), 2);
    vi.advanceTimersByTime(499);
    expect(onPriceRange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onPriceRange).toHaveBeenCalledExactlyOnceWith({ from: 24.49, to: 149.9 });
  });

  it('keeps the thumbs in order', () => {
    const { onPriceRange } = setup(priceFacet(3.49, 149.9));
    move(high(), 3);
    move(low(), 9);
    expect(low()).toHaveValue('3');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(onPriceRange).toHaveBeenCalledExactlyOnceWith({ from: 34.99, to: 34.99 });
  });

  it('removes the filter when the full range is chosen again', () => {
    const { onPriceRange } = setup(priceFacet(3.49, 149.9), [
      { key: 'price', range: { from: 13.99, to: 139.99 } },
    ]);
    expect(low()).toHaveValue('1');
    expect(high()).toHaveValue('13');
    expect(screen.getByText('R$ 13,99 - R$ 139,99')).toBeInTheDocument();
    move(low(), 0);
    move(high(), 14);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(onPriceRange).toHaveBeenCalledExactlyOnceWith(undefined);
  });

  it('sends nothing when the moves end where they started', () => {
    const { onPriceRange } = setup(priceFacet(3.49, 149.9));
    move(low(), 4);
    move(low(), 0);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onPriceRange).not.toHaveBeenCalled();
  });

  it('follows the filter when it changes from outside, dropping a pending move', () => {
    const { onPriceRange, rerender } = setup(priceFacet(3.49, 149.9), [
      { key: 'price', range: { from: 13.99, to: 139.99 } },
    ]);
    move(low(), 5);
    rerender([]);
    expect(low()).toHaveValue('0');
    expect(high()).toHaveValue('14');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onPriceRange).not.toHaveBeenCalled();
  });

  it('is a single checkbox when both bounds are equal', () => {
    const { onPriceRange, rerender } = setup(priceFacet(9.9, 9.9));
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    const checkbox = screen.getByRole('checkbox', { name: brl('R$ 9,90') });
    expect(checkbox).not.toBeChecked();
    fireEvent.click(checkbox);
    expect(onPriceRange).toHaveBeenLastCalledWith({ from: 9.9, to: 9.9 });

    rerender([{ key: 'price', range: { from: 9.9, to: 9.9 } }]);
    expect(screen.getByRole('checkbox', { name: brl('R$ 9,90') })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: brl('R$ 9,90') }));
    expect(onPriceRange).toHaveBeenLastCalledWith(undefined);
  });
});
