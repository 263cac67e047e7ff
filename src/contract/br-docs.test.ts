import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  formatCnpj,
  formatCpf,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
  isValidPhone,
} from './br-docs.ts';

describe('isValidCpf', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35'])('accepts the valid CPF %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });
  it('rejects a wrong check digit', () => {
    expect(isValidCpf('529.982.247-26')).toBe(false);
  });
  it.each(['000.000.000-00', '111.111.111-11', '99999999999'])('rejects all-equal digits %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
  it.each(['', '5299822472', '529982247251', '5299822472a', '529.982.247-25x'])(
    'rejects the wrong length or letters: %s',
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(false);
    },
  );
});

describe('isValidCnpj', () => {
  it.each(['11.222.333/0001-81', '11222333000181'])('accepts the numeric CNPJ %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });
  it.each(['12.ABC.345/01DE-35', '12ABC34501DE35', '12.abc.345/01de-35'])(
    'accepts the alphanumeric CNPJ %s',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
    },
  );
  it.each(['11.222.333/0001-82', '12.ABC.345/01DE-36'])('rejects a wrong check digit: %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
  it.each(['00.000.000/0000-00', '11.111.111/1111-11', 'AAAAAAAAAAAAAA'])('rejects all-equal %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
  it.each(['', '1122233300018', '12.ABC.345/01DE-3A', '11.222.333/0001-81x'])(
    'rejects the wrong length or letter check digits: %s',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(false);
    },
  );
});

describe('isValidEmail (spec section 5)', () => {
  it.each(['ana@exemplo.com.br', 'a.b+c@d.io', 'x_y@sub.dominio.com'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(['ana @exemplo.com', ' ana@exemplo.com', 'ana@exemplo.com '])('rejects spaces: %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it.each(['(', ')', '<', '>', '[', ']', ':', ';', '\\', ',', '"', '!', '#', '%', '&'])(
    'rejects the forbidden character %s',
    (char) => {
      expect(isValidEmail(`ana${char}x@exemplo.com`)).toBe(false);
    },
  );
  it.each(['anaexemplo.com', 'ana@exemplo', '@exemplo.com', 'ana@', 'ana@@exemplo.com', ''])(
    'rejects a missing part: %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
  it.each(['ana@exemplo.c', 'ana@exemplo.c0m', 'ana@exemplo.123'])(
    'rejects a top-level domain without 2 letters: %s',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe('isValidCep', () => {
  it.each(['01310-100', '01310100'])('accepts %s', (cep) => {
    expect(isValidCep(cep)).toBe(true);
  });
  it.each(['', '0131-0100', '01310-10', '013101000', 'abcde-fgh', '01310 100'])('rejects %j', (cep) => {
    expect(isValidCep(cep)).toBe(false);
  });
});

describe('isValidPhone', () => {
  it.each(['(11) 91234-5678', '(11) 3123-4567', '11912345678', '1131234567', '(11)91234-5678'])(
    'accepts %s',
    (phone) => {
      expect(isValidPhone(phone)).toBe(true);
    },
  );
  it.each(['', '(01) 91234-5678', '(11) 91234-56789', '912345678', '(11) 9123a-5678'])(
    'rejects %j',
    (phone) => {
      expect(isValidPhone(phone)).toBe(false);
    },
  );
});

describe('document formatting', () => {
  it('masks an 11-digit CPF and leaves anything else as given', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpf('123')).toBe('123');
  });
  it('masks a 14-character CNPJ in upper case and leaves anything else as given', () => {
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('1122')).toBe('1122');
  });
});

describe('CUSTOMER_MESSAGES', () => {
  it('holds the spec texts word for word', () => {
    expect(CUSTOMER_MESSAGES).toEqual({
      name: 'Nome é obrigatório.',
      email: 'O e-mail digitado é inválido. Verifique se há espaços ou caracteres incorretos.',
      cpf: 'CPF inválido.',
      cnpjRequired: 'CNPJ é obrigatório.',
      cnpjInvalid: 'CNPJ inválido.',
      corporateName: 'Insira uma razão social.',
      tradeName: 'Insira um nome fantasia.',
    });
  });
});
