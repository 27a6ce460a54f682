import { z } from 'zod';
import { countOf } from '@sekolo/shared/domain/count';
import { formatZar } from '@sekolo/shared/domain/money';

/**
 * The basket (spec 3 / 4): kept in local storage under `basket_items`, saved on every change.
 * Prices are integer cents. Unreadable stored data counts as an empty basket.
 */
export const BASKET_STORAGE_KEY = 'basket_items';
/** Fired in this tab after a write; other tabs hear the browser's `storage` event. */
const BASKET_CHANGED_EVENT = 'sekolo:basket-changed';

export const ZBasketItemSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  price: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
});
export type TBasketItem = z.infer<typeof ZBasketItemSchema>;

const EMPTY: readonly TBasketItem[] = Object.freeze([]);

let cachedRaw: string | null = null;
let cachedItems: readonly TBasketItem[] = EMPTY;

function parse(raw: string | null): readonly TBasketItem[] {
  if (!raw) return EMPTY;
  try {
    const parsed = z.array(ZBasketItemSchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(BASKET_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The same array for the same stored text, as useSyncExternalStore needs. */
export function readBasket(): readonly TBasketItem[] {
  if (typeof window === 'undefined') return EMPTY;
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedItems = parse(raw);
  }
  return cachedItems;
}

export function serverBasket(): readonly TBasketItem[] {
  return EMPTY;
}

export function writeBasket(items: readonly TBasketItem[]): void {
  try {
    if (items.length === 0) window.localStorage.removeItem(BASKET_STORAGE_KEY);
    else window.localStorage.setItem(BASKET_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage blocked or full: the change lives until the page reloads.
  }
  window.dispatchEvent(new Event(BASKET_CHANGED_EVENT));
}

export function subscribeToBasket(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BASKET_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(BASKET_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(BASKET_CHANGED_EVENT, onChange);
  };
}

/** Pure basket operations (spec 4): an existing id gets its quantity increased. */
export function addItem(
  items: readonly TBasketItem[],
  item: Omit<TBasketItem, 'quantity'> & { quantity?: number },
): TBasketItem[] {
  const quantity = item.quantity ?? 1;
  const existing = items.find((candidate) => candidate.id === item.id);
  if (existing)
    return items.map((candidate) =>
      candidate.id === item.id ? { ...candidate, quantity: candidate.quantity + quantity } : candidate,
    );
  return [...items, { ...item, quantity }];
}

export function removeItem(items: readonly TBasketItem[], id: string): TBasketItem[] {
  return items.filter((item) => item.id !== id);
}

/** A quantity below 1 removes the item. */
export function updateQuantity(items: readonly TBasketItem[], id: string, quantity: number): TBasketItem[] {
  if (!Number.isInteger(quantity) || quantity < 1) return removeItem(items, id);
  return items.map((item) => (item.id === id ? { ...item, quantity } : item));
}

export function basketTotalCents(items: readonly TBasketItem[]): number {
  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);
}

/** How many things the basket holds: each item's quantity counts. */
export function basketItemCount(items: readonly TBasketItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** The basket in a few words, e.g. "3 items, R787,50" (the bar to the basket and the confirmation of an add). */
export function basketSummary(items: readonly TBasketItem[]): string {
  return `${countOf(basketItemCount(items), 'item')}, ${formatZar(basketTotalCents(items))}`;
}
