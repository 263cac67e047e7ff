import { Modal } from '@/components/ui/modal.tsx';

export const FAILURE_MODAL_TEXT =
  'Você pode alterar a forma de pagamento ou modificar os dados antes de tentar novamente';

type Props = {
  /** The failure's message (spec section 8). */
  title: string;
  /** The body's text; FAILURE_MODAL_TEXT when none. */
  text?: string | undefined;
  /** The change of payment method is under way: both choices wait. */
  changing: boolean;
  /** 'Alterar forma de pagamento'. */
  onChangeMethod(): void;
  /** 'Modificar dados': closes the modal (also Escape). */
  onEditData(): void;
};

/** A refused payment: change the payment method or edit the card data and try again. */
export function FailureModal({
  title,
  text = FAILURE_MODAL_TEXT,
  changing,
  onChangeMethod,
  onEditData,
}: Props) {
  return (
    <Modal
      title={title}
      role="alertdialog"
      onClose={() => {
        if (!changing) onEditData();
      }}
      actions={
        <>
          <button
            type="button"
            className="button button--outline"
            onClick={onChangeMethod}
            disabled={changing}
            aria-busy={changing}
          >
            Alterar forma de pagamento
          </button>
          <button type="button" className="button" onClick={onEditData} disabled={changing}>
            Modificar dados
          </button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
