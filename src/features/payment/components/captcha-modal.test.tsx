import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useImperativeHandle } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECAPTCHA_CALLBACK } from '@/components/recaptcha-widget.tsx';
import { CaptchaModal, type CaptchaWidgetProps } from './captcha-modal.tsx';
import { PROVIDER_LOAD_TIMEOUT_MS } from './use-provider-load.ts';

const reset = vi.fn();
/** A widget that shows at once, as Google's does once its script is there. */
function FakeCaptcha({ siteKey, onToken, onReady, ref }: CaptchaWidgetProps) {
  useImperativeHandle(ref, () => ({ reset }), []);
  useEffect(() => onReady(), [onReady]);
  return (
    <button type="button" onClick={() => onToken('token-1')}>
      Resolver {siteKey}
    </button>
  );
}

/** A widget whose script never answers (a proxy that holds the request). */
const mounts = vi.fn();
function SilentCaptcha(_props: CaptchaWidgetProps) {
  useEffect(() => mounts(), []);
  return null;
}

const modalProps = {
  siteKey: 'chave',
  busy: false,
  onToken: async () => true,
  onClose: () => {},
  onChangeMethod: () => {},
  changingMethod: false,
};

afterEach(() => {
  vi.useRealTimers();
  mounts.mockClear();
  reset.mockClear();
});

const UNAVAILABLE = 'Não foi possível carregar a verificação de segurança';

describe('the captcha modal', () => {
  it('gives the solved token to the retry and resets the widget when the retry failed', async () => {
    const onToken = vi.fn(async () => false);
    render(<CaptchaModal {...modalProps} onToken={onToken} Captcha={FakeCaptcha} />);

    await userEvent.click(screen.getByRole('button', { name: 'Resolver chave' }));

    expect(onToken).toHaveBeenCalledWith('token-1');
    await vi.waitFor(() => expect(reset).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument();
  });

  it("'Cancelar' closes it; while the retry runs it shows 'Processando...' and cannot be closed", async () => {
    const onClose = vi.fn();
    const { rerender } = render(<CaptchaModal {...modalProps} onClose={onClose} Captcha={FakeCaptcha} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    rerender(<CaptchaModal {...modalProps} busy onClose={onClose} Captcha={FakeCaptcha} />);
    expect(screen.getByText('Processando...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  });

  it('with no widget after a few seconds, says the check could not load and offers the ways on', () => {
    vi.useFakeTimers();
    const onChangeMethod = vi.fn();
    render(<CaptchaModal {...modalProps} onChangeMethod={onChangeMethod} Captcha={SilentCaptcha} />);
    expect(screen.getByText('Carregando a verificação...')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(PROVIDER_LOAD_TIMEOUT_MS - 1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));

    const dialog = screen.getByRole('dialog', { name: 'Confirme que você não é um robô' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(within(dialog).getByText(/desative o bloqueador de anúncios/)).toBeInTheDocument();
    act(() => within(dialog).getByRole('button', { name: 'Alterar forma de pagamento' }).click());
    expect(onChangeMethod).toHaveBeenCalledTimes(1);
    act(() => within(dialog).getByRole('button', { name: 'Tentar novamente' }).click());
    expect(mounts).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Carregando a verificação...')).toBeInTheDocument();
  });

  it("Google's script blocked: says so at once; 'Tentar novamente' loads it again and the challenge shows", async () => {
    const onToken = vi.fn(async () => true);
    render(<CaptchaModal {...modalProps} onToken={onToken} />);
    const googleScript = () =>
      document.querySelector<HTMLScriptElement>('script[src^="https://www.google.com/recaptcha/api.js"]');
    await vi.waitFor(() => expect(googleScript()).not.toBeNull());

    act(() => googleScript()?.dispatchEvent(new Event('error')));

    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(googleScript()).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await vi.waitFor(() => expect(googleScript()).not.toBeNull());
    // Google's script answers this time: a stand-in grecaptcha renders a button as its challenge.
    const testWindow = window as unknown as Record<string, unknown>;
    testWindow.grecaptcha = {
      render(element: HTMLElement, options: { callback(token: string): void }) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Não sou um robô';
        button.onclick = () => options.callback('token-google');
        element.appendChild(button);
        return 0;
      },
      reset() {},
      getResponse: () => '',
    };
    act(() => (testWindow[RECAPTCHA_CALLBACK] as () => void)());

    await userEvent.click(await screen.findByRole('button', { name: 'Não sou um robô' }));
    expect(onToken).toHaveBeenCalledWith('token-google');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    delete testWindow.grecaptcha;
  });
});
