// The wire contract of the storefront: schemas and types of every request and answer of both
// specs, the envelope, the enumerations with their codes, and the registry of calls.
export * from './br-docs.ts';
export * from './calls.ts';
export * from './catalog.ts';
export * from './checkout.ts';
export * from './enums.ts';
export * from './envelope.ts';
export * from './order.ts';
export * from './picture-sizes.ts';
export * from './seller-step.ts';
export * from './session.ts';
export * from './shared.ts';
export * from './shop-settings.ts';
export * from './tray.ts';
