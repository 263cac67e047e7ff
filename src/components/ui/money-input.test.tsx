import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MoneyField, MoneyInput } from './money-input.tsx';

const FORMAT = 'Informe o valor em reais, por exemplo 10,00';

/** A MoneyField inside a form, holding its amount as a page would (a form value). */
function Page({
  initial,
  error,
  onEnter,
  onSubmit,
}: {
  initial?: number;
  error?: (amount: number | undefined) => string | undefined;
  onEnter?(amount: number | undefined): void;
  onSubmit?(): void;
}) {
  const [amount, setAmount] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <MoneyField
        label="Valor"
        notAmountError={FORMAT}
        error={error?.(amount)}
        value={amount}
        onChange={setAmount}
        onEnter={onEnter}
      />
      <output>{amount === undefined ? 'nenhum' : String(amount)}</output>
      <button type="button" onClick={() => setAmount(80)}>
        Restaurar
      </button>
    </form>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Valor' });
const held = () => screen.getByRole('status').textContent;

describe('MoneyField', () => {
  it('reads reais as typed on a Brazilian keyboard and hands the form a number (axe clean)', async () => {
    const { container } = render(<Page />);
    expect(field()).toHaveAttribute('inputmode', 'decimal');
    expect(field()).toHaveAttribute('placeholder', '0,00');
    expect(field()).toHaveAttribute('autocomplete', 'off');

    await userEvent.type(field(), '1.234,56');
    expect(field()).toHaveValue('1.234,56');
    expect(held()).toBe('1234.56');
    await userEvent.clear(field());
    await userEvent.type(field(), '50');
    expect(held()).toBe('50');
    await userEvent.clear(field());
    expect(held()).toBe('nenhum');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says what is wrong while the text is not an amount, and the caller’s error otherwise', async () => {
    render(
      <Page error={(amount) => (amount !== undefined && amount < 10 ? 'Mínimo de R$ 10,00' : undefined)} />,
    );
    await userEvent.type(field(), '10,555');
    expect(screen.getByRole('alert')).toHaveTextContent(FORMAT);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(FORMAT);
    expect(held()).toBe('nenhum');

    await userEvent.clear(field());
    await userEvent.type(field(), '5');
    expect(screen.getByRole('alert')).toHaveTextContent('Mínimo de R$ 10,00');
    await userEvent.type(field(), '0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'false');
  });

  it('Enter hands over the amount and never submits the surrounding form', async () => {
    const onEnter = vi.fn();
    const onSubmit = vi.fn();
    render(<Page onEnter={onEnter} onSubmit={onSubmit} />);
    await userEvent.type(field(), '12,5{Enter}');
    expect(onEnter).toHaveBeenCalledWith(12.5);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows an amount set from elsewhere (a draft restored) in Brazilian format', async () => {
    render(<Page initial={1234.5} />);
    expect(field()).toHaveValue('1.234,50');
    await userEvent.click(screen.getByRole('button', { name: 'Restaurar' }));
    expect(field()).toHaveValue('80,00');
  });
});

describe('MoneyInput', () => {
  function Freight() {
    const [amount, setAmount] = useState<number>();
    return (
      <>
        <label htmlFor="frete">Frete</label>
        <MoneyInput id="frete" value={amount} onChange={setAmount} aria-invalid={amount === 0} />
      </>
    );
  }

  it('is marked invalid while the text is not an amount, or for the caller’s reason', async () => {
    render(<Freight />);
    const input = screen.getByRole('textbox', { name: 'Frete' });
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input, 'abc');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(input);
    await userEvent.type(input, '12,50');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
