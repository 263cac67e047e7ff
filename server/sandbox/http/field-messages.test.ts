// No English field key reaches a shopper: a refused input answers the field's Portuguese label and
// what is wrong ('Nome: use no máximo 200 caracteres.'), under its field for the forms.
import { contractInputFields, valueAtPath } from '@tests/schema-fields.ts';
import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { type CallDefinition, calls, FIELD_LABELS, PaymentMethod } from '../contract.ts';
import { expectFieldErrors, expectPortuguese, expectRefusal } from '../testing/answers.ts';
import { addItem, OPERATOR, patchShopSettings, SHOPPER } from '../testing/fixtures.ts';
import { issueMessage } from './input.ts';

/** Every wire key of the contract, as a whole word: none may appear in a message. */
const WIRE_KEYS = [...new Set(contractInputFields().flatMap((f) => f.path))].filter(
  (key): key is string => typeof key === 'string',
);
function expectNoWireKey(message: string) {
  for (const key of WIRE_KEYS)
    expect(message, key).not.toMatch(new RegExp(`(^|[^\\p{L}])${key}($|[^\\p{L}])`, 'u'));
}

const TOO_LONG = 'x'.repeat(20_001);

describe('the message of a refused field', () => {
  const stringFields = contractInputFields().filter(
    (field) => field.type === 'string' && field.part !== 'params',
  );

  it('covers the string fields of every body and query', () => {
    expect(stringFields.length).toBeGreaterThan(60);
  });

  it.each(
    stringFields.map((field) => [`${field.call}.${field.part} ${field.path.join('.')}`, field] as const),
  )('%s, too long: the label and what is wrong, no wire key', (_name, field) => {
    const schema = (calls as Record<string, CallDefinition>)[field.call]?.[field.part] as z.core.$ZodType;
    const input = valueAtPath(field.path, TOO_LONG);
    const result = z.safeParse(schema, input);
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path.join('.') === field.path.join('.'));
    if (!issue) throw new Error(`no issue at ${field.path.join('.')}`);
    const message = issueMessage(issue, field.part, input);
    expectPortuguese(message);
    expectNoWireKey(message);
    const key = field.path.filter((k) => typeof k === 'string').at(-1) ?? '';
    expect(message.startsWith(`${FIELD_LABELS[key]}: `), message).toBe(true);
    if (issue.code === 'too_big') expect(message).toMatch(/: use no máximo [\d.]+ caracteres\.$/);
  });

  it('names no key that is not the contract’s: a generic Portuguese text', () => {
    const schema = z.strictObject({ apelidoSecreto: z.string().check(z.maxLength(3)) });
    const input = { apelidoSecreto: 'longo demais' };
    const [issue] = z.safeParse(schema, input).error?.issues ?? [];
    if (!issue) throw new Error('no issue');
    const message = issueMessage(issue, 'body', input);
    expect(message).toBe('Um dos campos enviados tem um valor inválido.');
  });
});

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe('refused inputs over HTTP', () => {
  it('a contact name over 200 characters: "Nome: use no máximo 200 caracteres." under the name', async () => {
    const answer = await sandbox.post(
      '/api/customer/update',
      { name: 'N'.repeat(201) },
      { session: SHOPPER },
    );
    expect(expectFieldErrors(answer)).toEqual([
      expect.objectContaining({ field: 'name', message: 'Nome: use no máximo 200 caracteres.' }),
    ]);
  });

  it('a manual card link over 2,000 characters: "Informação de pagamento: use no máximo 2.000 caracteres."', async () => {
    await addItem(sandbox, OPERATOR, '1001', 2);
    patchShopSettings(sandbox.db, { payment: { type: 'manual' } });
    const answer = await sandbox.post(
      '/api/order/confirm',
      {
        name: 'Carlos Eduardo Lima',
        paymentMethod: PaymentMethod.CreditCard,
        manualPaymentInformation: `https://pagamento.exemplo.com/${'a'.repeat(2000)}`,
      },
      { session: OPERATOR },
    );
    expect(expectFieldErrors(answer)).toEqual([
      expect.objectContaining({
        field: 'manualPaymentInformation',
        message: 'Informação de pagamento: use no máximo 2.000 caracteres.',
      }),
    ]);
  });

  it('an empty required field, a wrong type and an unknown field, each in Portuguese without a key', async () => {
    const empty = expectRefusal(
      await sandbox.post('/api/order/seller/', { providerId: '' }, { session: SHOPPER }),
      400,
    );
    expect(empty.message).toBe('Opção escolhida: preencha este campo.');
    const wrong = expectRefusal(
      await sandbox.post('/api/order/items/', { providerId: '1001', quantity: 'dois' }, { session: SHOPPER }),
      400,
    );
    expect(wrong.message).toBe('Quantidade: informe um número.');
    const unknown = expectRefusal(
      await sandbox.post(
        '/api/order/items/',
        { providerId: '1001', quantity: 1, campoEstranho: 1 },
        { session: SHOPPER },
      ),
      400,
    );
    expect(unknown.message).toBe('A requisição tem um campo que esta chamada não aceita.');
    for (const message of [empty.message, wrong.message, unknown.message]) expectNoWireKey(message);
  });
});
