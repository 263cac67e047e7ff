import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf } from './br-documents.ts';

describe('CPF', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });
  it.each(['529.982.247-26', '111.111.111-11', '1234567890', '', '5299822472a'])('refuses %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe('CNPJ', () => {
  it.each(['11.222.333/0001-81', '11222333000181', '12.ABC.345/01DE-35', '12abc34501de35'])(
    'accepts %s',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
    },
  );
  it.each(['11.222.333/0001-82', '00.000.000/0000-00', '12.ABC.345/01DE-3A', '1122233300018'])(
    'refuses %s',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(false);
    },
  );
});
