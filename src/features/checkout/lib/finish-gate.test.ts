import { describe, expect, it } from 'vitest';
import { type FinishState, finishGate, finishText } from './finish-gate.ts';

const idle: FinishState = { sending: false, waiting: false, orderMutating: false };

describe("when the checkout's finish can be tapped", () => {
  it('offers the finish with its label when nothing is on its way', () => {
    expect(finishGate(idle)).toBe('ready');
    expect(finishText(finishGate(idle), 'Finalizar e enviar PIX')).toBe('Finalizar e enviar PIX');
  });

  it("says 'Atualizando pedido' while a quantity waits for its pause or is on its way", () => {
    const gate = finishGate({ ...idle, waiting: true });
    expect(gate).toBe('updating');
    expect(finishText(gate, 'Finalizar e enviar PIX')).toBe('Atualizando pedido');
  });

  it("says 'Atualizando pedido' while another order change runs", () => {
    expect(finishGate({ ...idle, orderMutating: true })).toBe('updating');
  });

  it("says 'Enviando ...' while the confirmation is on its way, whatever else runs", () => {
    const gate = finishGate({ sending: true, waiting: true, orderMutating: true });
    expect(gate).toBe('sending');
    expect(finishText(gate, 'Receber pedido')).toBe('Enviando ...');
  });
});
