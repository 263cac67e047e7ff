import { Modal } from '@/components/ui/modal.tsx';

type Props = { busy: boolean; onConfirm(): void; onClose(): void };

/** 'Cancelar pedido': the spec's question with Não and Sim. */
export function CancelOrderModal({ busy, onConfirm, onClose }: Props) {
  return (
    <Modal
      title="Cancelar pedido"
      role="alertdialog"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--outline" onClick={onClose} disabled={busy}>
            Não
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            Sim
          </button>
        </>
      }
    >
      <p>Você tem certeza que deseja cancelar esse pedido?</p>
    </Modal>
  );
}
