// Validation of what a call accepts (path parameters, query string, JSON body) with the contract's
// strict schemas. The sandbox is strict on input (docs/architecture.md, "The contract is the spine"): a
// wrong value is a 400, never a silent default and never a 500. zod's own messages are English and
// name fields by their wire keys, so the message is built here: the field's Portuguese label from the
// contract's table (src/contract/field-labels.ts) and what is wrong, e.g. 'Nome: use no máximo 200
// caracteres.'. A field without a label gets a generic text: no English key reaches a shopper. A
// body's refusal also names its field by key in the error object (`field`), for the forms that put
// the message under the field (decision 0022).
import { z } from 'zod/mini';
import { fieldLabel, MAX_PER_PAGE } from '../contract.ts';
import { SandboxHttpError } from './envelope.ts';

type Where = 'params' | 'query' | 'body';

const MONEY_IN_QUERY = 'informe um valor em reais com ponto e até duas casas decimais, como 70.78';
const MONEY_IN_BODY = 'informe um número em reais, como 70.78';

/**
 * What a well-formed value looks like, for the parameters whose rule is not obvious from the label,
 * by 'where:key' or by key. Used when the value has the wrong form, not when it is too long or big.
 */
const HINTS: Readonly<Record<string, string>> = {
  perPage: `informe um número inteiro entre 1 e ${MAX_PER_PAGE}`,
  pageNumber: 'informe um número inteiro a partir de 0',
  pageToken: 'use o token devolvido pela página anterior',
  'params:code': 'o código da sessão tem letras, números e os sinais . _ ~ + = -',
  'query:expectedTotal': MONEY_IN_QUERY,
  'query:discount': MONEY_IN_QUERY,
  'body:expectedTotal': MONEY_IN_BODY,
  'body:price': MONEY_IN_BODY,
  'body:cashAmount': MONEY_IN_BODY,
  'body:transaction_amount': MONEY_IN_BODY,
};

const GENERIC: Record<Where, string> = {
  params: 'O endereço da requisição tem um parâmetro inválido.',
  query: 'Um dos parâmetros da requisição tem um valor inválido.',
  body: 'Um dos campos enviados tem um valor inválido.',
};

const UNRECOGNIZED: Record<Where, string> = {
  params: 'O endereço da requisição tem um parâmetro não reconhecido.',
  query: 'A requisição tem um parâmetro que esta chamada não aceita.',
  body: 'A requisição tem um campo que esta chamada não aceita.',
};

const count = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

/** The value at an issue's path in what was sent (zod does not report it by default). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const EXPECTED: Readonly<Record<string, string>> = {
  number: 'informe um número',
  int: 'informe um número inteiro',
  string: 'informe um texto',
  boolean: 'informe verdadeiro ou falso',
  array: 'informe uma lista',
  object: 'informe os dados completos',
};

/** What is wrong with the value, as the end of a sentence ('use no máximo 200 caracteres'). */
function whatIsWrong(issue: z.core.$ZodIssue, value: unknown, hint: string | undefined): string {
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `use no máximo ${count(max)} caracteres`;
      if (issue.origin === 'array' || issue.origin === 'set') return `use no máximo ${count(max)} itens`;
      return issue.inclusive === false
        ? `informe um valor menor que ${count(max)}`
        : `informe um valor até ${count(max)}`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? 'preencha este campo' : `use no mínimo ${count(min)} caracteres`;
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return `informe pelo menos ${count(min)} item(ns)`;
      return issue.inclusive === false
        ? `informe um valor maior que ${count(min)}`
        : `informe um valor a partir de ${count(min)}`;
    }
    default:
      break;
  }
  if (value === undefined) return 'preencha este campo';
  if (hint) return hint;
  switch (issue.code) {
    case 'invalid_type':
      return EXPECTED[issue.expected] ?? 'valor inválido';
    case 'invalid_format':
      return issue.format === 'email' ? 'informe um e-mail válido' : 'formato inválido';
    case 'invalid_value':
      return 'escolha uma das opções aceitas';
    default:
      return 'valor inválido';
  }
}

/** The refused field: the last key of the issue's path that has a Portuguese label. */
function labelledField(
  path: readonly PropertyKey[],
  labels: Readonly<Record<string, string>>,
): { key: string; label: string } | undefined {
  for (let at = path.length - 1; at >= 0; at -= 1) {
    const key = path[at];
    if (typeof key !== 'string') continue;
    const label = Object.hasOwn(labels, key) ? labels[key] : fieldLabel(key);
    if (label) return { key, label };
    // A key that is not the contract's: no label, and no echo of the key either.
    return undefined;
  }
  return undefined;
}

/** A 400 refusing a call's input; for a body, `field` names the refused field by its wire key. */
export class InputError extends SandboxHttpError {
  readonly field: string | undefined;

  constructor(message: string, field: string | undefined) {
    super(400, message, 'validation');
    this.name = 'InputError';
    this.field = field;
  }
}

/** The Portuguese message of one issue, and the body field it is about (its first key), if any. */
export function issueMessage(
  issue: z.core.$ZodIssue,
  where: Where,
  input: unknown,
  labels: Readonly<Record<string, string>> = {},
): string {
  if (issue.code === 'unrecognized_keys') return UNRECOGNIZED[where];
  if (issue.path.length === 0) {
    return where === 'body' ? 'O corpo da requisição é inválido.' : 'Parâmetros inválidos.';
  }
  const field = labelledField(issue.path, labels);
  if (!field) return GENERIC[where];
  const hint = HINTS[`${where}:${field.key}`] ?? HINTS[field.key];
  return `${field.label}: ${whatIsWrong(issue, valueAt(input, issue.path), hint)}.`;
}

/**
 * Parses one part of the request with a strict schema; the first problem becomes a 400 envelope.
 * `labels` names fields of a schema that is not the contract's (the sandbox's own routes).
 */
export function parseInput<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  where: Where,
  labels: Readonly<Record<string, string>> = {},
): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) {
    const first = result.error.issues[0];
    if (!first) throw new InputError('Requisição inválida.', undefined);
    const top = first.path[0];
    const field =
      where === 'body' && first.code !== 'unrecognized_keys' && typeof top === 'string' ? top : undefined;
    throw new InputError(issueMessage(first, where, input, labels), field);
  }
  return result.data;
}
