import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectData, expectRefusal } from '../testing/answers.ts';
import { ANONYMOUS, OPERATOR, SHOPPER } from '../testing/fixtures.ts';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(() => sandbox.close());

const lookup = (cep: string) => sandbox.get(`/api/order/address/cep/${cep}`, { session: SHOPPER });
const addAddress = (body: unknown, session = SHOPPER) =>
  sandbox.post('/api/order/address/', body, { session });

const holambra = {
  name: 'Sítio',
  zipCode: '13825-000',
  street: 'Rua Pennings',
  number: '160',
  neighborhood: 'Residencial Imigrantes',
  city: 'Holambra',
  state: 'SP',
};

describe('GET /api/order/address/cep/:cep', () => {
  it.each([
    ['01001-000', 'Praça da Sé', 'Sé', 'São Paulo', 'SP'],
    ['01001000', 'Praça da Sé', 'Sé', 'São Paulo', 'SP'],
    ['20040-020', 'Praça Pio X', 'Centro', 'Rio de Janeiro', 'RJ'],
    ['30130010', 'Praça Sete de Setembro', 'Centro', 'Belo Horizonte', 'MG'],
    ['70040-010', 'SBN Quadra 1', 'Asa Norte', 'Brasília', 'DF'],
    ['01310-200', 'Avenida Paulista', 'Bela Vista', 'São Paulo', 'SP'],
    ['22021001', 'Avenida Atlântica', 'Copacabana', 'Rio de Janeiro', 'RJ'],
    ['05422-001', 'Rua dos Pinheiros', 'Pinheiros', 'São Paulo', 'SP'],
  ])('looks up %s with or without the hyphen', async (cep, street, neighborhood, city, state) => {
    const data = expectData('lookupCep', await lookup(cep));
    expect(data).toMatchObject({ street, neighborhood, city, state, neighborhoods: [] });
    expect(data.geoCoordinates).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
  });

  it('answers the neighbourhoods of a city-wide CEP to choose from', async () => {
    const data = expectData('lookupCep', await lookup('12460-000'));
    expect(data).toMatchObject({ city: 'Campos do Jordão', state: 'SP', street: '', neighborhood: null });
    expect(data.neighborhoods?.map((n) => n.name)).toEqual(
      expect.arrayContaining(['Abernéssia', 'Capivari', 'Jaguaribe']),
    );
    expect(data.neighborhoods?.every((n) => n.id && n.name)).toBe(true);
  });

  it("answers 404 'CEP não encontrado' for an unknown CEP", async () => {
    expect(expectRefusal(await lookup('99999-999'), 404).message).toBe('CEP não encontrado');
  });

  it('refuses a malformed CEP (400)', async () => {
    expectRefusal(await lookup('0100-1000'), 400);
    expectRefusal(await lookup('abcde-fgh'), 400);
  });
});

describe('POST /api/order/address/', () => {
  it('adds the address at the end of the list and answers the whole list', async () => {
    const list = expectData(
      'addAddress',
      await addAddress({
        name: 'Casa da praia',
        zipCode: '20040020',
        street: ' Praça Pio X ',
        number: '10',
        complement: 'Loja B',
        neighborhood: 'Centro',
        city: 'Rio de Janeiro',
        state: 'rj',
      }),
    );
    expect(list).toHaveLength(3);
    expect(list[2]).toMatchObject({
      name: 'Casa da praia',
      zipCode: '20040-020',
      street: 'Praça Pio X',
      state: 'RJ',
      isDefault: false,
      fullAddress: 'Praça Pio X, 10, Loja B - Centro, Rio de Janeiro - RJ, 20040-020',
      geoCoordinates: { latitude: -22.9008, longitude: -43.1776 },
    });
    expect(list[0]?.isDefault).toBe(true);
  });

  it('makes a new default address the only default one', async () => {
    const list = expectData('addAddress', await addAddress({ ...holambra, isDefault: true }));
    expect(list.map((a) => a.isDefault)).toEqual([false, false, true]);
  });

  it('takes the neighbourhood of a city-wide CEP from its list', async () => {
    const list = expectData(
      'addAddress',
      await addAddress({ ...holambra, neighborhoodId: 'holambra-morada-das-flores', neighborhood: 'Morada' }),
    );
    expect(list[2]).toMatchObject({
      neighborhood: 'Morada das Flores',
      neighborhoodId: 'holambra-morada-das-flores',
    });
    expectRefusal(await addAddress({ ...holambra, number: '2', neighborhoodId: 'bairro-inventado' }), 400);
  });

  it("refuses missing required fields or a bad CEP with 'Preencha os campos obrigatórios'", async () => {
    for (const body of [
      { ...holambra, name: '' },
      { ...holambra, street: '   ' },
      { ...holambra, number: undefined },
      { ...holambra, neighborhood: '' },
      { ...holambra, city: '' },
      { ...holambra, state: undefined },
      { ...holambra, zipCode: '1382-5000' },
      { ...holambra, zipCode: '' },
    ]) {
      expect(expectRefusal(await addAddress(body), 400).message).toBe('Preencha os campos obrigatórios');
    }
  });

  it('refuses an unknown state, a state that is not the CEP one, unknown fields and duplicates', async () => {
    expectRefusal(await addAddress({ ...holambra, state: 'XX' }), 400);
    expect(expectRefusal(await addAddress({ ...holambra, state: 'RJ' }), 400).message).toBe(
      'O CEP 13825-000 é de Holambra - SP. Confira o estado.',
    );
    expectRefusal(await addAddress({ ...holambra, pais: 'BR' }), 400);
    expectData('addAddress', await addAddress(holambra));
    expectRefusal(await addAddress(holambra), 409);
  });

  it('refuses anonymous visitors (403) and accepts the operator session customer', async () => {
    expectRefusal(await addAddress(holambra, ANONYMOUS), 403);
    const list = expectData('addAddress', await addAddress(holambra, OPERATOR));
    expect(list).toHaveLength(2);
  });
});
