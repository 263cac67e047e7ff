// A call added to the contract without its policy does not compile: the policy table is typed
// `satisfies` a record of every call name (call-policy.ts). The TypeScript compiler checks the real
// call-policy.ts against the real contract, once as it is and once with a payment call added to the
// contract's registry and no policy for it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONTRACT = path.join(ROOT, 'src/contract/calls.ts');
const POLICIES = path.join(ROOT, 'server/bff/call-policy.ts');

/** The compiler's errors in call-policy.ts, with the contract's source replaced by `contract`. */
function policyErrors(contract: string): string[] {
  const configFile = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (path.resolve(file) === CONTRACT ? contract : readFile(file));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError, create) =>
    path.resolve(file) === CONTRACT
      ? ts.createSourceFile(file, contract, language)
      : getSourceFile(file, language, onError, create);
  const program = ts.createProgram({ rootNames: [POLICIES], options: { ...options, types: ['node'] }, host });
  const source = program.getSourceFile(POLICIES);
  return ts
    .getPreEmitDiagnostics(program, source)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('every call of the contract has its policy, or the BFF does not compile', () => {
  const contract = readFileSync(CONTRACT, 'utf8');

  it('the policy table as it is compiles against the contract', { timeout: 60_000 }, () => {
    expect(policyErrors(contract)).toEqual([]);
  });

  it('a payment call added to the contract without a policy is a compile error naming it', {
    timeout: 60_000,
  }, () => {
    const withNewCall = contract.replace(
      '  ...paymentCalls,\n',
      "  ...paymentCalls,\n  payWithPix: { method: 'POST', path: '/api/order/payment/pix', data: notShown },\n",
    );
    expect(withNewCall).not.toBe(contract);
    const errors = policyErrors(`${withNewCall}\nimport { notShown } from './calls/define.ts';\n`);
    expect(errors.join('\n')).toMatch(/payWithPix/);
    expect(errors.join('\n')).toMatch(/missing/);
  });
});
