import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cancelOrder } from '../../api.ts';
import { useFeedback } from '../../feedback.tsx';
import { futuresKeys } from '../../queries.ts';

/** Cancels one waiting order or trigger as the seeds report it (toast or the server's popup); `cancelling` greys it. */
export function useCancelOrder() {
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const cancel = async (no: number) => {
    setCancelling(no);
    try {
      if (await feedback.run(() => cancelOrder(no), 'futures.canceled'))
        void queryClient.invalidateQueries({ queryKey: futuresKeys.openOrders });
    } finally {
      setCancelling(null);
    }
  };
  return { cancelling, cancel };
}
