// What the share link tests start (decision 0024): the real sandbox, the real BFF serving a built
// SPA's index.html from a folder of its own, and a configured public address (PUBLIC_URL) that is
// NOT where the test reaches the BFF, so every absolute address can be traced to the configuration.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestBff, startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { parse } from 'parse5';
import type { RunningBff } from './index.ts';

export const PUBLIC_URL = 'https://loja.exemplo.com.br';
export const RICE_LINK = '/s/emporio-bom-preco/p/1001';

/** The SPA's index.html as `npm run build` writes it (the project's own, with a built script name). */
export function builtIndexHtml(): string {
  return readFileSync(path.resolve('index.html'), 'utf8').replace(
    '<script type="module" src="/src/main.tsx"></script>',
    '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  );
}

export type ShareLinkRig = {
  sandbox: TestSandbox;
  bff: RunningBff & { logs: { text: string } };
  index: string;
  close(): Promise<void>;
};

export async function startShareLinkRig(
  options: { env?: Record<string, string>; chatApp?: boolean } = {},
): Promise<ShareLinkRig> {
  const dist = mkdtempSync(path.join(tmpdir(), 'dist-share-'));
  const index = builtIndexHtml();
  writeFileSync(path.join(dist, 'index.html'), index);
  const sandbox = await startTestSandbox({ chatApp: options.chatApp });
  const bff = await startTestBff({
    upstreamUrl: sandbox.url,
    env: { STATIC_DIR: dist, PUBLIC_URL, SANDBOX_ROUTES: 'true', ...options.env },
    frontend: { kind: 'static' },
  });
  return {
    sandbox,
    bff,
    index,
    async close() {
      await bff.stop();
      await sandbox.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** An element of the <head> as a browser's parser reads it (parse5: the HTML standard's parsing). */
export type HeadElement = { tag: string; attrs: Record<string, string>; text: string };

type Node = {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
};

/** The elements of the document's <head>, in order, with their attributes and text. */
export function headElements(html: string): HeadElement[] {
  const document = parse(html) as unknown as Node;
  const root = document.childNodes?.find((n) => n.tagName === 'html');
  const head = root?.childNodes?.find((n) => n.tagName === 'head');
  return (head?.childNodes ?? [])
    .filter((n) => n.tagName !== undefined)
    .map((n) => ({
      tag: n.tagName ?? '',
      attrs: Object.fromEntries((n.attrs ?? []).map((a) => [a.name, a.value])),
      text: (n.childNodes ?? []).map((c) => c.value ?? '').join(''),
    }));
}

/** The content of `<meta property|name="key" content="...">` as a browser reads it, or undefined. */
export function metaContent(head: readonly HeadElement[], key: string): string | undefined {
  const found = head.find((e) => e.tag === 'meta' && (e.attrs.property === key || e.attrs.name === key));
  return found?.attrs.content;
}

/** The document's title as a browser reads it. */
export const titleOf = (head: readonly HeadElement[]) => head.find((e) => e.tag === 'title')?.text;
