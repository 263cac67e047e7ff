import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MERCADO_PAGO_SDK } from '../lib/mercado-pago-script.ts';
import { BRICK_DELAY_MS, MercadoPagoBrick } from './mercado-pago-brick.tsx';
import { resetMercadoPagoForTests } from './mercado-pago-card.tsx';
import { PROVIDER_LOAD_TIMEOUT_MS } from './use-provider-load.ts';

type BrickProps = {
  initialization: { amount: number };
  locale?: string;
  onSubmit(data: Record<string, unknown>): Promise<void>;
  onReady?(): void;
  onBinChange?(bin: string): void;
};

// The brick itself needs Mercado Pago's servers: sdk-react is replaced by a probe that reports ready
// (unless told not to). Mercado Pago's script is the real loader's: the tests answer its tag.
const sdk = vi.hoisted(() => ({
  initMercadoPago: vi.fn(),
  renders: [] as BrickProps[],
  becomesReady: true,
}));
vi.mock('@mercadopago/sdk-react', async () => {
  const { useEffect } = await import('react');
  return {
    initMercadoPago: sdk.initMercadoPago,
    CardPayment: (props: BrickProps) => {
      sdk.renders.push(props);
      useEffect(() => {
        if (sdk.becomesReady) props.onReady?.();
      }, [props.onReady]);
      return <p>Brick de {props.initialization.amount}</p>;
    },
  };
});

type SdkWindow = Window & { MercadoPago?: unknown };
const sdkScript = () => document.querySelector<HTMLScriptElement>(`script[src="${MERCADO_PAGO_SDK}"]`);

/** Mercado Pago's script loads (its global appears) or is blocked. */
async function answerSdk(outcome: 'load' | 'error') {
  await vi.waitFor(() => expect(sdkScript()).not.toBeNull());
  if (outcome === 'load') (window as SdkWindow).MercadoPago = function MercadoPago() {};
  act(() => sdkScript()?.dispatchEvent(new Event(outcome)));
}

const brickProps = {
  publicKey: 'TEST-chave',
  amount: 60.88,
  onChangeMethod: () => {},
  changingMethod: false,
};
const UNAVAILABLE = 'Não foi possível carregar o formulário de pagamento do Mercado Pago';

afterEach(() => {
  vi.useRealTimers();
  sdk.initMercadoPago.mockClear();
  sdk.renders.length = 0;
  sdk.becomesReady = true;
  resetMercadoPagoForTests();
  delete (window as SdkWindow).MercadoPago;
  sdkScript()?.remove();
});

describe('the Mercado Pago brick', () => {
  it('loads 200 ms after the page with the public key (pt-BR, once) and the amount', async () => {
    const started = Date.now();
    const onSubmit = vi.fn(async () => {});
    const { rerender } = render(<MercadoPagoBrick {...brickProps} onSubmit={onSubmit} />);
    expect(screen.queryByText('Brick de 60.88')).not.toBeInTheDocument();
    await answerSdk('load');

    expect(await screen.findByText('Brick de 60.88')).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(BRICK_DELAY_MS - 10);
    expect(sdk.initMercadoPago).toHaveBeenCalledTimes(1);
    expect(sdk.initMercadoPago).toHaveBeenCalledWith('TEST-chave', { locale: 'pt-BR' });

    // A re-render with a new callback keeps every prop of the brick (it would be rebuilt otherwise).
    rerender(<MercadoPagoBrick {...brickProps} onSubmit={vi.fn(async () => {})} />);
    const [first, last] = [sdk.renders[0], sdk.renders.at(-1)];
    expect(last?.initialization).toBe(first?.initialization);
    expect(last?.onSubmit).toBe(first?.onSubmit);
    expect(last?.onReady).toBe(first?.onReady);
    expect(last?.onBinChange).toBe(first?.onBinChange);
    expect(sdk.initMercadoPago).toHaveBeenCalledTimes(1);
  });

  it('never logs the card BIN and hands the form data to onSubmit', async () => {
    const log = vi.spyOn(console, 'log');
    const onSubmit = vi.fn(async () => {});
    render(<MercadoPagoBrick {...brickProps} amount={10} onSubmit={onSubmit} />);
    await answerSdk('load');
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

  it("Mercado Pago's SDK blocked: says the form could not load; 'Tentar novamente' loads it again", async () => {
    const onChangeMethod = vi.fn();
    render(
      <MercadoPagoBrick {...brickProps} onSubmit={vi.fn(async () => {})} onChangeMethod={onChangeMethod} />,
    );
    await answerSdk('error');

    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(screen.getByText(/desative o bloqueador de anúncios/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Alterar forma de pagamento' }));
    expect(onChangeMethod).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await answerSdk('load');
    expect(await screen.findByText('Brick de 60.88')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a brick not ready after a few seconds (its servers unreachable) says the form could not load', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sdk.becomesReady = false;
    render(<MercadoPagoBrick {...brickProps} onSubmit={vi.fn(async () => {})} />);
    await answerSdk('load');
    await screen.findByText('Brick de 60.88');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(PROVIDER_LOAD_TIMEOUT_MS));

    expect(screen.getByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
  });
});
