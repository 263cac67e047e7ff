import { Modal } from '@/components/ui/modal.tsx';

/** The spec's info modal: a title, a message and Ok ('Finalizar Pedido' with the server's first error). */
export function InfoModal({ title, message, onClose }: { title: string; message: string; onClose(): void }) {
  return (
    <Modal
      title={title}
      role="alertdialog"
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Ok
        </button>
      }
    >
      <p className="info-modal__message">{message}</p>
    </Modal>
  );
}
