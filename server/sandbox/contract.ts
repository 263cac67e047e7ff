// The sandbox speaks the storefront's wire contract (src/contract/): the enumerations' codes, the
// envelope builders and the strict schemas of what each call accepts. Everything the sandbox takes
// from it comes through this file, so the dependency stays in one place. A relative path, not `@/`:
// `npm start` runs server/start.ts with tsx from the deployment's working directory, where this
// repository's tsconfig paths are not read (server/start.test.ts runs it so).

// The chat app's extensions (decision 0024): share links, the public product, the shop's chats.
export * from '../../src/contract/chat-app.ts';
export * from '../../src/contract/field-labels.ts';
export * from '../../src/contract/index.ts';
// The Pix charge: an optional extension the SPA reads off the order, outside src/contract/index.ts.
export * from '../../src/contract/pix.ts';
