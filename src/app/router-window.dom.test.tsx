import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Link, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { routerWindow, withoutFragment } from './router-window.ts';

/** A screen that navigates as a careless caller would: copying a fragment into the address. */
function Careless() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <p>Onde: {`${location.pathname}${location.search}${location.hash}`}</p>
      <button
        type="button"
        onClick={() => navigate({ pathname: '/catalog', search: '?busca=arroz', hash: '#demo-shopper' })}
      >
        Filtrar
      </button>
      <button type="button" onClick={() => navigate('/order#demo-shopper', { replace: true })}>
        Carrinho
      </button>
      <Link to="/product/1001#demo-shopper">Produto</Link>
    </>
  );
}

function renderRouter() {
  return render(
    <BrowserRouter window={routerWindow()}>
      <Routes>
        <Route path="*" element={<Careless />} />
      </Routes>
    </BrowserRouter>,
  );
}

beforeEach(() => {
  window.history.replaceState(null, '', '/catalog');
});

describe('the router’s window', () => {
  it('no navigation writes a fragment into the address: not a pushed object, a replaced path or a link', async () => {
    const user = userEvent.setup();
    renderRouter();
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(window.location.href).toBe(`${window.location.origin}/catalog?busca=arroz`);
    expect(screen.getByText('Onde: /catalog?busca=arroz')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Carrinho' }));
    expect(window.location.href).toBe(`${window.location.origin}/order`);
    await user.click(screen.getByRole('link', { name: 'Produto' }));
    expect(window.location.href).toBe(`${window.location.origin}/product/1001`);
    expect(screen.getByText('Onde: /product/1001')).toBeInTheDocument();
  });

  it('Back and forward still move through the entries, each without a fragment', async () => {
    const user = userEvent.setup();
    renderRouter();
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await user.click(screen.getByRole('link', { name: 'Produto' }));
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByText('Onde: /catalog?busca=arroz')).toBeInTheDocument();
  });

  it('is the page’s window in every other respect', () => {
    const page = routerWindow();
    expect(page.location).toBe(window.location);
    expect(page.history.length).toBe(window.history.length);
    expect(page.history.state).toEqual(window.history.state);
    page.history.scrollRestoration = 'manual';
    expect(window.history.scrollRestoration).toBe('manual');
    window.history.scrollRestoration = 'auto';
  });

  it('cuts the fragment of any address it is given', () => {
    expect(withoutFragment('/catalog?x=1#code?type=ShowQuery')).toBe('/catalog?x=1');
    expect(withoutFragment('/catalog')).toBe('/catalog');
    expect(withoutFragment('/catalog#')).toBe('/catalog');
    expect(withoutFragment(new URL('https://loja.example/order#c'))).toBe('https://loja.example/order');
    expect(withoutFragment(null)).toBeNull();
    expect(withoutFragment(undefined)).toBeUndefined();
  });
});
