// Validation of what a call accepts (path parameters, query string, JSON body) with the contract's
// strict schemas. The sandbox is strict on input (architecture.md, "The contract is the spine"): a
// wrong value is a 400 with a Portuguese message naming the parameter, never a silent default and
// never a 500. zod's own messages are English, so the message is built here from the issue's path.
import { z } from 'zod/mini';
import { MAX_PER_PAGE } from '../contract.ts';
import { badRequest } from './envelope.ts';

/** What a well-formed value looks like, for the parameters whose rule is not obvious from the name. */
const HINTS: Readonly<Record<string, string>> = {
  perPage: `informe um número inteiro entre 1 e ${MAX_PER_PAGE}`,
  pageNumber: 'informe um número inteiro a partir de 0',
  pageToken: 'use o token devolvido pela página anterior',
  code: 'o código da sessão tem letras, números e os sinais . _ ~ + = -',
};

type Where = 'params' | 'query' | 'body';

const NOUN: Record<Where, string> = { params: 'parâmetro', query: 'parâmetro', body: 'campo' };

function issueMessage(issue: z.core.$ZodIssue, where: Where): string {
  if (issue.code === 'unrecognized_keys') {
    // The names come from the client: echo a few, shortened, never a whole hostile payload.
    const names = issue.keys.slice(0, 3).map((key) => (key.length > 40 ? `${key.slice(0, 40)}…` : key));
    return `${NOUN[where] === 'campo' ? 'Campo' : 'Parâmetro'} não reconhecido: ${names.join(', ')}.`;
  }
  const name = issue.path.map(String).join('.');
  if (!name) return where === 'body' ? 'O corpo da requisição é inválido.' : 'Parâmetros inválidos.';
  const hint = HINTS[String(issue.path[0])];
  return `O ${NOUN[where]} ${name} é inválido${hint ? `: ${hint}` : ''}.`;
}

/** Parses one part of the request with a strict schema; the first problem becomes a 400 envelope. */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown, where: Where): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) {
    const first = result.error.issues[0];
    throw badRequest(first ? issueMessage(first, where) : 'Requisição inválida.');
  }
  return result.data;
}
