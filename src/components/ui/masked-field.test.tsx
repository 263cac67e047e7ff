import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { MaskedField, MaskInput } from './masked-field.tsx';
import { CEP_INPUT, CNPJ_INPUT, CPF_INPUT, type MaskPreset } from './masks.ts';

type Values = { document: string; zipCode: string; code: string };

/** A form of one masked field (and a CEP and a digits-only code after it), with a submit button. */
function DocumentForm({ mask, onValid }: { mask: MaskPreset; onValid(values: Values): void }) {
  const { control, handleSubmit, formState } = useForm<Values>({
    defaultValues: { document: '', zipCode: '', code: '' },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <MaskedField
        label="Documento"
        hint="Somente o titular"
        error={formState.errors.document?.message}
        control={control}
        name="document"
        named
        rules={{ validate: (value) => value.length >= 14 || 'CPF inválido' }}
        mask={mask}
      />
      <MaskedField
        label="CEP"
        error={formState.errors.zipCode?.message}
        control={control}
        name="zipCode"
        rules={{ required: 'Informe o CEP' }}
        mask={CEP_INPUT}
        autoComplete="billing postal-code"
      />
      <MaskedField
        label="Código"
        control={control}
        name="code"
        format={(typed) => typed.replace(/\D/g, '').slice(0, 4)}
        inputMode="numeric"
      />
      <button type="submit">Enviar</button>
    </form>
  );
}

function renderForm(mask: MaskPreset = CPF_INPUT) {
  const onValid = vi.fn<(values: Values) => void>();
  const view = render(<DocumentForm mask={mask} onValid={onValid} />);
  return { ...view, onValid, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('MaskedField', () => {
  it('is labelled, described by its hint and formats a CPF as it is typed (axe clean)', async () => {
    const { container, user, onValid } = renderForm();
    const cpf = field('Documento');
    expect(cpf).toHaveAttribute('inputmode', 'numeric');
    expect(cpf).toHaveAttribute('autocomplete', 'off');
    expect(cpf).toHaveAttribute('placeholder', '000.000.000-00');
    expect(cpf).toHaveAttribute('name', 'document');
    expect(cpf).toHaveAccessibleDescription('Somente o titular');
    expect(cpf).toHaveAttribute('aria-invalid', 'false');

    await user.type(cpf, '529x98224725');
    expect(cpf).toHaveValue('529.982.247-25');
    await user.type(field('CEP'), '01310100');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onValid).toHaveBeenCalledWith(
      { document: '529.982.247-25', zipCode: '01310-100', code: '' },
      expect.anything(),
    );
    expect(await axeViolations(container)).toEqual([]);
  });

  it('announces the error under the field, marks it invalid and focuses the first one', async () => {
    const { user, onValid } = renderForm();
    await user.type(field('Documento'), '529982');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['CPF inválido', 'Informe o CEP']);
    expect(field('Documento')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Documento')).toHaveAccessibleDescription('Somente o titular CPF inválido');
    expect(field('CEP')).toHaveAccessibleDescription('Informe o CEP');
    expect(field('Documento')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('keeps the preset’s attributes unless given others, and no name unless asked (card inputs)', () => {
    renderForm();
    const cep = field('CEP');
    expect(cep).toHaveAttribute('autocomplete', 'billing postal-code');
    expect(cep).toHaveAttribute('inputmode', 'numeric');
    expect(cep).toHaveAttribute('placeholder', '00000-000');
    expect(cep).not.toHaveAttribute('name');
  });

  it('filters a plain input with format (digits only, at most 4)', async () => {
    const { user } = renderForm();
    await user.type(field('Código'), '1a2 3-45');
    expect(field('Código')).toHaveValue('1234');
  });

  it('writes an alphanumeric CNPJ in capitals', async () => {
    const { user } = renderForm(CNPJ_INPUT);
    expect(field('Documento')).toHaveAttribute('autocapitalize', 'characters');
    expect(field('Documento')).toHaveAttribute('placeholder', '00.000.000/0000-00');
    await user.type(field('Documento'), '12abc34501de35');
    expect(field('Documento')).toHaveValue('12.ABC.345/01DE-35');
  });
});

describe('MaskedField with a value already held', () => {
  function Restored({ onValid }: { onValid(values: { document: string }): void }) {
    const { control, handleSubmit, reset } = useForm({ defaultValues: { document: '52998224725' } });
    return (
      <form noValidate onSubmit={handleSubmit(onValid)}>
        <MaskedField label="CPF" control={control} name="document" mask={CPF_INPUT} />
        <button type="button" onClick={() => reset({ document: '11144477735' })}>
          Restaurar
        </button>
        <button type="submit">Enviar</button>
      </form>
    );
  }

  it('masks what the form holds (a draft restored, a reset) and gives the form the masked text', async () => {
    const onValid = vi.fn();
    render(<Restored onValid={onValid} />);
    expect(field('CPF')).toHaveValue('529.982.247-25');
    await userEvent.click(screen.getByRole('button', { name: 'Restaurar' }));
    expect(field('CPF')).toHaveValue('111.444.777-35');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onValid).toHaveBeenCalledWith({ document: '111.444.777-35' }, expect.anything());
  });
});

describe('MaskInput', () => {
  function CepSearch() {
    const [cep, setCep] = useState('');
    return (
      <>
        <label htmlFor="cep">CEP</label>
        <MaskInput id="cep" mask={CEP_INPUT} value={cep} onAccept={setCep} />
        <output>{cep}</output>
      </>
    );
  }

  it('accepts nothing on mount when given a value already masked; an unmasked one is masked and accepted', () => {
    const onAccept = vi.fn();
    const { unmount } = render(
      <MaskInput aria-label="CPF" mask={CPF_INPUT} value="529.982.247-25" onAccept={onAccept} />,
    );
    expect(field('CPF')).toHaveValue('529.982.247-25');
    expect(onAccept).not.toHaveBeenCalled();
    unmount();
    render(<MaskInput aria-label="CPF" mask={CPF_INPUT} value="52998224725" onAccept={onAccept} />);
    expect(field('CPF')).toHaveValue('529.982.247-25');
    expect(onAccept).toHaveBeenCalledWith('529.982.247-25');
  });

  it('masks a value held outside a form', async () => {
    render(<CepSearch />);
    await userEvent.type(field('CEP'), '01001000');
    expect(field('CEP')).toHaveValue('01001-000');
    expect(screen.getByRole('status')).toHaveTextContent('01001-000');
    expect(field('CEP')).toHaveAttribute('autocomplete', 'postal-code');
  });
});
