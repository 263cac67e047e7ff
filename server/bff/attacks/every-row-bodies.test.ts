// Every row of the call table reads its body the one way (request-body.ts), the BFF's own calls
// (session open, RUM beacon, Tray authorize) as much as the forwarded ones: a POST refuses a body
// that is not JSON (415), too large (413), or broken (400); a GET refuses any body (400); none of it
// reaches the backend. The session open says 'Código de sessão inválido.' (400) for any body it
// refuses, its own words in the same step.
import { type RecordedRequest, startRecordingUpstream, startTestBff } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTable, INVALID_SESSION_CODE } from '../call-table.ts';
import { call, cleanupList, expectEnvelope, withGoodParams } from './kit.ts';

const LIMIT = 1_024;
const ROWS = callTable({ sandboxRoutes: true, bodyLimitBytes: LIMIT }).map((route) => ({
  ...route,
  filled: withGoodParams(route.path),
}));

const cleanups = cleanupList();
let url = '';
let requests: RecordedRequest[] = [];

beforeAll(async () => {
  const upstream = await startRecordingUpstream();
  cleanups.add(() => upstream.close());
  requests = upstream.requests;
  const bff = await startTestBff({
    upstreamUrl: upstream.url,
    env: {
      SANDBOX_ROUTES: 'true',
      REQUEST_BODY_LIMIT_BYTES: String(LIMIT),
      TRAY_CONSUMER_KEY: 'chave',
      TRAY_CALLBACK_URL: 'https://loja.example.com/tray/register/callback',
      // Three refusals per row: no limit may answer first.
      RATE_LIMIT_CARD_PAYMENTS_PER_MIN: '1000',
      RATE_LIMIT_COUPONS_PER_MIN: '1000',
      RATE_LIMIT_PIX_CHARGES_PER_MIN: '1000',
      RATE_LIMIT_SESSION_OPENS_PER_MIN: '1000',
      RATE_LIMIT_TRAY_LINKS_PER_MIN: '1000',
      RATE_LIMIT_RUM_PER_MIN: '1000',
    },
  });
  cleanups.add(() => bff.stop());
  url = bff.url;
});
afterAll(() => cleanups.run());

const names = (rows: typeof ROWS) => rows.map((row) => row.name).join(', ');

describe('every row of the call table reads its body the same way', () => {
  const posts = ROWS.filter((row) => row.method === 'POST');
  const gets = ROWS.filter((row) => row.method === 'GET');

  it(`every POST (${posts.length}, the session open and the RUM beacon among them) refuses a body that is not JSON, too large or broken, and forwards none of it`, async () => {
    expect(names(posts)).toContain('openSession');
    expect(names(posts)).toContain('rum');
    const before = requests.length;
    for (const row of posts) {
      const own = row.invalidBody;
      const bodies = [
        { label: 'text', headers: { 'content-type': 'text/plain' }, body: 'a=1', status: 415 },
        {
          label: 'too large',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ searchQuery: 'x'.repeat(row.bodyLimitBytes + 10) }),
          status: 413,
        },
        { label: 'broken', headers: { 'content-type': 'application/json' }, body: '{"a":', status: 400 },
      ];
      for (const { label, headers, body, status } of bodies) {
        const answer = await call(url, row.filled, { method: 'POST', headers, body });
        expectEnvelope(answer, own ? 400 : status, `${row.name} ${label}`);
        if (own)
          expect((answer.json as { errors: { message: string }[] }).errors[0]?.message).toBe(
            INVALID_SESSION_CODE,
          );
      }
    }
    expect(requests.length).toBe(before);
  });

  it(`every GET (${gets.length}, the session resume and the Tray authorize among them) refuses a body, and forwards nothing`, async () => {
    expect(names(gets)).toContain('resumeSession');
    expect(names(gets)).toContain('trayAuthorize');
    const before = requests.length;
    for (const row of gets) {
      const answer = await call(url, row.filled, {
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expectEnvelope(answer, 400, `${row.name} with a body`);
    }
    expect(requests.length).toBe(before);
  });
});
