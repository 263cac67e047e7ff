// Assertions shared by the sandbox tests: every answer is the envelope and parses with the contract.
import type { Answer } from '@tests/server-harness.ts';
import { expect } from 'vitest';
import { answerSchemaOf, type CallData, type CallName } from '@/contract/index.ts';

type WireErrorShape = { message: string; code: number; type: string; status: number };

/** A successful answer of the named call: checks the envelope with the contract and returns data. */
export function expectData<N extends CallName>(name: N, answer: Answer): CallData<N> {
  expect(answer.status, answer.text).toBe(200);
  const parsed = answerSchemaOf(name).safeParse(answer.body);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues, null, 2)).toBe(true);
  const body = answer.body as { success: boolean; data: CallData<N>; errors: unknown[] };
  expect(body.success).toBe(true);
  expect(body.errors).toEqual([]);
  return body.data;
}

/** A refusal: the envelope with success false, no data and one Portuguese error with the status. */
export function expectRefusal(answer: Answer, status: number): WireErrorShape {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('content-type')).toContain('application/json');
  const body = answer.body as { success: boolean; data: unknown; errors: WireErrorShape[] };
  expect(body).toMatchObject({ success: false, data: null });
  expect(body.errors).toHaveLength(1);
  const [error] = body.errors;
  if (!error) throw new Error('no error in the envelope');
  expect(error).toEqual({ message: expect.any(String), code: status, type: expect.any(String), status });
  expectPortuguese(error.message);
  return error;
}

/** Rough but useful: a Portuguese sentence with no stack-trace or English error wording. */
export function expectPortuguese(message: string): void {
  expect(message).toMatch(/[a-zà-ú]{3,}/i);
  expect(message).not.toMatch(/\b(error|invalid|expected|received|undefined|not found|at \S+:\d+)\b/i);
}

export type WireFieldError = { message: string; code: number; type: string; status: number; field: string };

/** A 400 listing every refused field (customer update, agent confirmation). */
export function expectFieldErrors(answer: Answer): WireFieldError[] {
  expect(answer.status, answer.text).toBe(400);
  const body = answer.body as { success: boolean; data: unknown; errors: WireFieldError[] };
  expect(body).toMatchObject({ success: false, data: null });
  for (const error of body.errors) {
    expect(error).toEqual({
      message: expect.any(String),
      code: 400,
      type: 'validation',
      status: 400,
      field: expect.any(String),
    });
  }
  return body.errors;
}
