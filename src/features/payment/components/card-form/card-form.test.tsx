import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '@tests/axe.ts';
import { orderFixture } from '@tests/msw.ts';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreditCardOption } from '@/contract/checkout.ts';
import type { Order } from '@/contract/order.ts';
import { CARD_SUBMIT_LABEL, CardForm, type CardFormProps, focusCardNumber } from './card-form.tsx';

const cielo: CreditCardOption = {
  providerId: 'cielo',
  name: 'Crédito Cielo',
  installments: [
    { count: 1, value: 150 },
    { count: 2, value: 75 },
    { count: 3, value: 52 },
  ],
};
const rede: CreditCardOption = {
  providerId: 'rede',
  name: 'Crédito Rede',
  installments: [{ count: 1, value: 150 }],
};
/** As the sandbox answers: the option names the brands it takes. */
const withBrands: CreditCardOption = {
  ...cielo,
  brands: ['visa', 'mastercard', 'elo', 'american-express', 'hipercard'],
};

const order: Order = orderFixture({
  totalAmout: 150,
  customer: {
    name: 'Mariana Souza Oliveira',
    document: '52998224725',
    address: {
      zipCode: '01310100',
      street: 'Avenida Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
  },
});

function renderForm(props: Partial<CardFormProps> = {}) {
  const onSubmit = vi.fn<CardFormProps['onSubmit']>();
  const onInstallmentsChange = vi.fn<CardFormProps['onInstallmentsChange']>();
  const view = render(
    <>
      <Toaster />
      <CardForm
        order={order}
        cardOptions={[cielo]}
        enableCnpj={false}
        busy={false}
        onSubmit={onSubmit}
        onInstallmentsChange={onInstallmentsChange}
        {...props}
      />
    </>,
  );
  return { ...view, onSubmit, onInstallmentsChange, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label);
const preview = () => screen.getByTestId('card-preview');
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

function errorOf(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const alert = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.getAttribute('role') === 'alert');
  return alert?.textContent ?? null;
}

describe('CardForm', () => {
  // react-hot-toast keeps its toasts in a module store: start every test without any.
  afterEach(() => act(() => toast.remove()));

  it('shows the card fields, the installments and the billing address prefilled from the order (axe clean)', async () => {
    const { container } = renderForm();
    for (const label of [
      'Número do cartão',
      'Nome impresso no cartão',
      'Validade',
      'Código de segurança',
      'CPF',
    ]) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(field('CPF')).toHaveValue('529.982.247-25');
    expect(field('CEP')).toHaveValue('01310-100');
    expect(field('Endereço')).toHaveValue('Avenida Paulista');
    expect(field('Número')).toHaveValue('1000');
    expect(field('Bairro')).toHaveValue('Bela Vista');
    expect(field('Cidade')).toHaveValue('São Paulo');
    expect(field('Estado')).toHaveValue('SP');
    expect(field('Complemento')).toHaveValue('');
    // One card option: no 'Tipo de cartão' to choose.
    expect(screen.queryByLabelText('Tipo de cartão')).not.toBeInTheDocument();
    const installments = within(field('Parcelas'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(installments).toEqual([
      '1x de R$\u00A0150,00 sem juros',
      '2x de R$\u00A075,00 sem juros',
      '3x de R$\u00A052,00 com juros (total R$\u00A0156,00)',
    ]);
    expect(screen.getByRole('button', { name: 'Finalizar pagamento' })).toBeEnabled();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('card inputs have no name attribute, cc-* autocomplete and a numeric keyboard', () => {
    renderForm();
    const expected: [string, string, boolean][] = [
      ['Número do cartão', 'cc-number', true],
      ['Nome impresso no cartão', 'cc-name', false],
      ['Validade', 'cc-exp', true],
      ['Código de segurança', 'cc-csc', true],
    ];
    for (const [label, autocomplete, numeric] of expected) {
      const input = field(label);
      expect(input, label).not.toHaveAttribute('name');
      expect(input, label).toHaveAttribute('autocomplete', autocomplete);
      if (numeric) expect(input, label).toHaveAttribute('inputmode', 'numeric');
      else expect(input, label).not.toHaveAttribute('inputmode');
    }
    // A CPF is digits; the billing address is the browser's billing address.
    expect(field('CPF')).toHaveAttribute('inputmode', 'numeric');
    expect(field('CPF')).toHaveAttribute('autocomplete', 'off');
    expect(field('CEP')).toHaveAttribute('inputmode', 'numeric');
    expect(field('CEP')).toHaveAttribute('autocomplete', 'billing postal-code');
    expect(field('Endereço')).toHaveAttribute('autocomplete', 'billing address-line1');
    expect(field('Cidade')).toHaveAttribute('autocomplete', 'billing address-level2');
  });

  it('a document that may be a CNPJ gets the letters keyboard (a CNPJ may have letters)', () => {
    renderForm({ enableCnpj: true });
    expect(field('CPF ou CNPJ')).not.toHaveAttribute('inputmode', 'numeric');
    expect(field('CPF ou CNPJ')).toHaveAttribute('autocapitalize', 'characters');
  });

  it('the preview follows the typing, masks the middle digits and shows the brand', async () => {
    const { user } = renderForm();
    expect(preview()).toHaveTextContent('•••• •••• •••• ••••');

    await user.type(field('Número do cartão'), '4111');
    expect(preview()).toHaveTextContent('4111');
    await user.type(field('Número do cartão'), '111111111111');
    expect(field('Número do cartão')).toHaveValue('4111 1111 1111 1111');
    expect(within(preview()).getByText('4111 11•• •••• 1111')).toBeInTheDocument();
    expect(preview()).not.toHaveTextContent('4111 1111 1111 1111');
    expect(within(preview()).getByText('Visa')).toBeInTheDocument();
    // The brand is also read with the number field.
    expect(field('Número do cartão')).toHaveAccessibleDescription('Bandeira: Visa');

    await user.type(field('Nome impresso no cartão'), 'Mariana Oliveira');
    expect(within(preview()).getByText('MARIANA OLIVEIRA')).toBeInTheDocument();
    await user.type(field('Validade'), `07${nextYear}`);
    expect(field('Validade')).toHaveValue(`07/${nextYear}`);
    expect(within(preview()).getByText(`07/${nextYear}`)).toBeInTheDocument();
  });

  it('the number is grouped as printed (4-4-4-4, Amex 4-6-5) and capped by brand: 15 Amex, 14 Diners, 19 Visa, 16 Elo; Hipercard 3841 is no Diners', async () => {
    const { user } = renderForm();
    const number = field('Número do cartão');
    await user.type(number, '3782-8224 6310 0059999');
    expect(number).toHaveValue('3782 822463 10005');
    expect(within(preview()).getByText('American Express')).toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '3614890064791399');
    expect(number).toHaveValue('3614 890064 7913');
    expect(within(preview()).getByText('Diners Club')).toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '41111111111111111119999');
    expect(number).toHaveValue('4111 1111 1111 1111 111');

    await user.clear(number);
    await user.type(number, '636368000000000099');
    expect(number).toHaveValue('6363 6800 0000 0000');
    expect(within(preview()).getByText('Elo')).toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '3841001111222233');
    expect(within(preview()).getByText('Hipercard')).toBeInTheDocument();
  });

  it('a digit typed or erased in the middle of the number keeps the caret where it is', async () => {
    const { user } = renderForm();
    const number = field('Número do cartão') as HTMLInputElement;
    await user.type(number, '4111111111111111');
    // Caret after '4111 ': a 2 goes in there, the groups shift and the caret stays after it.
    await user.type(number, '2', { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect(number).toHaveValue('4111 2111 1111 1111 1');
    expect(number.selectionStart).toBe(6);
    await user.keyboard('{Backspace}');
    expect(number).toHaveValue('4111 1111 1111 1111');
    expect(number.selectionStart).toBe(5);
    // The first digit changed to 3 and 7: an American Express, regrouped 4-6-5, the caret after the 7.
    // All selected and erased, as a shopper does (imask reads the selection on the key press).
    await user.tripleClick(number);
    await user.keyboard('{Backspace}');
    expect(number).toHaveValue('');
    await user.type(number, '411111111111');
    await user.type(number, '{Backspace}37', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(number).toHaveValue('3711 111111 111');
    expect(number.selectionStart).toBe(2);
    expect(within(preview()).getByText('American Express')).toBeInTheDocument();
  });

  it('shows the brands the shop takes beside the number, and the one typed stands out (axe clean)', async () => {
    const { user, container } = renderForm({ cardOptions: [withBrands] });
    const list = screen.getByRole('list', { name: 'Bandeiras aceitas' });
    const logos = within(list).getAllByRole('img');
    expect(logos.map((logo) => logo.getAttribute('alt'))).toEqual([
      'Visa',
      'Mastercard',
      'Elo',
      'American Express',
      'Hipercard',
    ]);
    // Right before the number field.
    expect(
      list.compareDocumentPosition(field('Número do cartão')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const current = () =>
      within(list)
        .queryAllByRole('listitem')
        .filter((item) => item.hasAttribute('aria-current'));
    expect(current()).toEqual([]);

    await user.type(field('Número do cartão'), '4111');
    expect(current()).toEqual([screen.getByRole('img', { name: 'Visa' }).closest('li')]);
    expect(field('Número do cartão')).toHaveAccessibleDescription('Bandeira: Visa');
    expect(await axeViolations(container)).toEqual([]);

    await user.tripleClick(field('Número do cartão'));
    await user.keyboard('{Backspace}');
    await user.type(field('Número do cartão'), '3782');
    expect(current()).toEqual([screen.getByRole('img', { name: 'American Express' }).closest('li')]);

    // A brand the shop does not take: none stands out, and the field says so.
    await user.tripleClick(field('Número do cartão'));
    await user.keyboard('{Backspace}');
    await user.type(field('Número do cartão'), '3528');
    expect(current()).toEqual([]);
    expect(field('Número do cartão')).toHaveAccessibleDescription('Bandeira: JCB, não aceita nesta loja');
  });

  it('shows the brands the form takes when the card options name none (the spec has no brands)', () => {
    renderForm();
    const brands = screen.getByRole('list', { name: 'Bandeiras aceitas' });
    expect(
      within(brands)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['Visa', 'Mastercard', 'Elo', 'American Express', 'Diners Club', 'Hipercard']);
  });

  it('a pasted number keeps its digits, grouped as printed, up to the brand’s length', async () => {
    const { user } = renderForm();
    await user.click(field('Número do cartão'));
    await user.paste('4111 1111 1111 1111');
    expect(field('Número do cartão')).toHaveValue('4111 1111 1111 1111');
    await user.clear(field('Número do cartão'));
    await user.paste('3782 822463 10005 77');
    expect(field('Número do cartão')).toHaveValue('3782 822463 10005');
  });

  it('asks a 4-digit security code for Amex and 3 for other cards', async () => {
    const { user } = renderForm();
    await user.type(field('Número do cartão'), '378282246310005');
    await user.type(field('Código de segurança'), '12345');
    expect(field('Código de segurança')).toHaveValue('1234');

    await user.clear(field('Número do cartão'));
    await user.type(field('Número do cartão'), '4111111111111111');
    await user.clear(field('Código de segurança'));
    await user.type(field('Código de segurança'), '12a34');
    expect(field('Código de segurança')).toHaveValue('123');
  });

  it('an invalid submit toasts the spec’s message, marks the fields and focuses the first', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(field('Número do cartão'), '378282246310005');
    await user.type(field('Código de segurança'), '123');
    await user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }));

    expect(await screen.findByText('Por favor, verifique os campos e tente novamente')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field('Nome impresso no cartão')).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(field('Nome impresso no cartão'))).toBe('Informe o nome impresso no cartão.');
    expect(errorOf(field('Validade'))).toBe('Informe a validade do cartão.');
    expect(errorOf(field('Código de segurança'))).toBe('O código de segurança tem 4 dígitos.');
    expect(field('Número do cartão')).toHaveAttribute('aria-invalid', 'false');
    expect(field('CPF')).toHaveAttribute('aria-invalid', 'false');
    await waitFor(() => expect(field('Nome impresso no cartão')).toHaveFocus());
  });

  it('every missing field shows its own error under it, and the first on the screen takes the focus', async () => {
    const { user, onSubmit } = renderForm({ cardOptions: [cielo, rede] });
    for (const label of ['CPF', 'CEP', 'Endereço', 'Número', 'Bairro', 'Cidade', 'Estado']) {
      await user.clear(field(label));
    }
    await user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }));

    await waitFor(() => expect(field('Tipo de cartão')).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
    const expected: [string, string][] = [
      ['Tipo de cartão', 'Selecione o tipo de cartão.'],
      ['Número do cartão', 'Informe o número do cartão.'],
      ['Nome impresso no cartão', 'Informe o nome impresso no cartão.'],
      ['Validade', 'Informe a validade do cartão.'],
      ['Código de segurança', 'O código de segurança tem 3 dígitos.'],
      ['CPF', 'CPF inválido.'],
      ['CEP', 'CEP inválido.'],
      ['Endereço', 'Informe o endereço.'],
      ['Número', 'Informe o número.'],
      ['Bairro', 'Informe o bairro.'],
      ['Cidade', 'Informe a cidade.'],
      ['Estado', 'Informe o estado.'],
    ];
    for (const [label, message] of expected) {
      const input = field(label);
      expect(input, label).toHaveAttribute('aria-invalid', 'true');
      expect(errorOf(input), label).toBe(message);
      // Under its own field: in the same field, after the input.
      const error = screen.getByText(message, { selector: '[role="alert"]' });
      expect(error.closest('.form-field'), label).toBe(input.closest('.form-field'));
    }
    expect(field('Complemento')).toHaveAttribute('aria-invalid', 'false');
  });

  it('the focus goes to the first invalid field on the screen, even a billing field', async () => {
    const { user } = renderForm();
    await user.type(field('Número do cartão'), '4111111111111111');
    await user.type(field('Nome impresso no cartão'), 'MARIANA S OLIVEIRA');
    await user.type(field('Validade'), `07${nextYear}`);
    await user.type(field('Código de segurança'), '123');
    await user.clear(field('Bairro'));
    await user.clear(field('Estado'));
    await user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }));
    await waitFor(() => expect(field('Bairro')).toHaveFocus());
    expect(errorOf(field('Estado'))).toBe('Informe o estado.');

    // Fixed, then another try: the next one left.
    await user.type(field('Bairro'), 'Bela Vista');
    await user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }));
    await waitFor(() => expect(field('Estado')).toHaveFocus());
  });

  it('the card type, shown once the options reload with another choice, is the first to take the focus', async () => {
    const { user, rerender, onSubmit, onInstallmentsChange } = renderForm();
    const other: CreditCardOption = { ...rede, providerId: 'getnet', name: 'Crédito Getnet' };
    rerender(
      <>
        <Toaster />
        <CardForm
          order={order}
          cardOptions={[rede, other]}
          enableCnpj={false}
          busy={false}
          onSubmit={onSubmit}
          onInstallmentsChange={onInstallmentsChange}
        />
      </>,
    );
    expect(field('Tipo de cartão')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }));
    await waitFor(() => expect(field('Tipo de cartão')).toHaveFocus());
    expect(errorOf(field('Tipo de cartão'))).toBe('Selecione o tipo de cartão.');
  });

  it('shows what is charged beside the pay button, following the installments', async () => {
    const { user } = renderForm();
    const bar = screen.getByRole('button', { name: 'Finalizar pagamento' }).parentElement as HTMLElement;
    expect(bar).toHaveTextContent('Total R$ 150,00');
    await user.selectOptions(field('Parcelas'), '3');
    // 3x of R$ 52,00 with interest.
    expect(bar).toHaveTextContent('Total R$ 156,00');
  });

  it('a past expiry and a wrong CPF are refused', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(field('Validade'), '0120');
    await user.clear(field('CPF'));
    await user.type(field('CPF'), '52998224700');
    await user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }));
    await waitFor(() => expect(errorOf(field('Validade'))).toBe('Cartão vencido.'));
    expect(errorOf(field('CPF'))).toBe('CPF inválido.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("an expiry with the year in full, typed or pasted ('12/2030'), becomes MM/AA ('12/30') and is not expired", async () => {
    const year = String(new Date().getFullYear() + 1);
    const { user, onSubmit } = renderForm();
    await user.type(field('Validade'), `12/${year}`);
    expect(field('Validade')).toHaveValue(`12/${year.slice(2)}`);
    await user.clear(field('Validade'));
    await user.click(field('Validade'));
    await user.paste(`12/${year}`);
    expect(field('Validade')).toHaveValue(`12/${year.slice(2)}`);
    await user.clear(field('Validade'));
    await user.type(field('Validade'), `12${year}`);
    expect(field('Validade')).toHaveValue(`12/${year.slice(2)}`);

    await user.type(field('Número do cartão'), '4111111111111111');
    await user.type(field('Nome impresso no cartão'), 'MARIANA S OLIVEIRA');
    await user.type(field('Código de segurança'), '123');
    await user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ expiryMonth: '12', expiryYear: year });
    expect(screen.queryByText('Cartão vencido.')).not.toBeInTheDocument();
  });

  it('new plans that still offer the chosen installments keep them; the server is not asked again', async () => {
    const { user, rerender, onInstallmentsChange } = renderForm();
    await user.selectOptions(field('Parcelas'), '2');
    onInstallmentsChange.mockClear();
    const more: CreditCardOption = {
      ...cielo,
      installments: [
        { count: 1, value: 200 },
        { count: 2, value: 100 },
        { count: 3, value: 68 },
      ],
    };
    rerender(
      <>
        <Toaster />
        <CardForm
          order={{ ...order, totalAmout: 200 }}
          cardOptions={[more]}
          enableCnpj={false}
          busy={false}
          onSubmit={vi.fn()}
          onInstallmentsChange={onInstallmentsChange}
        />
      </>,
    );
    expect(field('Parcelas')).toHaveValue('2');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('2x de R$ 100,00 sem juros');
    const bar = screen.getByRole('button', { name: 'Finalizar pagamento' }).parentElement as HTMLElement;
    expect(bar).toHaveTextContent('Total R$ 200,00');
    expect(onInstallmentsChange).not.toHaveBeenCalled();
  });

  it('new plans without the chosen installments choose the first, on the server too, and say so', async () => {
    const { user, rerender, onInstallmentsChange } = renderForm();
    await user.selectOptions(field('Parcelas'), '3');
    rerender(
      <>
        <Toaster />
        <CardForm
          order={{ ...order, totalAmout: 40 }}
          cardOptions={[{ ...cielo, installments: [{ count: 1, value: 40 }] }]}
          enableCnpj={false}
          busy={false}
          onSubmit={vi.fn()}
          onInstallmentsChange={onInstallmentsChange}
        />
      </>,
    );
    expect(field('Parcelas')).toHaveValue('1');
    expect(
      await screen.findByText(
        'O total do pedido mudou e as parcelas escolhidas não estão mais disponíveis. Confira as parcelas.',
      ),
    ).toBeInTheDocument();
    expect(onInstallmentsChange).toHaveBeenLastCalledWith({ providerId: 'cielo', installments: 1 });
    const bar = screen.getByRole('button', { name: 'Finalizar pagamento' }).parentElement as HTMLElement;
    expect(bar).toHaveTextContent('Total R$ 40,00');
  });

  it("while the plans of a new total are read, the pay button reads 'Atualizando pedido' and waits; the fields stay usable", async () => {
    const { user, onSubmit } = renderForm({ refreshing: true });
    const pay = screen.getByRole('button', { name: 'Atualizando pedido' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAttribute('aria-busy', 'true');
    expect(field('Número do cartão')).toBeEnabled();
    await user.type(field('Número do cartão'), '4111111111111111{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says 'Pagamento seguro' right under the pay button", () => {
    renderForm();
    const note = screen.getByText('Pagamento seguro');
    expect(note.previousElementSibling).toBe(screen.getByRole('button', { name: CARD_SUBMIT_LABEL }));
  });

  it('a valid submit calls onSubmit with the exact payload, then clears the security code', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(field('Número do cartão'), '4111111111111111');
    await user.type(field('Nome impresso no cartão'), 'MARIANA S OLIVEIRA');
    await user.type(field('Validade'), `07${nextYear}`);
    await user.type(field('Código de segurança'), '123');
    await user.type(field('Complemento'), 'Apto 12');
    await user.selectOptions(field('Parcelas'), '2');
    await user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      providerId: 'cielo',
      installments: 2,
      number: '4111111111111111',
      name: 'MARIANA S OLIVEIRA',
      securityCode: '123',
      expiryMonth: '07',
      expiryYear: `20${nextYear}`,
      document: '52998224725',
      zipCode: '01310-100',
      address: 'Avenida Paulista',
      addressNumber: '1000',
      complement: 'Apto 12',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
    await waitFor(() => expect(field('Código de segurança')).toHaveValue(''));
    expect(field('Número do cartão')).toHaveValue('4111 1111 1111 1111');
    expect(screen.queryByText('Por favor, verifique os campos e tente novamente')).not.toBeInTheDocument();
  });

  it('changing the installments calls onInstallmentsChange with the provider and the count', async () => {
    const { user, onInstallmentsChange } = renderForm();
    await user.selectOptions(field('Parcelas'), '3');
    expect(onInstallmentsChange).toHaveBeenLastCalledWith({ providerId: 'cielo', installments: 3 });
  });

  it('with several card options, the card type must be chosen; choosing one resets the installments', async () => {
    const { user, onSubmit, onInstallmentsChange } = renderForm({ cardOptions: [cielo, rede] });
    const type = field('Tipo de cartão');
    expect(type).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }));
    await waitFor(() => expect(errorOf(field('Tipo de cartão'))).toBe('Selecione o tipo de cartão.'));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(type, 'rede');
    expect(onInstallmentsChange).toHaveBeenLastCalledWith({ providerId: 'rede', installments: 1 });
    expect(within(field('Parcelas')).getAllByRole('option')).toHaveLength(1);
  });

  it('with CNPJ enabled, the document takes a CPF or an alphanumeric CNPJ and is sent without mask', async () => {
    const { user, onSubmit } = renderForm({ enableCnpj: true });
    const document = field('CPF ou CNPJ');
    expect(document).toHaveValue('529.982.247-25');
    await user.clear(document);
    await user.type(document, '11222333000181');
    expect(document).toHaveValue('11.222.333/0001-81');
    await user.clear(document);
    await user.type(document, '12abc34501de35');
    expect(document).toHaveValue('12.ABC.345/01DE-35');
    await user.clear(document);
    await user.type(document, '11222333000181');

    await user.type(field('Número do cartão'), '5555555555554444');
    await user.type(field('Nome impresso no cartão'), 'EMPORIO DA MARI');
    await user.type(field('Validade'), `12${nextYear}`);
    await user.type(field('Código de segurança'), '321');
    await user.click(screen.getByRole('button', { name: 'Finalizar pagamento' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      document: '11222333000181',
      number: '5555555555554444',
    });
  });

  it('while busy, the button reads Processando... and the inputs are disabled', () => {
    renderForm({ busy: true });
    expect(screen.getByRole('button', { name: 'Processando...' })).toBeDisabled();
    expect(field('Número do cartão')).toBeDisabled();
    expect(field('CEP')).toBeDisabled();
  });

  it('focusCardNumber puts the focus on the card number', () => {
    renderForm();
    focusCardNumber();
    expect(field('Número do cartão')).toHaveFocus();
  });
});
