import { act, render, screen } from '@testing-library/react';
import hotToast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { loadToasts, toast } from '@/lib/toast.ts';
import { ToastHost } from './toast-host.tsx';

afterEach(() => {
  hotToast.remove();
});

describe('toasts, whose library arrives after the first paint', () => {
  it('shows a toast asked for before the library has arrived, and removes it by id', async () => {
    render(<ToastHost />);
    toast.success('Produto adicionado ao carrinho', { id: 'adicionado' });
    toast.error('Não foi possível atualizar o item');
    expect(await screen.findByText('Produto adicionado ao carrinho')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível atualizar o item')).toBeInTheDocument();

    act(() => toast.remove('adicionado'));
    await act(() => loadToasts());
    expect(screen.queryByText('Produto adicionado ao carrinho')).not.toBeInTheDocument();
    expect(screen.getByText('Não foi possível atualizar o item')).toBeInTheDocument();
  });

  it('passes the options on as given (a warning with its icon)', async () => {
    render(<ToastHost />);
    toast('Selecione a loja que deseja comprar para liberar os produtos', { id: 'loja', icon: '⚠️' });
    expect(
      await screen.findByText('Selecione a loja que deseja comprar para liberar os produtos'),
    ).toBeInTheDocument();
    expect(screen.getByText('⚠️')).toBeInTheDocument();
  });
});
