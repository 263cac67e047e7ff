import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast.ts';
import { useChangePaymentMethod } from '../api/change-payment-method.ts';
import { PAYMENT_MESSAGES } from './payment-view.ts';

/**
 * 'Alterar forma de pagamento': gives up the order's payment on the server, then waits on
 * /change-payment while the shopper chooses another method in the chat. A failure toasts
 * 'Erro ao atualizar o método de pagamento' and leaves the page as it was.
 */
export function useChooseAnotherMethod() {
  const navigate = useNavigate();
  const changeMethod = useChangePaymentMethod();
  function chooseAnotherMethod() {
    changeMethod.mutate(undefined, {
      onSuccess: () => navigate('/change-payment'),
      onError: () => {
        toast.error(PAYMENT_MESSAGES.updateFailed, { id: 'payment-update-failed' });
      },
    });
  }
  return { chooseAnotherMethod, changing: changeMethod.isPending };
}
