import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRICK_DELAY_MS, MercadoPagoBrick } from './mercado-pago-brick.tsx';
import { resetMercadoPagoForTests } from './mercado-pago-card.tsx';

type BrickProps = {
  initialization: { amount: number };
  locale?: string;
  onSubmit(data: Record<string, unknown>): Promise<void>;
  onBinChange?(bin: string): void;
};

// The real SDK injects Mercado Pago's script (no network here): the brick is replaced by a probe.
const sdk = vi.hoisted(() => ({
  initMercadoPago: vi.fn(),
  renders: [] as BrickProps[],
}));
vi.mock('@mercadopago/sdk-react', () => ({
  initMercadoPago: sdk.initMercadoPago,
  CardPayment: (props: BrickProps) => {
    sdk.renders.push(props);
    return <p>Brick de {props.initialization.amount}</p>;
  },
}));

afterEach(() => {
  sdk.initMercadoPago.mockClear();
  sdk.renders.length = 0;
  resetMercadoPagoForTests();
});

describe('the Mercado Pago brick', () => {
  it('loads 200 ms after the page with the public key (pt-BR, once) and the amount', async () => {
    const started = Date.now();
    const onSubmit = vi.fn(async () => {});
    const { rerender } = render(
      <MercadoPagoBrick publicKey="TEST-chave" amount={60.88} onSubmit={onSubmit} />,
    );
    expect(screen.queryByText('Brick de 60.88')).not.toBeInTheDocument();

    expect(await screen.findByText('Brick de 60.88')).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(BRICK_DELAY_MS - 10);
    expect(sdk.initMercadoPago).toHaveBeenCalledTimes(1);
    expect(sdk.initMercadoPago).toHaveBeenCalledWith('TEST-chave', { locale: 'pt-BR' });

    // A re-render with a new callback keeps every prop of the brick (it would be rebuilt otherwise).
    rerender(<MercadoPagoBrick publicKey="TEST-chave" amount={60.88} onSubmit={vi.fn(async () => {})} />);
    const [first, last] = [sdk.renders[0], sdk.renders.at(-1)];
    expect(last?.initialization).toBe(first?.initialization);
    expect(last?.onSubmit).toBe(first?.onSubmit);
    expect(last?.onBinChange).toBe(first?.onBinChange);
    expect(sdk.initMercadoPago).toHaveBeenCalledTimes(1);
  });

  it('never logs the card BIN and hands the form data to onSubmit', async () => {
    const log = vi.spyOn(console, 'log');
    const onSubmit = vi.fn(async () => {});
    render(<MercadoPagoBrick publicKey="TEST-chave" amount={10} onSubmit={onSubmit} />);
    await screen.findByText('Brick de 10');
    const props = sdk.renders.at(-1);

    props?.onBinChange?.('411111');
    await props?.onSubmit({
      token: 'APRO',
      payment_method_id: 'visa',
      installments: 2,
      transaction_amount: 10,
    });

    expect(log).not.toHaveBeenCalled();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        token: 'APRO',
        payment_method_id: 'visa',
        installments: 2,
        transaction_amount: 10,
      }),
    );
    log.mockRestore();
  });
});
