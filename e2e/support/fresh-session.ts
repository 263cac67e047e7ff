import { type APIRequestContext, expect } from '@playwright/test';

/**
 * A fresh copy of a demo session (sandbox only): its own contact and order, so a test that confirms or
 * cancels never meets another test's order, and a retry starts from the seeded state again.
 */
export async function freshSession(request: APIRequestContext, from: string): Promise<string> {
  const answer = await request.post('/api/sandbox/sessions', { data: { from } });
  expect(answer.status(), await answer.text()).toBe(201);
  const body = (await answer.json()) as { data: { code: string } };
  return body.data.code;
}
