// The sandbox speaks the storefront's wire contract (src/contract/): the enumerations' codes, the
// envelope builders and the strict schemas of what each call accepts. Everything the sandbox takes
// from it comes through this file, so the dependency stays in one place.
export * from '../../src/contract/index.ts';
