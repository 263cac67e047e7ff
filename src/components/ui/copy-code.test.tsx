import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyCode, MANUAL_COPY_HOW } from './copy-code.tsx';

// Copying where the shopper is: the chat apps' own browsers (WhatsApp, Instagram, Messenger) have no
// navigator.clipboard, or one that throws. The boleto's line stands for every code (the Pix page has
// its own tests with the BR Code).

const LINE = '23793381286000000000300000000400184340000002790';
const CLIPBOARD = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');

function withClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

function withExecCommand(copy: () => boolean) {
  const exec = vi.fn(copy);
  Object.defineProperty(document, 'execCommand', { configurable: true, value: exec });
  return exec;
}

function renderLine() {
  render(
    <CopyCode code={LINE} buttonLabel="Copiar linha digitável" fieldLabel="Linha digitável do boleto" />,
  );
  const field = screen.getByRole('textbox', { name: 'Linha digitável do boleto' }) as HTMLTextAreaElement;
  return { field, selected: () => field.value.slice(field.selectionStart, field.selectionEnd) };
}

const copy = () => userEvent.click(screen.getByRole('button', { name: 'Copiar linha digitável' }));

afterEach(() => {
  // Back to jsdom's own (none): no test leaks its clipboard into the next.
  Reflect.deleteProperty(navigator, 'clipboard');
  if (CLIPBOARD) Object.defineProperty(Navigator.prototype, 'clipboard', CLIPBOARD);
  Reflect.deleteProperty(document, 'execCommand');
});

describe('a code to copy in a chat app’s browser', () => {
  it("without navigator.clipboard, copies the selected code the old way and says 'Código copiado!'", async () => {
    withClipboard(undefined);
    const { field, selected } = renderLine();
    let selectedWhenCopied = '';
    const exec = withExecCommand(() => {
      selectedWhenCopied = field.value.slice(field.selectionStart, field.selectionEnd);
      return true;
    });
    await copy();
    expect(await screen.findByText('Código copiado!')).toBeInTheDocument();
    expect(exec).toHaveBeenCalledWith('copy');
    expect(selectedWhenCopied).toBe(LINE);
    expect(selected()).toBe(LINE);
    expect(screen.queryByText(/toque e segure/)).not.toBeInTheDocument();
  });

  it('when writeText throws and the old way copies nothing, selects the code and says how to copy it', async () => {
    withClipboard(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    withExecCommand(() => false);
    const { field, selected } = renderLine();
    await copy();
    const said = await screen.findByRole('status');
    expect(said).toHaveTextContent('Selecione e copie o código');
    expect(said).toHaveTextContent(MANUAL_COPY_HOW);
    expect(screen.queryByText('Código copiado!')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(field);
    expect(selected()).toBe(LINE);
  });

  it('without navigator.clipboard and with the old command refused, still leaves the code selected', async () => {
    withClipboard(undefined);
    withExecCommand(() => {
      throw new Error('execCommand is not supported');
    });
    const { selected } = renderLine();
    await copy();
    expect(await screen.findByText('Selecione e copie o código')).toBeInTheDocument();
    expect(selected()).toBe(LINE);
  });

  it("with a clipboard that works, says 'Código copiado!' without the old way", async () => {
    const writeText = vi.fn(async () => {});
    withClipboard(writeText);
    const exec = withExecCommand(() => true);
    renderLine();
    await copy();
    expect(await screen.findByText('Código copiado!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(LINE);
    expect(exec).not.toHaveBeenCalled();
  });
});
