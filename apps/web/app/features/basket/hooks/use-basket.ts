import { useCallback, useSyncExternalStore } from 'react';
import {
  addItem,
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
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    add: useCallback(
      (item: Omit<TBasketItem, 'quantity'> & { quantity?: number }) => writeBasket(addItem(readBasket(), item)),
      [],
    ),
    remove: useCallback((id: string) => writeBasket(removeItem(readBasket(), id)), []),
    setQuantity: useCallback(
      (id: string, quantity: number) => writeBasket(updateQuantity(readBasket(), id, quantity)),
      [],
    ),
    clear: useCallback(() => writeBasket([]), []),
  };
}
