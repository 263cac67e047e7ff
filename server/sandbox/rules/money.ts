// Money is integer cents inside the sandbox and reais (a number with at most 2 decimals) on the wire.
// Sums are done in cents so 0.1 + 0.2 never becomes 0.30000000000000004 in a total.

export function centsToReais(cents: number): number {
  return Math.round(cents) / 100;
}

export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}
