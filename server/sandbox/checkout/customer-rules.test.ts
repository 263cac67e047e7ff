import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, isValidEmail, validateCustomer } from './customer-rules.ts';

describe('isValidEmail (spec section 5)', () => {
  it.each(['ana@exemplo.com.br', 'a.b+c@d.io', 'x_y@sub.dominio.com'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each([
    'ana @exemplo.com',
    ' ana@exemplo.com',
    'ana@exemplo',
    'ana@exemplo.c',
    'anaexemplo.com',
    'ana@@exemplo.com',
    'ana(1)@exemplo.com',
    'ana@exem;plo.com',
    'ana!@exemplo.com',
    'ana#@exemplo.com',
    'ana%@exemplo.com',
    'ana&@exemplo.com',
    'ana,b@exemplo.com',
    'ana@exemplo.c0m',
  ])('refuses %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('validateCustomer', () => {
  const options = { enableCnpj: true, requireContact: false };

  it('stores the CPF digits only and the CNPJ upper case without its mask', () => {
    const { customer, errors } = validateCustomer(
      {
        name: ' Ana ',
        document: '529.982.247-25',
        isCorporate: true,
        corporateDocument: '12.abc.345/01de-35',
        corporateName: 'Ana Comércio Ltda',
        tradeName: 'Ana Doces',
      },
      { phone: '11999990000' },
      options,
    );
    expect(errors).toEqual([]);
    expect(customer).toMatchObject({
      name: 'Ana',
      document: '52998224725',
      corporateDocument: '12ABC34501DE35',
      phone: '11999990000',
    });
  });

  it('refuses a CPF with letters even when its digits would check', () => {
    const { errors } = validateCustomer({ name: 'Ana', document: '529.982.247-25x' }, {}, options);
    expect(errors).toEqual([{ field: 'document', message: CUSTOMER_MESSAGES.cpf }]);
  });

  it('ignores corporate data when the shop has CNPJ off', () => {
    const { customer, errors } = validateCustomer(
      { name: 'Ana', isCorporate: true },
      {},
      { ...options, enableCnpj: false },
    );
    expect(errors).toEqual([]);
    expect(customer).toMatchObject({ isCorporate: false, corporateDocument: '' });
  });

  it('requires e-mail and CPF when finishing an order', () => {
    const { errors } = validateCustomer({ name: 'Ana' }, {}, { ...options, requireContact: true });
    expect(errors.map((e) => e.message)).toEqual([CUSTOMER_MESSAGES.email, CUSTOMER_MESSAGES.cpf]);
  });

  it('keeps stored values for fields the form did not send', () => {
    const { customer } = validateCustomer(
      { name: 'Ana' },
      { email: 'ana@exemplo.com', document: '11144477735' },
      options,
    );
    expect(customer).toMatchObject({ email: 'ana@exemplo.com', document: '11144477735' });
  });
});
