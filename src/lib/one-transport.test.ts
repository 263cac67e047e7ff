// Every request of the SPA to the BFF goes through one transport (lib/api-client.ts, axios), made from
// the contract's call definitions (lib/call.ts): no module sends a request of its own, and no path of
// the API is spelled outside the contract (docs/decisions/0021-one-session-path-one-transport.md).
import { modulesUsing } from '@tests/source-files.ts';
import { describe, expect, it } from 'vitest';

describe('one way to send', () => {
  it('no module sends a request but the transport: no fetch, XMLHttpRequest or sendBeacon of its own', () => {
    expect(modulesUsing(/(?<![.\w])fetch\s*\(|XMLHttpRequest/)).toEqual([]);
    // The Web Vitals beacon goes to the BFF's own /rum, never to the API (app/rum/vitals-batch.ts).
    expect(modulesUsing(/sendBeacon\s*\(/)).toEqual(['app/rum/vitals-batch.ts']);
  });

  it('only axios makes requests, in the transport alone', () => {
    expect(modulesUsing(/from 'axios'/)).toEqual(['lib/api-client.ts']);
  });

  it('no path of the API is spelled outside the contract', () => {
    // ('/tray/register' is also a page of the SPA: the rule is about the API's calls.)
    expect(modulesUsing(/['"`]\/api\//).filter((file) => !file.startsWith('contract/'))).toEqual([]);
  });
});
