import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '@/contract/br-docs.ts';
import {
  type ContactFormValues,
  contactFormSchema,
  contactFromCustomer,
  contactToUpdate,
} from './contact-form.ts';

const valid: ContactFormValues = {
  name: 'Ana Souza',
  email: 'ana@exemplo.com.br',
  document: '529.982.247-25',
  isCorporate: false,
  corporateDocument: '',
  corporateName: '',
  tradeName: '',
  stateInscription: '',
};

const corporate: ContactFormValues = {
  ...valid,
  isCorporate: true,
  corporateDocument: '12.ABC.345/01DE-35',
  corporateName: 'Sorvetes Souza Ltda',
  tradeName: 'Sorvetes da Ana',
  stateInscription: '123.456.789',
};

const messagesOf = (values: ContactFormValues, enableCnpj: boolean) => {
  const result = contactFormSchema(enableCnpj).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('contactFormSchema', () => {
  it('accepts a complete contact', () => {
    expect(messagesOf(valid, false)).toEqual({});
  });
  it('requires a name (blank counts as missing)', () => {
    expect(messagesOf({ ...valid, name: '   ' }, false)).toEqual({ name: CUSTOMER_MESSAGES.name });
  });
  it('refuses an invalid or empty e-mail with the spec message', () => {
    expect(messagesOf({ ...valid, email: 'ana @exemplo.com' }, false)).toEqual({
      email: CUSTOMER_MESSAGES.email,
    });
    expect(messagesOf({ ...valid, email: '' }, false)).toEqual({ email: CUSTOMER_MESSAGES.email });
  });
  it('refuses an invalid or empty CPF', () => {
    expect(messagesOf({ ...valid, document: '111.111.111-11' }, false)).toEqual({
      document: CUSTOMER_MESSAGES.cpf,
    });
    expect(messagesOf({ ...valid, document: '' }, false)).toEqual({ document: CUSTOMER_MESSAGES.cpf });
  });
  it('ignores the corporate fields when the CNPJ setting is off', () => {
    expect(messagesOf({ ...valid, isCorporate: true }, false)).toEqual({});
  });
  it('ignores the corporate fields when the box is not ticked', () => {
    expect(messagesOf(valid, true)).toEqual({});
  });
  it('accepts corporate data with an alphanumeric or numeric CNPJ', () => {
    expect(messagesOf(corporate, true)).toEqual({});
    expect(messagesOf({ ...corporate, corporateDocument: '11.222.333/0001-81' }, true)).toEqual({});
  });
  it('requires CNPJ, company name and trade name for a corporate contact', () => {
    expect(
      messagesOf({ ...corporate, corporateDocument: '', corporateName: ' ', tradeName: '' }, true),
    ).toEqual({
      corporateDocument: CUSTOMER_MESSAGES.cnpjRequired,
      corporateName: CUSTOMER_MESSAGES.corporateName,
      tradeName: CUSTOMER_MESSAGES.tradeName,
    });
  });
  it('refuses an invalid CNPJ', () => {
    expect(messagesOf({ ...corporate, corporateDocument: '11.222.333/0001-82' }, true)).toEqual({
      corporateDocument: CUSTOMER_MESSAGES.cnpjInvalid,
    });
  });
});

describe('contactFromCustomer', () => {
  it('gives empty fields without a customer', () => {
    expect(contactFromCustomer(undefined)).toEqual({ ...valid, name: '', email: '', document: '' });
  });
  it('masks the stored documents and keeps null fields empty', () => {
    expect(
      contactFromCustomer({
        name: 'Ana',
        email: null,
        document: '52998224725',
        isCorporate: true,
        corporateDocument: '12ABC34501DE35',
        corporateName: 'Souza Ltda',
        tradeName: null,
      }),
    ).toEqual({
      name: 'Ana',
      email: '',
      document: '529.982.247-25',
      isCorporate: true,
      corporateDocument: '12.ABC.345/01DE-35',
      corporateName: 'Souza Ltda',
      tradeName: '',
      stateInscription: '',
    });
  });
});

describe('contactToUpdate', () => {
  it('sends the CPF without mask and no corporate data for a person', () => {
    expect(contactToUpdate({ ...valid, name: ' Ana Souza ' }, true)).toEqual({
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      document: '52998224725',
      isCorporate: false,
    });
  });
  it('sends the corporate data with the CNPJ unmasked in upper case', () => {
    expect(contactToUpdate({ ...corporate, corporateDocument: '12.abc.345/01de-35' }, true)).toEqual({
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      document: '52998224725',
      isCorporate: true,
      corporateDocument: '12ABC34501DE35',
      corporateName: 'Sorvetes Souza Ltda',
      tradeName: 'Sorvetes da Ana',
      stateInscription: '123.456.789',
    });
  });
  it('drops the corporate data when the CNPJ setting is off', () => {
    expect(contactToUpdate(corporate, false)).toEqual({
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      document: '52998224725',
      isCorporate: false,
    });
  });
});
