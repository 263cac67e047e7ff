import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RecaptchaDebugPage from './recaptcha-screen.tsx';

// Google's widget cannot load without network: a stand-in that shows what it was given and lets the
// test solve or expire it the way react-google-recaptcha reports those.
type WidgetProps = {
  sitekey: string;
  hl?: string;
  onChange?: (token: string | null) => void;
  onExpired?: () => void;
};
const widget = vi.hoisted(() => ({ mounted: 0 }));
vi.mock('react-google-recaptcha', async () => {
  const { useEffect } = await import('react');
  function FakeReCAPTCHA({ sitekey, hl, onChange, onExpired }: WidgetProps) {
    useEffect(() => {
      widget.mounted++;
    }, []);
    return (
      <div data-testid="recaptcha" data-sitekey={sitekey} data-hl={hl}>
        <button type="button" onClick={() => onChange?.('03AFcWeA-token-de-teste')}>
          Não sou um robô
        </button>
        <button type="button" onClick={() => onExpired?.()}>
          Expirar
        </button>
      </div>
    );
  }
  return { default: FakeReCAPTCHA };
});

const GOOGLE_TEST_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI';

const testWindow = window as unknown as Record<string, unknown>;
const googleScript = () =>
  document.querySelector<HTMLScriptElement>('script[src^="https://www.google.com/recaptcha/api.js"]');

beforeEach(() => {
  widget.mounted = 0;
  // Google's script is already on the page: the widget renders at once.
  testWindow.grecaptcha = { render() {} };
});
afterEach(() => {
  delete testWindow.grecaptcha;
});

async function showWithKey() {
  const user = userEvent.setup();
  render(<RecaptchaDebugPage />);
  await user.type(screen.getByLabelText('Chave do site'), GOOGLE_TEST_KEY);
  await user.click(screen.getByRole('button', { name: 'Mostrar captcha' }));
  return user;
}

describe('debug captcha page', () => {
  it('loads no widget until shown, and cannot be shown without a site key', () => {
    render(<RecaptchaDebugPage />);
    expect(screen.getByRole('button', { name: 'Mostrar captcha' })).toBeDisabled();
    expect(screen.queryByTestId('recaptcha')).not.toBeInTheDocument();
    expect(widget.mounted).toBe(0);
  });

  it('shows the widget in Portuguese with the key, then the token once solved', async () => {
    const user = await showWithKey();
    const shown = await screen.findByTestId('recaptcha');
    expect(shown).toHaveAttribute('data-sitekey', GOOGLE_TEST_KEY);
    expect(shown).toHaveAttribute('data-hl', 'pt-BR');
    expect(screen.queryByText(/^Token:/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Não sou um robô' }));
    expect(screen.getByText('Token: 03AFcWeA-token-de-teste')).toBeInTheDocument();

    // An expired token is no token.
    await user.click(screen.getByRole('button', { name: 'Expirar' }));
    expect(screen.queryByText(/^Token:/)).not.toBeInTheDocument();
  });

  it('hides the widget again with the toggle', async () => {
    const user = await showWithKey();
    await screen.findByTestId('recaptcha');
    await user.click(screen.getByRole('button', { name: 'Ocultar captcha' }));
    expect(screen.queryByTestId('recaptcha')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mostrar captcha' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("says so when Google's script cannot load (offline), and the page keeps working", async () => {
    delete testWindow.grecaptcha;
    const user = await showWithKey();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando captcha...');
    await vi.waitFor(() => expect(googleScript()).not.toBeNull());
    act(() => googleScript()?.dispatchEvent(new Event('error')));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar o captcha do Google',
    );
    expect(screen.queryByTestId('recaptcha')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ocultar captcha' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Chave do site')).toHaveValue(GOOGLE_TEST_KEY);
  });
});
