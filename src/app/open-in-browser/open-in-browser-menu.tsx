import { useQuery } from '@tanstack/react-query';
import InAppSpy from 'inapp-spy';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { retryingImport } from '@/lib/retrying-import.ts';
import { firstTransferQuery, hasTimeLeft, mintSessionTransfer } from './api.ts';

/** The dialog with the link: its code comes when the menu opens, so the tap leaves at once. */
const loadDialog = retryingImport(() => import('./transfer-dialog.tsx'));
const TransferDialog = lazy(loadDialog);

const MINT_FAILED = 'Não foi possível preparar o link para abrir no navegador. Tente novamente.';

type Props = {
  /** The browser's user agent; the in-app browser detection (inapp-spy) reads it. */
  userAgent?: string;
};

/**
 * The top bar's menu in the chat apps' own browsers (WhatsApp, Instagram, Messenger and the like,
 * detected by inapp-spy), when the backend has the session transfer: 'Abrir no navegador' continues
 * the same session and cart in the phone's browser (decision 0024). Elsewhere it renders nothing and
 * asks nothing. Loaded after the page has settled, in a chunk of its own (app/shell/top-bar.tsx).
 */
export default function OpenInBrowserMenu({ userAgent = navigator.userAgent }: Props) {
  const inApp = useMemo(() => InAppSpy({ ua: userAgent }).isInApp, [userAgent]);
  const first = useQuery({ ...firstTransferQuery, enabled: inApp });
  if (!inApp || !first.data) return null;
  return <Menu userAgent={userAgent} first={first.data.token} firstUsable={() => hasTimeLeft(first.data)} />;
}

type MenuProps = {
  userAgent: string;
  /** The token minted when the menu came, used by the first tap while it has time left. */
  first: string;
  firstUsable(): boolean;
};

function Menu({ userAgent, first, firstUsable }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  /** The token minted by the last tap, while its dialog is open. */
  const [transfer, setTransfer] = useState<string>();
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const firstItem = useRef<HTMLButtonElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  /** A token is spent by the phone's browser: each one serves one tap. */
  const firstUsed = useRef(false);

  useEffect(() => {
    if (!open) return;
    firstItem.current?.focus();
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        toggle.current?.focus();
      } else if (wrapper.current?.contains(event.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  async function openInBrowser() {
    setBusy(true);
    setFailure(undefined);
    try {
      let token = first;
      if (firstUsed.current || !firstUsable()) token = (await mintSessionTransfer()).token;
      firstUsed.current = true;
      setOpen(false);
      setTransfer(token);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : MINT_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="open-in-browser" ref={wrapper}>
      <button
        ref={toggle}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Mais opções"
        onClick={() => {
          void loadDialog().catch(() => {});
          setOpen((value) => !value);
        }}
      >
        <MoreIcon />
      </button>
      {open && (
        <div id={panelId} className="open-in-browser__panel">
          <button
            ref={firstItem}
            type="button"
            className="open-in-browser__item"
            disabled={busy}
            onClick={() => void openInBrowser()}
          >
            {busy ? 'Preparando o link...' : 'Abrir no navegador'}
          </button>
          {failure && (
            <p className="open-in-browser__failure" role="alert">
              {failure}
            </p>
          )}
        </div>
      )}
      {transfer && (
        <Suspense>
          <TransferDialog
            token={transfer}
            userAgent={userAgent}
            onClose={() => {
              setTransfer(undefined);
              toggle.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function MoreIcon() {
  return (
    <svg width={24} height={24} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="5" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="19" r="2" fill="currentColor" />
    </svg>
  );
}
