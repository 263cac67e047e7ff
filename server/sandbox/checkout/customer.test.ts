import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectData, expectFieldErrors, expectRefusal } from '../testing/answers.ts';
import { ANONYMOUS, patchShopSettings, SHOPPER } from '../testing/fixtures.ts';
import { CUSTOMER_MESSAGES } from './customer-rules.ts';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(() => sandbox.close());

const update = (body: unknown, session = SHOPPER) => sandbox.post('/api/customer/update', body, { session });

const valid = {
  name: 'Mariana Souza Oliveira',
  email: 'mariana.oliveira@exemplo.com.br',
  document: '529.982.247-25',
  isCorporate: false,
};
const corporate = {
  ...valid,
  isCorporate: true,
  corporateDocument: '11.222.333/0001-81',
  corporateName: 'Mariana Oliveira Alimentos Ltda',
  tradeName: 'Empório da Mari',
  stateInscription: 'isento',
};

function storedCustomer(userShopId = 'cliente-0001'): Record<string, unknown> {
  const row = sandbox.db
    .prepare<[string], { customer: string }>('SELECT customer FROM user_shops WHERE id = ?')
    .get(userShopId);
  return JSON.parse(row?.customer ?? '{}') as Record<string, unknown>;
}

describe('POST /api/customer/update', () => {
  it('saves the contact with the CPF digits only, keeping what the form does not hold (phone)', async () => {
    expectData('updateCustomer', await update({ ...valid, name: 'Mariana S. Oliveira' }));
    expect(storedCustomer()).toMatchObject({
      name: 'Mariana S. Oliveira',
      document: '52998224725',
      phone: '11987654321',
      isCorporate: false,
    });
    const session = await sandbox.get('/api/session/demo-shopper');
    expect(JSON.stringify(session.body)).toContain('Mariana S. Oliveira');
  });

  it('saves corporate data with a numeric CNPJ, stored without its mask', async () => {
    expectData('updateCustomer', await update(corporate));
    expect(storedCustomer()).toMatchObject({
      isCorporate: true,
      corporateDocument: '11222333000181',
      corporateName: 'Mariana Oliveira Alimentos Ltda',
      tradeName: 'Empório da Mari',
      stateInscription: 'ISENTO',
    });
  });

  it('accepts an alphanumeric CNPJ and stores it upper case', async () => {
    expectData('updateCustomer', await update({ ...corporate, corporateDocument: '12.abc.345/01de-35' }));
    expect(storedCustomer().corporateDocument).toBe('12ABC34501DE35');
  });

  it.each([
    ['name', { ...valid, name: '   ' }, CUSTOMER_MESSAGES.name],
    ['name', { ...valid, name: undefined }, CUSTOMER_MESSAGES.name],
    ['email', { ...valid, email: 'mariana @exemplo.com' }, CUSTOMER_MESSAGES.email],
    ['email', { ...valid, email: 'mariana@exemplo' }, CUSTOMER_MESSAGES.email],
    ['document', { ...valid, document: '529.982.247-26' }, CUSTOMER_MESSAGES.cpf],
    ['document', { ...valid, document: '111.111.111-11' }, CUSTOMER_MESSAGES.cpf],
    ['corporateDocument', { ...corporate, corporateDocument: '' }, CUSTOMER_MESSAGES.cnpjRequired],
    [
      'corporateDocument',
      { ...corporate, corporateDocument: '11.222.333/0001-80' },
      CUSTOMER_MESSAGES.cnpjInvalid,
    ],
    [
      'corporateDocument',
      { ...corporate, corporateDocument: '12.ABC.345/01DE-36' },
      CUSTOMER_MESSAGES.cnpjInvalid,
    ],
    ['corporateName', { ...corporate, corporateName: ' ' }, CUSTOMER_MESSAGES.corporateName],
    ['tradeName', { ...corporate, tradeName: '' }, CUSTOMER_MESSAGES.tradeName],
  ])('refuses %s with the spec message (%#)', async (field, body, message) => {
    const errors = expectFieldErrors(await update(body));
    expect(errors).toEqual([expect.objectContaining({ field, message })]);
    expect(storedCustomer().name).toBe('Mariana Souza Oliveira');
  });

  it('answers every invalid field at once, in the form order', async () => {
    const errors = expectFieldErrors(
      await update({ name: '', email: 'a b@c', document: '123', isCorporate: true, corporateDocument: 'x' }),
    );
    expect(errors.map((e) => [e.field, e.message])).toEqual([
      ['name', CUSTOMER_MESSAGES.name],
      ['email', CUSTOMER_MESSAGES.email],
      ['document', CUSTOMER_MESSAGES.cpf],
      ['corporateDocument', CUSTOMER_MESSAGES.cnpjInvalid],
      ['corporateName', CUSTOMER_MESSAGES.corporateName],
      ['tradeName', CUSTOMER_MESSAGES.tradeName],
    ]);
  });

  it('does not check corporate data when the shop has CNPJ off', async () => {
    patchShopSettings(sandbox.db, { enableCnpj: false });
    expectData('updateCustomer', await update({ ...valid, isCorporate: true, corporateDocument: 'x' }));
    expect(storedCustomer()).toMatchObject({ isCorporate: false, corporateDocument: '' });
  });

  it('lets an anonymous visitor identify', async () => {
    expectData('updateCustomer', await update(valid, ANONYMOUS));
    expect(storedCustomer('anonymous-webchat-0001').name).toBe('Mariana Souza Oliveira');
  });

  it('refuses unknown fields, wrong types and a missing session', async () => {
    expectRefusal(await update({ ...valid, cpf: '52998224725' }), 400);
    expect(expectFieldErrors(await update({ ...valid, isCorporate: 'sim' }))).toEqual([
      expect.objectContaining({
        field: 'isCorporate',
        message: 'Pessoa jurídica: informe verdadeiro ou falso.',
      }),
    ]);
    expectRefusal(await update([valid]), 400);
    expectRefusal(await sandbox.post('/api/customer/update', valid), 401);
  });
});
