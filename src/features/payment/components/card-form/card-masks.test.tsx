import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { MaskedField } from '@/components/ui/masked-field.tsx';
import type { MaskPreset } from '@/components/ui/masks.ts';
import { CARD_EXPIRY_INPUT, CPF_OR_CNPJ_INPUT, shortExpiry } from './card-masks.ts';

/** A form of one masked field, as the card form lays its fields out. */
function OneField({ label, mask }: { label: string; mask: MaskPreset }) {
  const { control } = useForm({ defaultValues: { value: '' } });
  return <MaskedField label={label} control={control} name="value" mask={mask} />;
}

function renderField(label: string, mask: MaskPreset) {
  render(<OneField label={label} mask={mask} />);
  return { user: userEvent.setup(), field: () => screen.getByRole('textbox', { name: label }) };
}

describe('the card form’s masks', () => {
  it('takes a CPF, or a CNPJ once a 12th character or a letter is typed', async () => {
    const { user, field } = renderField('CPF ou CNPJ do titular', CPF_OR_CNPJ_INPUT);
    await user.type(field(), '52998224725');
    expect(field()).toHaveValue('529.982.247-25');
    await user.clear(field());
    await user.type(field(), '11222333000181');
    expect(field()).toHaveValue('11.222.333/0001-81');
    await user.clear(field());
    await user.type(field(), '12A');
    expect(field()).toHaveValue('12.A');
  });

  it('writes a card expiry as MM/AA', async () => {
    const { user, field } = renderField('Validade', CARD_EXPIRY_INPUT);
    expect(field()).toHaveAttribute('autocomplete', 'cc-exp');
    await user.type(field(), '1229');
    expect(field()).toHaveValue('12/29');
  });

  it('shortens a year written in full', () => {
    expect(shortExpiry('12/2030')).toBe('12/30');
    expect(shortExpiry('12/30')).toBe('12/30');
  });
});
