import { useEffect } from 'react';
import { paymentsContracts } from '@sekolo/shared/contracts/payments';
import { call } from '~/lib/api-client';
import { readBasket, subscribeToBasket, writeBasket } from '../lib/basket-storage';

/** Set while this browser holds basket changes the account has not saved yet. */
const UNSYNCED_KEY = 'basket_unsynced';

function flag(value: boolean) {
  try {
    if (value) window.localStorage.setItem(UNSYNCED_KEY, '1');
    else window.localStorage.removeItem(UNSYNCED_KEY);
  } catch {
    // Storage unavailable: the basket then lives in the account only.
  }
}

function hasUnsyncedChanges(): boolean {
  try {
    return window.localStorage.getItem(UNSYNCED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Keeps the basket in the signed-in user's account.
 * - On mount, changes this browser made but never saved (a reload or a lost connection in between)
 *   are saved first: they are the newest. Otherwise the browser's basket is merged into the
 *   account's (POST /api/payments/basket/merge; an item in both keeps the larger quantity) and the
 *   result becomes the local basket, so a basket filled before sign-in joins the account.
 * - Every later change is marked unsaved and saved (PUT) shortly after; leaving the page sends a
 *   pending save with `keepalive`, so a removal just before a reload is not undone by the merge.
 * Offline or failing calls leave the local basket as it is.
 */
export function useAccountBasketSync(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let ready = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const save = () => {
      timer = undefined;
      void call(paymentsContracts.saveBasket, { body: { items: [...readBasket()] } }, { keepalive: true })
        .then(() => flag(false))
        .catch(() => undefined);
    };

    let applying = false;
    /** Counts the user's changes, so an answer to a merge sent before a change is not applied over it. */
    let changes = 0;
    const merge = async (): Promise<void> => {
      const sentAt = changes;
      const { items } = await call(paymentsContracts.mergeBasket, { body: { items: [...readBasket()] } });
      if (cancelled) return;
      // Changed meanwhile: merge again with what the basket holds now (the account kept the first merge).
      if (changes !== sentAt) return merge();
      applying = true;
      writeBasket(items);
      applying = false;
    };
    const start = hasUnsyncedChanges()
      ? call(paymentsContracts.saveBasket, { body: { items: [...readBasket()] } }).then(() => flag(false))
      : merge();
    start
      .catch(() => undefined)
      .finally(() => {
        if (cancelled) return;
        ready = true;
        // A change made while the first call was on its way is saved now.
        if (changes > 0) {
          flag(true);
          save();
        }
      });

    const unsubscribe = subscribeToBasket(() => {
      if (applying) return;
      changes += 1;
      if (!ready) return;
      flag(true);
      clearTimeout(timer);
      timer = setTimeout(save, 300);
    });
    const flushOnLeave = () => {
      if (timer !== undefined) {
        clearTimeout(timer);
        save();
      }
    };
    window.addEventListener('pagehide', flushOnLeave);
    return () => {
      cancelled = true;
      flushOnLeave();
      window.removeEventListener('pagehide', flushOnLeave);
      unsubscribe();
    };
  }, [enabled]);
}
