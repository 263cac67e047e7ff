import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

const CATEGORIES = [
  { providerId: '1', name: 'Mercearia' },
  { providerId: '2', name: 'Bebidas' },
  { providerId: '3', name: 'Hortifrúti' },
];

/** A fresh copy of the module: the carousel, once loaded, is kept for the page's life. */
async function renderTabs() {
  vi.resetModules();
  const { CategoryTabs } = await import('./category-tabs.tsx');
  const chosen: (string | undefined)[] = [];
  function Tabs() {
    const [selected, setSelected] = useState<string | undefined>();
    return (
      <CategoryTabs
        categories={CATEGORIES}
        selected={selected}
        onSelect={(id) => {
          chosen.push(id);
          setSelected(id);
        }}
        panelId="painel"
      />
    );
  }
  const view = render(<Tabs />);
  return { chosen, carousel: () => view.container.querySelector('.category-carousel') };
}

/** Lets the carousel's chunk arrive (its import resolves in a later turn). */
async function carouselChunkArrives() {
  await act(async () => {
    await import('./category-carousel.tsx');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('the category tabs while the carousel takes over the plain row', () => {
  it('the first tap on a tab chooses it, even when the carousel arrives between press and release', async () => {
    const { chosen, carousel } = await renderTabs();
    const bebidas = screen.getByRole('tab', { name: 'Bebidas' });

    // The press itself starts loading the carousel; its chunk arrives before the finger lifts.
    fireEvent.pointerDown(bebidas);
    await carouselChunkArrives();
    expect(carousel()).toBeNull();
    expect(bebidas.isConnected).toBe(true);

    fireEvent.pointerUp(bebidas);
    fireEvent.click(bebidas);
    expect(chosen).toEqual(['2']);
    await waitFor(() => expect(carousel()).not.toBeNull());
    expect(screen.getByRole('tab', { name: 'Bebidas' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a tab with the keyboard’s focus keeps it when the carousel takes over', async () => {
    const { carousel } = await renderTabs();
    const bebidas = screen.getByRole('tab', { name: 'Bebidas' });
    bebidas.focus();

    fireEvent.keyDown(bebidas, { key: 'Tab' });
    await carouselChunkArrives();
    await waitFor(() => expect(carousel()).not.toBeNull());

    const inCarousel = screen.getByRole('tab', { name: 'Bebidas' });
    expect(inCarousel).not.toBe(bebidas);
    expect(document.activeElement).toBe(inCarousel);
  });

  it('takes over at once when the page settles without a tap, and the tabs go on working', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { chosen, carousel } = await renderTabs();
      await act(async () => {
        vi.advanceTimersByTime(5000);
      });
      vi.useRealTimers();
      await carouselChunkArrives();
      await waitFor(() => expect(carousel()).not.toBeNull());
      fireEvent.click(screen.getByRole('tab', { name: 'Hortifrúti' }));
      expect(chosen).toEqual(['3']);
    } finally {
      vi.useRealTimers();
    }
  });
});
