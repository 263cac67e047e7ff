import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration.tsx';

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Voltar
    </button>
  );
}

function renderPages() {
  render(
    <MemoryRouter initialEntries={['/catalog']}>
      <ScrollRestoration />
      <Routes>
        <Route path="/catalog" element={<Link to="/product/1">Arroz</Link>} />
        <Route path="/product/:id" element={<Back />} />
      </Routes>
    </MemoryRouter>,
  );
}

function scrollPageTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
});
afterEach(() => {
  vi.restoreAllMocks();
  scrollPageTo(0);
});

describe('scroll positions between screens', () => {
  it('a new screen starts at the top, and back finds the list where it was left', async () => {
    renderPages();
    scrollPageTo(1200);

    await userEvent.click(screen.getByRole('link', { name: 'Arroz' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollPageTo(300);
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
  });

  it('a new entry for the same address (the filter overlay) keeps the list where it is', async () => {
    function OpenFilters() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/catalog', { state: { filterOverlay: true } })}>
          Filtrar
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/catalog']}>
        <ScrollRestoration />
        <OpenFilters />
        <Back />
      </MemoryRouter>,
    );
    scrollPageTo(900);
    scrollTo.mockClear();

    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 900);
  });

  it('keeps the positions in the tab’s storage when the page is left, for a reload', async () => {
    renderPages();
    scrollPageTo(640);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const stored: unknown = JSON.parse(sessionStorage.getItem('storefront:scroll-positions') ?? '{}');
    expect(stored).toEqual({ value: [[expect.any(String), 640]] });
  });
});
