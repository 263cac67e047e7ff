import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageTitle } from './page-title.tsx';

describe('the tab’s title', () => {
  // What index.html starts with.
  beforeEach(() => {
    const title = document.createElement('title');
    title.textContent = 'Catálogo';
    document.head.append(title);
  });
  afterEach(() => {
    for (const title of document.head.querySelectorAll('title')) title.remove();
  });

  it('names the page on screen, and is the catalogue’s again once the page goes', () => {
    expect(document.title).toBe('Catálogo');
    const { rerender, unmount } = render(<PageTitle>Meu carrinho</PageTitle>);
    expect(document.title).toBe('Meu carrinho');
    rerender(<PageTitle>Camiseta Básica Algodão Hering</PageTitle>);
    expect(document.title).toBe('Camiseta Básica Algodão Hering');
    unmount();
    expect(document.title).toBe('Catálogo');
  });
});
