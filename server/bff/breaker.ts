/**
 * One circuit breaker per route group. After `failures` consecutive connection failures or
 * timeouts the circuit opens: calls of that group are answered 503 at once, without waiting on a
 * dead backend. After `cooldownMs` one call is let through as a probe (half-open): its success
 * closes the circuit, its failure opens it for another cool-down. While the probe is in flight the
 * other calls are still answered at once.
 */
export type CircuitState = 'closed' | 'open' | 'half-open';

type Circuit = { failures: number; openedAt: number; probing: boolean; state: CircuitState };

export type Admission = 'call' | 'probe' | 'refused';

export class CircuitBreakers {
  private readonly circuits = new Map<string, Circuit>();

  private readonly options: { failures: number; cooldownMs: number; now?: () => number };

  constructor(options: { failures: number; cooldownMs: number; now?: () => number }) {
    this.options = options;
  }

  private now() {
    return this.options.now?.() ?? performance.now();
  }

  private circuit(group: string): Circuit {
    let circuit = this.circuits.get(group);
    if (!circuit) {
      circuit = { failures: 0, openedAt: 0, probing: false, state: 'closed' };
      this.circuits.set(group, circuit);
    }
    return circuit;
  }

  state(group: string): CircuitState {
    return this.circuit(group).state;
  }

  /** Whether a call of the group may go upstream now. */
  admit(group: string): Admission {
    const circuit = this.circuit(group);
    if (circuit.state === 'closed') return 'call';
    if (circuit.probing) return 'refused';
    if (this.now() - circuit.openedAt < this.options.cooldownMs) return 'refused';
    circuit.state = 'half-open';
    circuit.probing = true;
    return 'probe';
  }

  success(group: string): void {
    const circuit = this.circuit(group);
    circuit.failures = 0;
    circuit.probing = false;
    circuit.state = 'closed';
  }

  failure(group: string): void {
    const circuit = this.circuit(group);
    circuit.failures += 1;
    if (circuit.state === 'half-open' || circuit.failures >= this.options.failures) {
      circuit.state = 'open';
      circuit.openedAt = this.now();
    }
    circuit.probing = false;
  }

  /** A probe that ended without telling anything (the shopper left): let the next call probe. */
  release(group: string, admission: Admission): void {
    if (admission !== 'probe') return;
    const circuit = this.circuit(group);
    if (circuit.state === 'half-open') {
      circuit.probing = false;
      circuit.state = 'open';
      // Cool-down already spent: the next call may probe at once.
      circuit.openedAt = this.now() - this.options.cooldownMs;
    }
  }
}
