import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { ScreenErrorBoundary } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('a bug in a screen');
}

afterEach(() => vi.restoreAllMocks());

describe('a screen that fails while rendering', () => {
  it('shows the error page instead of a blank screen; another address shows its screen again', async () => {
    // React reports the caught error on the console; here that is expected.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/order']}>
          <nav>
            <Link to="/catalog">Ir ao catálogo</Link>
          </nav>
          <ScreenErrorBoundary>
            <Routes>
              <Route path="/order" element={<Broken />} />
              <Route path="/catalog" element={<p>Catálogo</p>} />
            </Routes>
          </ScreenErrorBoundary>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Ops! Algo de errado aconteceu' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para o WhatsApp' })).toBeVisible();

    await userEvent.click(screen.getByRole('link', { name: 'Ir ao catálogo' }));
    expect(await screen.findByText('Catálogo')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Ops! Algo de errado aconteceu' })).not.toBeInTheDocument();
  });
});
