import { useFormContext } from 'react-hook-form';
import type { CheckoutFormValues } from '@/contract/checkout.ts';
import type { LogisticFormValue } from '@/contract/enums.ts';
import { toast } from '@/lib/toast.ts';
import { CLEAR_LOGISTIC_FAILED, useClearLogistic } from '../../api/set-logistic.ts';
import type { LogisticChange } from '../../lib/logistic-choices.ts';
import { useShowServerChoices } from '../../lib/show-server-choices.ts';
import { messageOf } from '../pick-up/logistic-kit.tsx';

/**
 * Applies a change of method, address or store (lib/logistic-choices.ts): the form values, then the
 * order forgets what the screen no longer shows; if the server refuses, the screen goes back to what
 * the order still holds.
 */
export function useLogisticChange() {
  const { setValue } = useFormContext<CheckoutFormValues>();
  const clearLogistic = useClearLogistic();
  const showServerChoices = useShowServerChoices();

  function apply(change: LogisticChange, method: LogisticFormValue) {
    for (const [name, value] of Object.entries(change.values)) {
      setValue(name as keyof CheckoutFormValues, value as never, { shouldDirty: true });
    }
    if (!change.clearOrder) return;
    clearLogistic.mutate(method, {
      onError: (error) => {
        toast.error(messageOf(error, CLEAR_LOGISTIC_FAILED));
        showServerChoices();
      },
    });
  }

  return { apply, pending: clearLogistic.isPending };
}
