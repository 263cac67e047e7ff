import { type ReactNode, useId, useRef, useState } from 'react';
import { type CopyOutcome, copyText } from '@/lib/copy-text.ts';
import './copy-code.css';

/** What the shopper reads after a tap: only a copy that really happened says it was copied. */
export const COPY_MESSAGES: Readonly<Record<CopyOutcome, string>> = {
  copied: 'Código copiado!',
  manual: 'Selecione e copie o código',
};

/** After 'manual', how: the text is already selected, and a long press on it offers 'Copiar'. */
export const MANUAL_COPY_HOW = 'Já está selecionado: toque e segure no texto e escolha “Copiar”.';

type Props = {
  /** The code to copy (the Pix 'copia e cola', a boleto's 'linha digitável'). */
  code: string;
  /** The button's words ('Copiar código Pix'). */
  buttonLabel: string;
  /** The code field's name for screen readers ('Código Pix copia e cola'). */
  fieldLabel: string;
  /** Said under the code (the way back to the chat, say). */
  children?: ReactNode;
  /** What is said after a tap, when the thing copied is not a code (a link: 'Link copiado!'). */
  messages?: Readonly<Record<CopyOutcome, string>>;
};

/**
 * A big copy button first, the code below it, visible and selectable (a read-only text area that
 * wraps), and what happened said politely. See lib/copy-text.ts for the in-app browsers' fallbacks.
 */
export function CopyCode({ code, buttonLabel, fieldLabel, children, messages = COPY_MESSAGES }: Props) {
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [outcome, setOutcome] = useState<{ code: string; result: CopyOutcome }>();
  const id = useId();
  // A new code (a new Pix) forgets what was said of the old one.
  const result = outcome?.code === code ? outcome.result : undefined;

  async function copy() {
    const field = fieldRef.current;
    if (!field) return;
    const result = await copyText(code, field);
    setOutcome({ code, result });
  }

  return (
    <div className="copy-code">
      <button type="button" className="button copy-code__button" onClick={() => void copy()}>
        {buttonLabel}
      </button>
      <p className="copy-code__said" role="status">
        {result && <span>{messages[result]}</span>}
        {result === 'manual' && (
          <>
            {' '}
            <span className="copy-code__how">{MANUAL_COPY_HOW}</span>
          </>
        )}
      </p>
      <label className="visually-hidden" htmlFor={id}>
        {fieldLabel}
      </label>
      <textarea
        id={id}
        ref={fieldRef}
        className="copy-code__field"
        value={code}
        readOnly
        rows={4}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        onFocus={(event) => event.currentTarget.select()}
      />
      {children}
    </div>
  );
}
