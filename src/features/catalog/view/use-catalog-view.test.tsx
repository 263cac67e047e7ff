import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { chooseTab, searchFor, toggleFacetValue } from './catalog-view.ts';
import { useCatalogView } from './use-catalog-view.ts';

function Catalog() {
  const { update } = useCatalogView();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <>
      <p>Endereço: {search || '(nenhum)'}</p>
      <button type="button" onClick={() => update((v) => chooseTab(v, '2'))}>
        Bebidas
      </button>
      <button type="button" onClick={() => update((v) => chooseTab(v, '3'))}>
        Hortifrúti
      </button>
      <button type="button" onClick={() => update((v) => searchFor(v, 'banana'))}>
        Buscar banana
      </button>
      <button type="button" onClick={() => update((v) => toggleFacetValue(v, 'brand', 'Coca-Cola'))}>
        Coca-Cola
      </button>
      <button type="button" onClick={() => update((v) => chooseTab(v, '3'), { replace: true })}>
        Abrir Hortifrúti no lugar
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        Voltar
      </button>
    </>
  );
}

/** The catalogue opened from the chat: the entry before it is not the store's. */
function renderCatalog() {
  render(
    <MemoryRouter initialEntries={['/chat', '/catalog']} initialIndex={1}>
      <Routes>
        <Route path="/chat" element={<p>Conversa</p>} />
        <Route path="/catalog" element={<Catalog />} />
      </Routes>
    </MemoryRouter>,
  );
}

const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));
const address = () => screen.getByText(/^Endereço:/).textContent;

describe('the catalogue’s history', () => {
  it('each tab, search and filter is an entry that Back returns to, one by one', async () => {
    renderCatalog();
    await click('Bebidas');
    await click('Coca-Cola');
    await click('Hortifrúti');
    await click('Buscar banana');
    expect(address()).toBe('Endereço: ?categoria=3&busca=banana');

    await click('Voltar');
    expect(address()).toBe('Endereço: ?categoria=3');
    await click('Voltar');
    expect(address()).toBe('Endereço: ?categoria=2&filtro=brand%3ACoca-Cola');
    await click('Voltar');
    expect(address()).toBe('Endereço: ?categoria=2');
    await click('Voltar');
    expect(address()).toBe('Endereço: (nenhum)');
    await click('Voltar');
    expect(screen.getByText('Conversa')).toBeInTheDocument();
  });

  it('choosing the list on screen again adds no entry', async () => {
    renderCatalog();
    await click('Bebidas');
    await click('Bebidas');
    await click('Voltar');
    expect(address()).toBe('Endereço: (nenhum)');
  });

  it('a list the app puts in place of the one on screen leaves no entry behind', async () => {
    renderCatalog();
    await click('Abrir Hortifrúti no lugar');
    expect(address()).toBe('Endereço: ?categoria=3');
    await click('Voltar');
    expect(screen.getByText('Conversa')).toBeInTheDocument();
  });
});
