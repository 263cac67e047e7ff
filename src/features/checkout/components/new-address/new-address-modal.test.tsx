import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { envelope, failure, server } from '@tests/msw.ts';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderSection } from '../delivery-method/section-test-kit.tsx';
import { NewAddressModal } from './new-address-modal.tsx';

function renderModal() {
  const onClose = vi.fn();
  const onAdded = vi.fn();
  const view = renderSection(() => <NewAddressModal onClose={onClose} onAdded={onAdded} />);
  return { ...view, onClose, onAdded };
}

const field = (name: string) => screen.getByRole('textbox', { name });

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('NewAddressModal', () => {
  it("locks the name to 'Casa' or 'Trabalho' and frees it for 'Outro'", async () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Novo endereço' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Tipo' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Casa' })).toBeChecked();
    expect(field('Nome *')).toHaveValue('Casa');
    expect(field('Nome *')).toHaveAttribute('readonly');
    expect(await axeViolations(screen.getByRole('dialog'))).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'Trabalho' }));
    expect(field('Nome *')).toHaveValue('Trabalho');
    expect(field('Nome *')).toHaveAttribute('readonly');

    await userEvent.click(screen.getByRole('radio', { name: 'Outro' }));
    expect(field('Nome *')).toHaveValue('');
    expect(field('Nome *')).not.toHaveAttribute('readonly');
    await userEvent.type(field('Nome *'), 'Casa da praia');
    expect(field('Nome *')).toHaveValue('Casa da praia');
  });

  it('looks the CEP up (spinner meanwhile) and fills street, neighbourhood, city and state', async () => {
    const lookup = gate();
    const looked: string[] = [];
    server.use(
      http.get('/api/order/address/cep/:cep', async ({ params }) => {
        looked.push(String(params.cep));
        await lookup.opened;
        return envelope({ street: 'Praça da Sé', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' });
      }),
    );
    renderModal();
    await userEvent.type(field('CEP *'), '01001000');
    expect(field('CEP *')).toHaveValue('01001-000');
    expect(await screen.findByRole('status')).toHaveTextContent('Buscando endereço...');
    lookup.open();
    await waitFor(() => expect(field('Rua *')).toHaveValue('Praça da Sé'));
    expect(field('Bairro *')).toHaveValue('Sé');
    expect(field('Cidade *')).toHaveValue('São Paulo');
    expect(field('Estado *')).toHaveValue('SP');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(looked).toEqual(['01001-000']);
  });

  it("offers 'Selecione seu bairro' when the CEP covers several neighbourhoods and sends the chosen one", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/order/address/cep/:cep', () =>
        envelope({
          street: '',
          city: 'Holambra',
          state: 'SP',
          neighborhoods: [
            { id: 'holambra-centro', name: 'Centro' },
            { id: 'holambra-morada-das-flores', name: 'Morada das Flores' },
          ],
        }),
      ),
      http.post('/api/order/address/', async ({ request }) => {
        bodies.push(await request.json());
        return envelope([
          { name: 'Trabalho', zipCode: '01310-100', street: 'Av. Paulista', number: '900' },
          { name: 'Casa', zipCode: '13825-000', street: 'Rua das Tulipas', number: '45' },
        ]);
      }),
    );
    const { onAdded } = renderModal();
    await userEvent.type(field('CEP *'), '13825000');
    const neighborhood = await screen.findByRole('combobox', { name: 'Bairro *' });
    expect(screen.getByRole('option', { name: 'Selecione seu bairro' })).toBeInTheDocument();
    await userEvent.selectOptions(neighborhood, 'Morada das Flores');
    await userEvent.type(field('Rua *'), 'Rua das Tulipas');
    await userEvent.type(field('Número *'), '45');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(1));
    expect(bodies).toEqual([
      {
        name: 'Casa',
        zipCode: '13825-000',
        street: 'Rua das Tulipas',
        number: '45',
        neighborhood: 'Morada das Flores',
        neighborhoodId: 'holambra-morada-das-flores',
        city: 'Holambra',
        state: 'SP',
      },
    ]);
  });

  it("warns 'Preencha os campos obrigatórios' and sends nothing when required fields are missing", async () => {
    const posted = vi.fn();
    server.use(
      http.post('/api/order/address/', () => {
        posted();
        return HttpResponse.json({});
      }),
    );
    renderModal();
    await userEvent.type(field('Rua *'), 'Rua Um');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Preencha os campos obrigatórios');
    // The toast (react-hot-toast's Toaster) shows the same warning.
    await waitFor(() => expect(screen.getAllByText('Preencha os campos obrigatórios')).toHaveLength(2));
    expect(field('CEP *')).toHaveAttribute('aria-invalid', 'true');
    expect(field('CEP *')).toHaveAccessibleDescription('Preencha os campos obrigatórios');
    expect(field('Rua *')).not.toHaveAttribute('aria-invalid');
    expect(posted).not.toHaveBeenCalled();
  });

  it("shows 'Salvando...' while saving and the server's message when it refuses", async () => {
    const save = gate();
    server.use(
      http.get('/api/order/address/cep/:cep', () =>
        envelope({ street: 'Praça da Sé', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' }),
      ),
      http.post('/api/order/address/', async () => {
        await save.opened;
        return failure('Este endereço já está cadastrado.', 409);
      }),
    );
    const { onAdded } = renderModal();
    await userEvent.type(field('CEP *'), '01001000');
    await waitFor(() => expect(field('Rua *')).toHaveValue('Praça da Sé'));
    await userEvent.type(field('Número *'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByRole('button', { name: 'Salvando...' })).toBeDisabled();
    save.open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Este endereço já está cadastrado.');
    expect(screen.getByRole('button', { name: 'Adicionar' })).toBeEnabled();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it("'Cancelar' closes", async () => {
    const { onClose } = renderModal();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('a street over 200 or a number over 20 characters says its bound under the field at once, and nothing is sent', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/order/address/', async ({ request }) => {
        sent.push(await request.json());
        return envelope([]);
      }),
    );
    renderModal();
    await userEvent.click(field('Rua *'));
    await userEvent.paste('R'.repeat(201));
    expect(field('Rua *')).toHaveAccessibleDescription('Use no máximo 200 caracteres.');
    expect(field('Rua *')).toHaveValue('R'.repeat(201));
    await userEvent.click(field('Número *'));
    await userEvent.paste('1'.repeat(21));
    expect(field('Número *')).toHaveAccessibleDescription('Use no máximo 20 caracteres.');
    expect(field('Número *')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(screen.getByRole('dialog'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(sent).toEqual([]);
  });

  it('hints Complemento as address-line2 and Bairro as address-level3; Número takes no address token', () => {
    renderModal();
    expect(field('Complemento')).toHaveAttribute('autocomplete', 'address-line2');
    expect(field('Bairro *')).toHaveAttribute('autocomplete', 'address-level3');
    expect(field('Número *')).not.toHaveAttribute('autocomplete');
  });
});
