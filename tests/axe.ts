import axe from 'axe-core';

/**
 * The axe violations in an element (jsdom cannot compute colours, so colour contrast is left to the
 * browser audits). Returns the ids of the rules that failed, for a readable assertion.
 */
export async function axeViolations(element: Element): Promise<string[]> {
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((n) => n.html).join(' | ')}`,
  );
}
