import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useImperativeHandle } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CaptchaModal, type CaptchaWidgetProps } from './captcha-modal.tsx';

const reset = vi.fn();
function FakeCaptcha({ siteKey, onToken, ref }: CaptchaWidgetProps) {
  useImperativeHandle(ref, () => ({ reset }), []);
  return (
    <button type="button" onClick={() => onToken('token-1')}>
      Resolver {siteKey}
    </button>
  );
}

describe('the captcha modal', () => {
  it('gives the solved token to the retry and resets the widget when the retry failed', async () => {
    const onToken = vi.fn(async () => false);
    render(
      <CaptchaModal
        siteKey="chave"
        busy={false}
        onToken={onToken}
        onClose={() => {}}
        Captcha={FakeCaptcha}
      />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Resolver chave' }));

    expect(onToken).toHaveBeenCalledWith('token-1');
    await vi.waitFor(() => expect(reset).toHaveBeenCalledTimes(1));
  });

  it("'Cancelar' closes it; while the retry runs it shows 'Processando...' and cannot be closed", async () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <CaptchaModal
        siteKey="chave"
        busy={false}
        onToken={async () => true}
        onClose={onClose}
        Captcha={FakeCaptcha}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    rerender(
      <CaptchaModal
        siteKey="chave"
        busy
        onToken={async () => true}
        onClose={onClose}
        Captcha={FakeCaptcha}
      />,
    );
    expect(screen.getByText('Processando...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  });
});
