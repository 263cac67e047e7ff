import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { describe, expect, it, vi } from 'vitest';
import { FREIGHT_FORMAT_MESSAGE, FREIGHT_ZERO_MESSAGE, ManualFreight } from './logistic-kit.tsx';

function renderFreight() {
  const onApply = vi.fn();
  const view = render(<ManualFreight onApply={onApply} pending={false} />);
  return { ...view, onApply };
}

describe('ManualFreight', () => {
  it.each([
    ['-5', FREIGHT_FORMAT_MESSAGE],
    ['abc', FREIGHT_FORMAT_MESSAGE],
    ['0', FREIGHT_ZERO_MESSAGE],
  ])("'Customizado' with %s says why 'Aplicar' is off: %s", async (typed, message) => {
    const { container, onApply } = renderFreight();
    await userEvent.click(screen.getByRole('radio', { name: 'Customizado' }));
    const value = screen.getByRole('textbox', { name: 'Valor do frete' });
    await userEvent.type(value, `${typed}{Enter}`);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription(`Em reais, por exemplo 12,50 ${message}`);
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
    expect(onApply).not.toHaveBeenCalled();
    expect(await axeViolations(container)).toEqual([]);
  });

  it("'Customizado' with 12,50 applies 12.5 and shows no message", async () => {
    const { onApply } = renderFreight();
    await userEvent.click(screen.getByRole('radio', { name: 'Customizado' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Valor do frete' }), '12,50');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith(12.5);
  });
});
