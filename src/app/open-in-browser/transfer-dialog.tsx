import { useEffect, useState } from 'react';
import { CopyCode } from '@/components/ui/copy-code.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { externalBrowserUrl, platformOf, transferUrl } from './transfer-link.ts';

const LINK_COPY_MESSAGES = { copied: 'Link copiado!', manual: 'Selecione e copie o link' } as const;

type Props = {
  /** The token just minted for the tab's session. */
  token: string;
  userAgent: string;
  onClose(): void;
};

/**
 * 'Abrir no navegador', once the token is minted: the phone's browser is asked to open the transfer
 * link at once (an Android intent, iOS's `x-safari-https`), and the dialog stays with the same link to
 * tap again or to copy and paste into the browser, for the chat apps that let a page go nowhere.
 * The link lands on the page the shopper is on.
 */
export default function TransferDialog({ token, userAgent, onClose }: Props) {
  const [{ link, external }] = useState(() => {
    const here = `${window.location.pathname}${window.location.search}`;
    const url = transferUrl(window.location.origin, token, here);
    return { link: url, external: externalBrowserUrl(url, platformOf(userAgent)) };
  });

  useEffect(() => {
    if (external) window.location.assign(external);
  }, [external]);

  return (
    <Modal
      title="Abrir no navegador"
      onClose={onClose}
      actions={
        <button type="button" className="button button--outline" onClick={onClose}>
          Fechar
        </button>
      }
    >
      <p>
        Continue no navegador do celular com o mesmo carrinho.
        {external
          ? ' Se o navegador não abrir, copie o link e cole na barra de endereço do navegador.'
          : ' Copie o link e cole na barra de endereço do navegador (Chrome ou Safari).'}
      </p>
      {external && (
        <a className="button open-in-browser__go" href={external}>
          Continuar no navegador
        </a>
      )}
      <CopyCode
        code={link}
        buttonLabel="Copiar link"
        fieldLabel="Link para abrir no navegador"
        messages={LINK_COPY_MESSAGES}
      >
        <p className="open-in-browser__note">O link vale por 2 minutos e só pode ser usado uma vez.</p>
      </CopyCode>
    </Modal>
  );
}
