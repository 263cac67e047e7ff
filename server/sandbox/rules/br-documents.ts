// Brazilian document checks the server applies to customer and card-holder data. The rules live in
// the contract (src/contract/br-docs.ts) so the SPA's forms and the sandbox share one rule.
export { isValidCnpj, isValidCpf } from '../contract.ts';
