import { useEffect } from 'react';
import { api } from '~/lib/api-client';
import { readBasket, subscribeToBasket, writeBasket, type TBasketItem } from '../lib/basket-storage';

/**
 * Keeps the basket in the signed-in user's account (issue 5): on mount the browser's basket is
 * merged into the account's (POST /api/payments/basket/merge; an item in both keeps the larger
 * quantity) and the result becomes the local basket; every later change is saved (PUT). Offline or
 * failing calls leave the local basket as it is.
 */
export function useAccountBasketSync(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let merged = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    api
      .post<{ items: TBasketItem[] }>('/api/payments/basket/merge', { items: readBasket() })
      .then(({ items }) => {
        if (cancelled) return;
        merged = true;
        writeBasket(items);
      })
      .catch(() => undefined);
    const unsubscribe = subscribeToBasket(() => {
      if (!merged) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void api.put('/api/payments/basket', { items: readBasket() }).catch(() => undefined);
      }, 400);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [enabled]);
}
