// Every request and response is made by the server with Express' own prototypes (app.ts
// `bornAsExpress`), so Express never changes an object's prototype per call: that change made V8
// promote each call's objects into the old generation, and its pauses were the BFF's p99 tail.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IncomingMessage as NodeRequest, ServerResponse as NodeResponse } from 'node:http';
import { startRecordingUpstream, startTestBff } from '@tests/server-harness.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupList } from './attacks/kit.ts';

const cleanups = cleanupList();
afterAll(() => cleanups.run());

describe('requests are born with Express prototypes', () => {
  it('before Express sees a call, its request and response already have Express methods, still Node objects', async () => {
    const upstream = await startRecordingUpstream();
    cleanups.add(() => upstream.close());
    const bff = await startTestBff({ upstreamUrl: upstream.url });
    cleanups.add(() => bff.stop());
    const seen: { req: IncomingMessage; res: ServerResponse; requestProto: object; responseProto: object }[] =
      [];
    // Ahead of the app: what the server made, before Express' own `app.handle` ran (the prototypes
    // read now: Express would set them later on these same objects).
    bff.server.prependListener('request', (req, res) => {
      seen.push({
        req,
        res,
        requestProto: Object.getPrototypeOf(req),
        responseProto: Object.getPrototypeOf(res),
      });
    });
    const answer = await fetch(`${bff.url}/api/catalog/top`);
    expect(answer.status).toBe(200);
    const [first] = seen;
    expect(first).toBeDefined();
    const { req, res, requestProto, responseProto } = first as (typeof seen)[number];
    expect(req instanceof NodeRequest).toBe(true);
    expect(res instanceof NodeResponse).toBe(true);
    // Made with the app's own request and response objects (each holds `app`) as their prototypes,
    // which carry Express' methods.
    expect(Object.hasOwn(requestProto, 'app')).toBe(true);
    expect(Object.hasOwn(responseProto, 'app')).toBe(true);
    expect(typeof (requestProto as { get?: unknown }).get).toBe('function');
    expect(typeof (responseProto as { json?: unknown }).json).toBe('function');
  });
});
