import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadToasts, toast } from '@/lib/toast.ts';
import { ToastHost } from './toast-host.tsx';

// The toasts' library, fetched while the phone has no connection: the first fetch fails.
const fetches = vi.hoisted(() => ({ failing: 1, made: 0 }));
vi.mock('react-hot-toast', async (importOriginal) => {
  fetches.made += 1;
  if (fetches.failing > 0) {
    fetches.failing -= 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

afterEach(() => {
  act(() => onlineManager.setOnline(true));
});

describe('toasts when their library could not be fetched for want of a connection', () => {
  it('shows a toast asked for offline once the connection is back', async () => {
    render(<ToastHost />);
    act(() => onlineManager.setOnline(false));
    act(() => toast.success('Produto adicionado ao carrinho'));
    await vi.waitFor(() => expect(fetches.made).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('Produto adicionado ao carrinho')).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Produto adicionado ao carrinho')).toBeInTheDocument();
    expect(fetches.made).toBe(2);
    await act(() => loadToasts());
  });
});
