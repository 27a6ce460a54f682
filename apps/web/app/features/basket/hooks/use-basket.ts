import { useCallback, useSyncExternalStore } from 'react';
import {
  addItem,
  basketItemCount,
  basketTotalCents,
  readBasket,
  removeItem,
  serverBasket,
  subscribeToBasket,
  updateQuantity,
  writeBasket,
  type TBasketItem,
} from '../lib/basket-storage';

/** The basket in local storage, shared by every component and tab that shows it. */
export function useBasket() {
  const items = useSyncExternalStore(subscribeToBasket, readBasket, serverBasket);
  return {
    items,
    totalCents: basketTotalCents(items),
    itemCount: basketItemCount(items),
    /** Answers the basket as saved after the add (what a confirmation of the add reads). */
    add: useCallback((item: Omit<TBasketItem, 'quantity'> & { quantity?: number }): readonly TBasketItem[] => {
      writeBasket(addItem(readBasket(), item));
      return readBasket();
    }, []),
    remove: useCallback((id: string) => writeBasket(removeItem(readBasket(), id)), []),
    setQuantity: useCallback(
      (id: string, quantity: number) => writeBasket(updateQuantity(readBasket(), id, quantity)),
      [],
    ),
    clear: useCallback(() => writeBasket([]), []),
  };
}
