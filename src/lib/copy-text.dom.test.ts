import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text.ts';

const CODE =
  '00020126360014BR.GOV.BCB.PIX0114+55119999999995204000053039865406027.905802BR5913EMPORIO BOM6009SAO PAULO62070503***6304ABCD';

function codeField(): HTMLTextAreaElement {
  const field = document.createElement('textarea');
  field.value = CODE;
  field.readOnly = true;
  document.body.append(field);
  return field;
}

function withClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

function withExecCommand(result: boolean | 'throws') {
  const exec = vi.fn(() => {
    if (result === 'throws') throw new Error('execCommand is not supported');
    return result;
  });
  Object.defineProperty(document, 'execCommand', { configurable: true, value: exec });
  return exec;
}

afterEach(() => {
  document.body.innerHTML = '';
  withClipboard(undefined);
});

describe('copying a code where the shopper is', () => {
  it('copies with the Clipboard API when the browser has it', async () => {
    const writeText = vi.fn(async () => {});
    withClipboard(writeText);
    const exec = withExecCommand(false);
    expect(await copyText(CODE, codeField())).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(CODE);
    expect(exec).not.toHaveBeenCalled();
  });

  it('falls back to the selected text area and execCommand when the Clipboard API throws (in-app browsers)', async () => {
    withClipboard(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    const field = codeField();
    let selectedWhenCopied = '';
    const exec = withExecCommand(true);
    exec.mockImplementation(() => {
      selectedWhenCopied = field.value.slice(field.selectionStart, field.selectionEnd);
      return true;
    });
    expect(await copyText(CODE, field)).toBe('copied');
    expect(exec).toHaveBeenCalledWith('copy');
    expect(selectedWhenCopied).toBe(CODE);
  });

  it('falls back to execCommand when there is no Clipboard API at all', async () => {
    withClipboard(undefined);
    const exec = withExecCommand(true);
    expect(await copyText(CODE, codeField())).toBe('copied');
    expect(exec).toHaveBeenCalledWith('copy');
  });

  it('says the shopper must copy by hand, with the whole code selected, when both ways fail', async () => {
    withClipboard(async () => {
      throw new Error('blocked');
    });
    withExecCommand(false);
    const field = codeField();
    expect(await copyText(CODE, field)).toBe('manual');
    expect(document.activeElement).toBe(field);
    expect(field.value.slice(field.selectionStart, field.selectionEnd)).toBe(CODE);
  });

  it('says the same when execCommand itself throws', async () => {
    withClipboard(undefined);
    withExecCommand('throws');
    expect(await copyText(CODE, codeField())).toBe('manual');
  });
});
