import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/**
 * Opens `path` as the chat link of a fresh copy of the demo session `from` does (`path#code`, and
 * what the link carries after the code: `?type=ShowCategory&id=3`); answers the copy's code.
 */
export async function openFresh(page: Page, from: string, path: string, afterCode = ''): Promise<string> {
  const code = await freshSession(page.request, from);
  await page.goto(`${path}#${code}${afterCode}`);
  return code;
}
