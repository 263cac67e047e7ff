import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_PICKER_QUANTITY } from './quantity.ts';
import { QuantityPicker } from './quantity-picker.tsx';

function Controlled({ initial = 1, onChange }: { initial?: number; onChange?: (value: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <QuantityPicker
        value={value}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
      />
      <output aria-label="Valor">{value}</output>
      <button type="button">Outro</button>
    </>
  );
}

const input = () => screen.getByLabelText('Quantidade');
const decrease = () => screen.getByRole('button', { name: 'Remover um item' });
const increase = () => screen.getByRole('button', { name: 'Adicionar mais um item' });
const shown = () => screen.getByLabelText('Valor').textContent;

describe('QuantityPicker', () => {
  it('starts with the decrease button disabled at 1 and steps up and down', async () => {
    render(<Controlled />);
    expect(input()).toHaveValue(1);
    expect(decrease()).toBeDisabled();

    await userEvent.click(increase());
    await userEvent.click(increase());
    expect(input()).toHaveValue(3);
    expect(decrease()).toBeEnabled();

    await userEvent.click(decrease());
    await userEvent.click(decrease());
    expect(input()).toHaveValue(1);
    expect(decrease()).toBeDisabled();
  });

  it('leaves 1 when the decrease button is pressed at exactly 1', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    fireEvent.click(decrease());
    expect(onChange).not.toHaveBeenCalled();
    expect(input()).toHaveValue(1);
  });

  it('stops increasing at the maximum', () => {
    render(<Controlled initial={MAX_PICKER_QUANTITY} />);
    expect(increase()).toBeDisabled();
  });

  it('offers no more than a lower maximum: its + is disabled there and a larger number typed is read as it', async () => {
    const onChange = vi.fn();
    render(<QuantityPicker value={2} max={2} onChange={onChange} />);
    expect(increase()).toBeDisabled();
    expect(decrease()).toBeEnabled();
    await userEvent.clear(input());
    await userEvent.type(input(), '7');
    expect(onChange).not.toHaveBeenCalledWith(7);
    await userEvent.click(decrease());
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('reads typed text as an integer', async () => {
    render(<Controlled />);
    await userEvent.clear(input());
    await userEvent.type(input(), '12');
    expect(shown()).toBe('12');
    expect(input()).toHaveValue(12);

    fireEvent.change(input(), { target: { value: '4.7' } });
    expect(shown()).toBe('4');
  });

  it('makes a cleared input 1 (shown once the input loses focus)', async () => {
    render(<Controlled initial={5} />);
    await userEvent.clear(input());
    expect(shown()).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Outro' }));
    expect(input()).toHaveValue(1);
  });

  it('never goes below 1 or above the maximum when typed', async () => {
    render(<Controlled initial={3} />);
    fireEvent.change(input(), { target: { value: '0' } });
    expect(shown()).toBe('1');
    fireEvent.change(input(), { target: { value: '-4' } });
    expect(shown()).toBe('1');
    fireEvent.change(input(), { target: { value: '5000' } });
    expect(shown()).toBe(String(MAX_PICKER_QUANTITY));
    fireEvent.blur(input());
    expect(input()).toHaveValue(MAX_PICKER_QUANTITY);
  });

  it('is read-only: the input disabled and the buttons hidden', () => {
    render(<QuantityPicker value={2} onChange={() => {}} readOnly />);
    expect(input()).toBeDisabled();
    expect(input()).toHaveValue(2);
    expect(screen.queryByRole('button', { name: 'Remover um item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar mais um item' })).not.toBeInTheDocument();
  });
});
